import NearbyCore

extension LocalPlacesStore {
    /// Whether `cursor` is one this store hands out, so a service can answer a bad one with 400 before asking.
    public static func isCursor(_ cursor: PageCursor) -> Bool {
        (try? PageKey(cursor)) != nil
    }
}
