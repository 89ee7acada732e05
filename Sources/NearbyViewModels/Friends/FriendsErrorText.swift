import NearbyCore

/// Friends errors in the words of the screen that met them, pointing where the fix is: the token setting for a
/// refusal, "deleted elsewhere" for a friend the service no longer has, the address tried for a service that
/// cannot be reached.
public enum FriendsErrorText {
    /// Where the friends service's token is set.
    static let tokenSettings = "--friends-token, NEARBY_FRIENDS_TOKEN or friends_token in the config file"

    /// Why loading the list failed.
    public static func loading(_ error: FriendsError) -> String {
        switch error {
        case .unauthorized: "The friends service refused the token: set it with \(tokenSettings)."
        case .notFound: "The friends service has no friends list at this address (HTTP 404): check --friends-url."
        case .network(let detail): "Loading failed: \(sentence(detail))"
        case .storage(let detail): "Could not read your friends: \(sentence(detail))"
        case .invalid(_, let reason): sentence(reason)
        }
    }

    /// Why loading one friend (`name`) failed.
    public static func loadingFriend(_ name: String, _ error: FriendsError) -> String {
        if case .notFound = error { return "\(name) was deleted elsewhere." }
        return loading(error)
    }

    /// Why deleting `name` failed (a friend already gone is not a failure: see `deletedElsewhere`).
    public static func deleting(_ name: String, _ error: FriendsError) -> String {
        switch error {
        case .unauthorized: "Could not delete \(name): the friends service refused the token (set it with \(tokenSettings))."
        case .notFound: deletedElsewhere(name)
        case .network(let detail): "Deleting failed: \(sentence(detail))"
        case .storage(let detail): "Could not delete \(name): \(sentence(detail))"
        case .invalid(_, let reason): "Could not delete \(name): \(sentence(reason))"
        }
    }

    /// Why a friend's photo could not be read: a few words for the photo's box.
    public static func loadingPhoto(_ error: FriendsError) -> String {
        switch error {
        case .storage: "the store could not read it"
        case .network: "the friends service could not be reached"
        case .unauthorized: "the friends service refused the token"
        case .notFound, .invalid: "it could not be read"
        }
    }

    /// "Anna Beck was already deleted elsewhere."
    public static func deletedElsewhere(_ name: String) -> String {
        "\(name) was already deleted elsewhere."
    }

    /// Why saving failed (an `.invalid` field is shown beside the field; this is the form's summary).
    public static func saving(_ error: FriendsError, editing name: String? = nil) -> String {
        switch error {
        case .unauthorized: "Not saved: the friends service refused the token (set it with \(tokenSettings))."
        case .notFound:
            name.map { "Not saved: \($0) was deleted elsewhere; the list has been reloaded." }
                ?? "Not saved: the friends service has no such address (HTTP 404): check --friends-url."
        case .network(let detail): "Saving failed: \(sentence(detail))"
        case .storage(let detail): "Could not save: \(sentence(detail))"
        case .invalid: "Please correct the marked field."
        }
    }

    /// Outside text made one safe line ending in a full stop.
    private static func sentence(_ text: String) -> String {
        let line = DisplayText.oneLine(text).trimmingBlanks()
        if line.isEmpty { return "unknown reason." }
        if let last = line.last, ".!?".contains(last) { return line }
        return line + "."
    }
}
