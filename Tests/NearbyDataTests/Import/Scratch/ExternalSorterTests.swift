import Foundation
import Testing
@testable import NearbyData

@Suite("External sort")
struct ExternalSorterTests {
    /// Records in a scrambled order with payloads of their own lengths, through a sorter of the given budget.
    static func sortedRecords(count: Int, runBytes: Int, fanIn: Int) throws -> [(Int64, Int64, [UInt8])] {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let scratch = try ImportScratchFolder(in: folder.url.path, neededBytes: 0)
        defer { scratch.remove() }
        var budget = ImportMemoryBudget()
        budget.runBytes = runBytes
        budget.mergeFanIn = fanIn
        let sorter = ExternalSorter(folder: scratch, name: "test", budget: budget)
        for index in 0..<count {
            // A fixed scramble: multiplying by a number prime to the count visits every index once.
            let value = Int64((index * 7_919) % count)
            let payload = [UInt8](repeating: UInt8(truncatingIfNeeded: value), count: Int(value % 5))
            try payload.withUnsafeBytes { try sorter.add(major: value / 3, minor: value, payload: $0) }
        }
        let records = try sorter.sorted()
        var out: [(Int64, Int64, [UInt8])] = []
        while try records.next() { out.append((records.major, records.minor, records.payload)) }
        return out
    }

    @Test("records come back in key order with their payloads, in memory or through many runs and merges",
          arguments: [(1 << 20, 64), (256, 2), (300, 3)])
    func sorts(runBytes: Int, fanIn: Int) throws {
        let records = try Self.sortedRecords(count: 2_000, runBytes: runBytes, fanIn: fanIn)
        #expect(records.count == 2_000)
        for (index, record) in records.enumerated() {
            #expect(record.1 == Int64(index))
            #expect(record.0 == Int64(index) / 3)
            #expect(record.2 == [UInt8](repeating: UInt8(truncatingIfNeeded: index), count: index % 5))
        }
    }

    @Test("nothing in, nothing out")
    func empty() throws {
        #expect(try Self.sortedRecords(count: 0, runBytes: 256, fanIn: 2).isEmpty)
    }
}
