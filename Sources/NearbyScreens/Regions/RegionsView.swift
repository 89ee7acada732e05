import NearbyViewModels
import TerminalView

/// The imported regions: each with its data's age, places and size, and its update or removal as it runs.
@MainActor
final class RegionsView: ScreenView {
    enum Action: Equatable { case list(ListAction), update, updateAll, remove, add }

    private let model: any RegionsViewModelType
    private let list: ListScreen
    private var keyMap = KeyMap<Action>(title: "Regions", [])
    private var retryKey: String?
    private var tokens: [ObservationToken] = []

    init(model: any RegionsViewModelType, isRoot: Bool, host: ScreenHost) {
        self.model = model
        list = ListScreen(model: model, isRoot: isRoot, host: host)
        let keys = host.keys.lookup(.regions)
        let moves = ListKeys.bindings(keys: keys) { Action.list(.move($0)) }.map { binding in
            binding.enabled { model.rowCount > 1 }
        }
        let hasRegion: @MainActor () -> Bool = {
            if case .region = model.row(at: model.selection.value) { return true }
            return false
        }
        keyMap = KeyMap(title: "Regions", moves + [
            KeyBinding(keys("update"), action: .update).enabled(when: hasRegion),
            KeyBinding(keys("update_all"), action: .updateAll),
            KeyBinding(keys("remove"), action: .remove).enabled(when: hasRegion),
            KeyBinding(keys("add"), action: .add).enabled { model.canAdd },
        ] + list.commonBindings(keys) { .list($0) })
        retryKey = keyMap.key { $0 == .list(.retry) }
        tokens.append(model.confirmation.bind { _ in host.invalidate() })
        model.load()
    }

    var hints: [KeyHint] { list.hints(keyMap) }
    var helpTitle: String { "Regions — keys" }
    var helpLines: [KeyHint] { keyMap.helpLines }
    var statusMessage: StatusBarMessage? { model.status.value?.barMessage }
    func dismissStatus() { model.dismissStatus() }
    var capturesText: Bool { list.capturesText }
    var question: ConfirmationRequest? { model.confirmation.value }
    func answer(_ yes: Bool) { model.answer(yes) }

    func close() {
        tokens.removeAll()
        list.close()
    }

    func handle(_ event: InputEvent) -> Bool {
        list.handle(event, keyMap: keyMap) { action in
            switch action {
            case .list(let listAction): list.perform(listAction)
            case .update: model.updateSelected()
            case .updateAll: model.updateAll()
            case .remove: model.requestRemove()
            case .add: model.add()
            }
        }
    }

    func layout(in rect: Rect, theme: Theme) {
        list.layout(in: rect.inset(top: 1))
    }

    func draw(into buffer: CellBuffer, rect: Rect, theme: Theme) {
        list.drawHeader(in: buffer, rect: rect, theme: theme)
        list.draw(in: buffer, theme: theme, drawRow: rowDrawer(theme: theme))
    }

    func prepareNextFrame(theme: Theme) {
        list.prepare(drawRow: rowDrawer(theme: theme))
    }

    private func rowDrawer(theme: Theme) -> (Int, CellBuffer, Rect, Bool) -> Bool {
        let model = model, retryKey = retryKey
        return { index, buffer, rect, selected in
            RegionRowView.draw(model.row(at: index), in: buffer, line: rect, selected: selected, retryKey: retryKey,
                               theme: theme)
        }
    }
}
