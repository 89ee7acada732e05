import NearbyCore

/// Friends errors in the words of the screen that met them.
public enum FriendsErrorText {
    /// Why loading the list or a friend failed.
    public static func loading(_ error: FriendsError) -> String {
        switch error {
        case .unauthorized: "Please log in to load your friends."
        case .notFound: "Could not complete request, please try again."
        case .network: "Loading failed, check network connection"
        case .storage(let detail): "Could not read your friends: \(sentence(detail))"
        case .invalid(_, let reason): sentence(reason)
        }
    }

    /// Why deleting `name` failed.
    public static func deleting(_ name: String, _ error: FriendsError) -> String {
        switch error {
        case .unauthorized: "Please log in to delete \(name)."
        case .notFound: "Could not complete request, please try again."
        case .network: "Deleting failed, check network connection"
        case .storage(let detail): "Could not delete \(name): \(sentence(detail))"
        case .invalid(_, let reason): "Could not delete \(name): \(sentence(reason))"
        }
    }

    /// Why saving failed (an `.invalid` field is shown beside the field; this is the form's summary).
    public static func saving(_ error: FriendsError) -> String {
        switch error {
        case .unauthorized: "Please log in to save friends."
        case .notFound: "Could not complete request, please try again."
        case .network: "Saving failed, check network connection"
        case .storage(let detail): "Could not save: \(sentence(detail))"
        case .invalid: "Please correct the marked field."
        }
    }

    /// Outside text made one safe line ending in a full stop.
    private static func sentence(_ text: String) -> String {
        let line = DisplayText.trimmed(DisplayText.oneLine(text))
        if line.isEmpty { return "unknown reason." }
        if let last = line.last, ".!?".contains(last) { return line }
        return line + "."
    }
}
