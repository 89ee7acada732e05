/// A table from 64-bit ids (OSM ids, packed vertex references) to values, for the millions of lookups an
/// update makes: open addressing with linear probing and a multiplicative hash. The standard dictionary hashes
/// every key with a seeded SipHash, which the update's profile showed as a sixth of its time; these keys come
/// from files, not from someone choosing collisions against a known hash, and a table stays under 70 % full,
/// so probes are short. Values sit in a plain array beside the keys (no optional's tag): 16 bytes a slot for
/// 64-bit values, which matters when an update holds a million node positions.
struct IDTable<Value> {
    /// The mark of an empty slot; the id that equals it is kept aside.
    private static var empty: Int64 { .min }
    private var keys: [Int64]
    private var values: [Value]
    /// What an empty slot's value is set to.
    private let filler: Value
    private var shift: UInt64
    private var emptyKeyValue: Value?
    private(set) var count = 0

    /// A table for about `capacity` ids before it grows; `filler` fills the slots no id holds.
    init(capacity: Int = 0, filler: Value) {
        var bits: UInt64 = 4
        while Self.limit(1 << bits) < capacity { bits += 1 }
        keys = [Int64](repeating: Self.empty, count: 1 << bits)
        values = [Value](repeating: filler, count: 1 << bits)
        self.filler = filler
        shift = 64 - bits
    }

    private static func limit(_ slots: Int) -> Int { slots / 10 * 7 }

    private func slot(of key: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    subscript(key: Int64) -> Value? {
        get {
            if key == Self.empty { return emptyKeyValue }
            let mask = keys.count - 1
            var index = slot(of: key)
            while true {
                let found = keys[index]
                if found == key { return values[index] }
                if found == Self.empty { return nil }
                index = (index + 1) & mask
            }
        }
        set {
            guard let newValue else {
                precondition(self[key] == nil, "IDTable keeps what it was given: removal is not needed")
                return
            }
            if key == Self.empty {
                if emptyKeyValue == nil { count += 1 }
                emptyKeyValue = newValue
                return
            }
            if count + 1 > Self.limit(keys.count) { grow() }
            let mask = keys.count - 1
            var index = slot(of: key)
            while true {
                let found = keys[index]
                if found == key {
                    values[index] = newValue
                    return
                }
                if found == Self.empty {
                    keys[index] = key
                    values[index] = newValue
                    count += 1
                    return
                }
                index = (index + 1) & mask
            }
        }
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = [Int64](repeating: Self.empty, count: oldKeys.count * 2)
        values = []
        values = [Value](repeating: filler, count: oldKeys.count * 2)
        shift -= 1
        let mask = keys.count - 1
        for (offset, key) in oldKeys.enumerated() where key != Self.empty {
            var index = slot(of: key)
            while keys[index] != Self.empty { index = (index + 1) & mask }
            keys[index] = key
            values[index] = oldValues[offset]
        }
    }

    /// Every id and its value, in no particular order.
    func forEach(_ body: (Int64, Value) throws -> Void) rethrows {
        if let emptyKeyValue { try body(Self.empty, emptyKeyValue) }
        for (offset, key) in keys.enumerated() where key != Self.empty {
            try body(key, values[offset])
        }
    }
}

/// A set of 64-bit ids on `IDTable`.
struct IDSet {
    private var table: IDTable<Bool>

    init(capacity: Int = 0) { table = IDTable(capacity: capacity, filler: false) }

    var count: Int { table.count }

    func contains(_ id: Int64) -> Bool { table[id] != nil }

    /// Adds `id`; true when it was not there.
    @discardableResult
    mutating func insert(_ id: Int64) -> Bool {
        guard table[id] == nil else { return false }
        table[id] = true
        return true
    }

    func forEach(_ body: (Int64) throws -> Void) rethrows {
        try table.forEach { id, _ in try body(id) }
    }
}

/// A set of 64-bit ids emptied in constant time, for work that fills a small set and empties it again a
/// hundred thousand times (a patch's walks): a slot counts only when its stamp is the set's current one, so
/// emptying is a new stamp, not a pass over the slots.
struct StampedIDSet {
    private var keys: [Int64]
    private var stamps: [UInt32]
    private var stamp: UInt32 = 1
    private var shift: UInt64
    private(set) var count = 0

    init() {
        keys = [Int64](repeating: 0, count: 64)
        stamps = [UInt32](repeating: 0, count: 64)
        shift = 64 - 6
    }

    private func slot(of key: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    func contains(_ id: Int64) -> Bool {
        let mask = keys.count - 1
        var index = slot(of: id)
        while stamps[index] == stamp {
            if keys[index] == id { return true }
            index = (index + 1) & mask
        }
        return false
    }

    /// Adds `id`; true when it was not there.
    @discardableResult
    mutating func insert(_ id: Int64) -> Bool {
        if (count + 1) * 10 > keys.count * 7 { grow() }
        let mask = keys.count - 1
        var index = slot(of: id)
        while stamps[index] == stamp {
            if keys[index] == id { return false }
            index = (index + 1) & mask
        }
        keys[index] = id
        stamps[index] = stamp
        count += 1
        return true
    }

    mutating func removeAll() {
        count = 0
        if stamp == .max {
            stamps = [UInt32](repeating: 0, count: stamps.count)
            stamp = 1
        } else {
            stamp += 1
        }
    }

    private mutating func grow() {
        let oldKeys = keys, oldStamps = stamps, current = stamp
        keys = [Int64](repeating: 0, count: oldKeys.count * 2)
        stamps = [UInt32](repeating: 0, count: oldKeys.count * 2)
        stamp = 1
        shift -= 1
        let mask = keys.count - 1
        for (offset, key) in oldKeys.enumerated() where oldStamps[offset] == current {
            var index = slot(of: key)
            while stamps[index] == stamp { index = (index + 1) & mask }
            keys[index] = key
            stamps[index] = stamp
        }
    }
}
