import TerminalView

/// The key that saves or forgets a favourite, on a places list's row and on a place's detail: one key for
/// both, which the Favourites list names when it is empty.
@MainActor
enum FavouriteKey {
    static let key = Key.character("f")

    /// The binding each screen's key map includes.
    static func binding<Action>(_ action: Action, inFooter: Bool) -> KeyBinding<Action> {
        KeyBinding([key], "favourite", action: action, inFooter: inFooter)
    }
}
