import NearbyCore

/// What a child screen (detail, form) changed, so the list updates without reloading everything.
public enum FriendChange: Hashable, Sendable {
    case added(Friend)
    case updated(Friend)
    case deleted(Friend)
}
