import NearbyCore

/// The positions of the nodes some areas need, looked up by binary search in their sorted ids and kept in
/// OpenStreetMap's own precision (1e-7 degrees in 32-bit integers): 20 bytes a node, with no hashing.
struct NodePositions {
    private let ids: [Int64]
    private var latitudes: [Int32]
    private var longitudes: [Int32]
    /// The last `centre` call that counted each node, so a node a way lists twice counts once.
    private var lastCounted: [UInt32]
    private var centreCalls: UInt32 = 0
    /// Needed nodes seen so far, with a valid position or not.
    private(set) var seen = 0
    /// Where the last recorded id's successor is: files list their nodes by id, so most nodes are told apart
    /// from the needed ones by one comparison with the next needed id instead of a binary search.
    private var cursor = 0
    private var lastRecorded = Int64.min

    private static let unseen = Int32.min
    private static let invalid = Int32.max
    private static let scale = 1e7

    /// `ids` sorted ascending, without repeats.
    init(ids: [Int64]) {
        self.ids = ids
        latitudes = Array(repeating: Self.unseen, count: ids.count)
        longitudes = Array(repeating: Self.unseen, count: ids.count)
        lastCounted = Array(repeating: 0, count: ids.count)
    }

    var count: Int { ids.count }
    var allSeen: Bool { seen == ids.count }

    /// Notes a node's position when it is one of the needed ones (the first time it is seen).
    mutating func record(id: Int64, latitude: Double, longitude: Double) {
        if id >= lastRecorded, cursor == ids.count || id < ids[cursor] {
            lastRecorded = id
            return
        }
        guard let index = ids.withUnsafeBufferPointer({ Self.index(of: id, in: $0) }) else {
            lastRecorded = id
            cursor = ids.withUnsafeBufferPointer { Self.insertionPoint(of: id, in: $0) }
            return
        }
        lastRecorded = id
        cursor = index + 1
        guard latitudes[index] == Self.unseen else { return }
        seen += 1
        if Coordinate(latitude: latitude, longitude: longitude).isValid {
            latitudes[index] = Int32((latitude * Self.scale).rounded())
            longitudes[index] = Int32((longitude * Self.scale).rounded())
        } else {
            latitudes[index] = Self.invalid
        }
    }

    /// The mean of the known, valid positions of the distinct nodes among `refs`; nil when none is known.
    mutating func centre(of refs: ArraySlice<Int64>) -> Coordinate? {
        if centreCalls == .max {
            lastCounted = Array(repeating: 0, count: ids.count)
            centreCalls = 0
        }
        centreCalls += 1
        let call = centreCalls
        var latitude = 0.0
        var longitude = 0.0
        var count = 0
        // Unsafe buffers: array subscripts in a loop this hot retain and release the array in debug builds.
        ids.withUnsafeBufferPointer { ids in
            latitudes.withUnsafeBufferPointer { latitudes in
                longitudes.withUnsafeBufferPointer { longitudes in
                    lastCounted.withUnsafeMutableBufferPointer { lastCounted in
                        for ref in refs {
                            guard let index = Self.index(of: ref, in: ids), lastCounted[index] != call else { continue }
                            lastCounted[index] = call
                            let lat = latitudes[index]
                            guard lat != Self.unseen, lat != Self.invalid else { continue }
                            latitude += Double(lat) / Self.scale
                            longitude += Double(longitudes[index]) / Self.scale
                            count += 1
                        }
                    }
                }
            }
        }
        guard count > 0 else { return nil }
        return Coordinate(latitude: latitude / Double(count), longitude: longitude / Double(count))
    }

    private static func index(of id: Int64, in ids: UnsafeBufferPointer<Int64>) -> Int? {
        let low = insertionPoint(of: id, in: ids)
        return low < ids.count && ids[low] == id ? low : nil
    }

    /// The first place whose id is not below `id`.
    private static func insertionPoint(of id: Int64, in ids: UnsafeBufferPointer<Int64>) -> Int {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
