import NearbyCore

/// The friends fetched so far, by their index in the list: a few windows around where the user looks,
/// never the whole list.
struct FriendsWindowCache {
    struct Entry {
        var friend: Friend
        var row: FriendRowModel
    }

    let windowSize: Int
    /// Rows kept either side of the anchor when the cache grows past `capacity`.
    let keepRadius: Int
    let capacity: Int
    private(set) var entries: [Int: Entry] = [:]

    init(windowSize: Int, keepRadius: Int, capacity: Int) {
        self.windowSize = windowSize
        self.keepRadius = keepRadius
        self.capacity = capacity
    }

    var count: Int { entries.count }

    func entry(at index: Int) -> Entry? { entries[index] }

    func window(containing index: Int) -> Int { index / windowSize }

    /// Whether a window's first and last rows are held (holes only ever sit at the ends of held runs).
    func holds(window: Int, total: Int) -> Bool {
        let first = window * windowSize
        let last = min(first + windowSize, total) - 1
        guard first <= last else { return true }
        return entries[first] != nil && entries[last] != nil
    }

    mutating func store(_ newEntries: [Entry], at offset: Int) {
        for (position, entry) in newEntries.enumerated() {
            entries[offset + position] = entry
        }
    }

    /// Drops rows far from `anchor` once more than `capacity` are held.
    mutating func trim(around anchor: Int) {
        guard entries.count > capacity else { return }
        let kept = (anchor - keepRadius)...(anchor + keepRadius)
        entries = entries.filter { kept.contains($0.key) }
    }

    func index(of id: Friend.ID) -> Int? {
        entries.first { $0.value.friend.id == id }?.key
    }

    /// Removes the friend's row and moves every later row up one; returns the index it had.
    @discardableResult
    mutating func remove(id: Friend.ID) -> Int? {
        guard let removed = index(of: id) else { return nil }
        var shifted: [Int: Entry] = [:]
        shifted.reserveCapacity(entries.count)
        for (index, entry) in entries where index != removed {
            shifted[index > removed ? index - 1 : index] = entry
        }
        entries = shifted
        return removed
    }

    /// Puts a changed friend in place of the held row with its id; false when it is not held.
    @discardableResult
    mutating func replace(_ entry: Entry) -> Bool {
        guard let index = index(of: entry.friend.id) else { return false }
        entries[index] = entry
        return true
    }

    mutating func removeAll() { entries.removeAll() }
}
