import NearbyCore

/// The last row of a page, in the order pages are read: by distance, then by key for ties.
struct PageKey: Comparable {
    var distance: Double
    var rid: Int64

    static func < (lhs: PageKey, rhs: PageKey) -> Bool {
        (lhs.distance, lhs.rid) < (rhs.distance, rhs.rid)
    }

    var cursor: PageCursor {
        PageCursor(token: "d1:\(String(distance.bitPattern, radix: 16)):\(rid)")
    }

    init(distance: Double, rid: Int64) {
        self.distance = distance
        self.rid = rid
    }

    /// Reads a cursor this store made; anything else is an error, not a silent restart.
    init(_ cursor: PageCursor) throws(PlacesError) {
        let parts = cursor.token.split(separator: ":")
        guard parts.count == 3, parts[0] == "d1", let bits = UInt64(parts[1], radix: 16), let rid = Int64(parts[2]),
              Double(bitPattern: bits).isFinite else {
            throw .storage("The page cursor is not one of this store's.")
        }
        self.init(distance: Double(bitPattern: bits), rid: rid)
    }
}
