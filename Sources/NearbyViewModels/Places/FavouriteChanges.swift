import NearbyCore

/// News that a place was saved as a favourite or forgotten, from whichever screen did it, so that every
/// list's ★ and Home's Favourites section follow when the user comes back to them.
@MainActor
public final class FavouriteChanges {
    /// One place saved (`isFavourite`) or forgotten.
    public struct Change: Hashable, Sendable {
        public var id: PlaceID
        public var isFavourite: Bool
    }

    /// The latest change; observers are told of every one.
    public let latest = Observable<Change?>(nil)

    public init() {}

    public func record(_ id: PlaceID, isFavourite: Bool) {
        latest.value = Change(id: id, isFavourite: isFavourite)
    }
}
