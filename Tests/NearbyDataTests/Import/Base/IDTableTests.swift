import Testing
@testable import NearbyData

/// The update's own hash tables hold what the standard ones would, through growth, odd ids and reuse.
struct IDTableTests {
    /// A small generator with a fixed seed, so a failure repeats.
    struct Numbers {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
    }

    @Test("a table answers as a dictionary does, through growth and for the ids at the ends of the range")
    func tableMatchesADictionary() {
        var numbers = Numbers(state: 1)
        var table = IDTable<Int64>(filler: 0)
        var expected: [Int64: Int64] = [:]
        let odd: [Int64] = [.min, .max, 0, -1, 1 << 47, -(1 << 47)]
        for round in 0..<50_000 {
            // Ids close together (as OSM's are) and far apart, and some again.
            let id: Int64 = round < odd.count ? odd[round]
                : round % 3 == 0 ? Int64(numbers.next() % 1_000) : Int64(bitPattern: numbers.next() << 11)
            let value = Int64(round)
            table[id] = value
            expected[id] = value
        }
        #expect(table.count == expected.count)
        for (id, value) in expected { #expect(table[id] == value) }
        for _ in 0..<10_000 {
            let id = Int64(bitPattern: numbers.next() << 13 | 1)
            #expect(table[id] == expected[id])
        }
        var seen: [Int64: Int64] = [:]
        table.forEach { id, value in seen[id] = value }
        #expect(seen == expected)
    }

    @Test("a stamped set emptied thousands of times holds only what went in since")
    func stampedSetEmptiesInConstantTime() {
        var numbers = Numbers(state: 2)
        var set = StampedIDSet()
        for round in 0..<2_000 {
            set.removeAll()
            var expected = Set<Int64>()
            // Some rounds outgrow the slots the set has so far.
            let size = round % 100 == 0 ? 5_000 : Int(numbers.next() % 40)
            for _ in 0..<size {
                let id = Int64(numbers.next() % 10_000) - 5_000
                let inserted = set.insert(id), wasNew = expected.insert(id).inserted
                #expect(inserted == wasNew)
            }
            #expect(set.count == expected.count)
            for id in -5_000..<(-4_900) { #expect(set.contains(Int64(id)) == expected.contains(Int64(id))) }
        }
    }

    @Test("an id set says whether each id was new")
    func idSetInserts() {
        var set = IDSet()
        let first = set.insert(.min), again = set.insert(.min), seven = set.insert(7)
        #expect(first && !again && seven)
        #expect(set.contains(7) && set.contains(.min) && !set.contains(8))
        var all: [Int64] = []
        set.forEach { all.append($0) }
        #expect(all.sorted() == [.min, 7])
    }
}
