import NearbyViewModels

/// How a favourite and a change to it are marked: ★ a favourite, ✓ a change just saved, ✗ a change that
/// failed. The same marks in a detail's header and on a list's rows.
enum FavouriteMark {
    /// The header's mark after a place's name (" ★", " ★ ✓").
    static func header(_ state: FavouriteState) -> String {
        switch state {
        case .normal(let on), .saving(let on): on ? " ★" : ""
        case .saved(let on): on ? " ★ ✓" : " ✓"
        case .failed: " ✗"
        case .checking, .unavailable: ""
        }
    }

    /// The one-cell mark in a row's gutter; nil for a place that is not a favourite.
    static func gutter(_ state: FavouriteState) -> (text: String, isFailure: Bool)? {
        switch state {
        case .normal(let on), .saving(let on), .saved(let on): on ? ("★", false) : nil
        case .failed: ("✗", true)
        case .checking, .unavailable: nil
        }
    }

    /// Whether a row shows a ✓ after its name: the change made from the list was just saved.
    static func isTicked(_ state: FavouriteState) -> Bool {
        if case .saved = state { return true }
        return false
    }
}
