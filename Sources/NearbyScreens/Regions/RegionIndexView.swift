import NearbyViewModels
import TerminalView

/// The download index: type to find a region (the filter line is open from the start), Enter downloads it.
@MainActor
final class RegionIndexView: ScreenView {
    private let model: RegionIndexViewModel
    private let list: ListScreen
    private var keyMap = KeyMap<ListAction>(title: "Add a region", [])
    private var retryKey: String?

    init(model: RegionIndexViewModel, host: ScreenHost) {
        self.model = model
        list = ListScreen(model: model, isRoot: false, host: host)
        let keys = host.keys.lookup(.regionIndex)
        keyMap = KeyMap(title: "Add a region", list.navigationBindings(keys) { $0 } + list.commonBindings(keys) { $0 })
        retryKey = keyMap.key { $0 == .retry }
        model.load()
        list.perform(.filter)
    }

    var hints: [KeyHint] { list.hints(keyMap) }
    var helpTitle: String { "Add a region — keys" }
    var helpLines: [KeyHint] { keyMap.helpLines }
    var statusMessage: StatusBarMessage? { model.status.value?.barMessage }
    func dismissStatus() { model.dismissStatus() }
    var capturesText: Bool { list.capturesText }
    func close() { list.close() }

    func handle(_ event: InputEvent) -> Bool {
        list.handle(event, keyMap: keyMap) { list.perform($0) }
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
