import NearbyViewModels
import TerminalView

/// What every list screen does the same way, whatever its rows: the actions each screen's key map wraps.
enum ListAction: Hashable {
    case move(ListMove)
    case open
    case filter
    case clearFilter
    case retry
    case refresh
    case back
}

/// The keys every list screen has: its key map starts with `navigationBindings` and ends with `commonBindings`.
extension ListScreen {
    /// The moves and open: the head of every list's key map.
    func navigationBindings<Action>(_ keys: (String) -> ActionKeys,
                                    _ wrap: (ListAction) -> Action) -> [KeyBinding<Action>] {
        let model = model
        var bindings = ListKeys.bindings(keys: keys) { wrap(.move($0)) }.map { binding in
            binding.enabled { model.rowCount > 1 }
        }
        bindings.append(KeyBinding(keys("open"), action: wrap(.open))
            .enabled { model.canOpen(at: model.selection.value) })
        return bindings
    }

    /// Filter, retry or refresh, and the way back: the tail of every list's key map.
    func commonBindings<Action>(_ keys: (String) -> ActionKeys,
                                _ wrap: (ListAction) -> Action) -> [KeyBinding<Action>] {
        let model = model
        var bindings = [
            KeyBinding(keys("filter"), action: wrap(.filter)),
            KeyBinding(keys("retry"), action: wrap(.retry)).enabled { model.canRetry },
            KeyBinding(keys("refresh"), action: wrap(.refresh), inFooter: false)
                .enabled { !model.canRetry },
        ]
        if isRoot {
            // The first screen: only q leaves (Esc or Backspace once too often must not end the session).
            bindings.append(KeyBinding(keys("clear_filter"), action: wrap(.clearFilter), inFooter: false)
                .enabled { !model.filter.value.isEmpty })
            bindings.append(KeyBinding(keys("quit"), action: wrap(.back)).essential())
        } else {
            bindings.append(KeyBinding(keys("back"), "esc", "back", action: wrap(.back)).essential())
        }
        return bindings
    }

    /// The footer: the filter line's keys while typing a filter, else the key map's.
    func hints<Action>(_ keyMap: KeyMap<Action>) -> [KeyHint] {
        filterLine.isEditing ? FilterLine.keyMap.footerHints : keyMap.footerHints
    }

    var capturesText: Bool { filterLine.isEditing }
}
