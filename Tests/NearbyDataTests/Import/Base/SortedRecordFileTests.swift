import Foundation
import Testing
@testable import NearbyData

/// The base's sorted files: a lookup by key and the many-keys pass find every record of a key, where a key's
/// records run over a block's end and over the end of one read.
struct SortedRecordFileTests {
    /// Keys 0, 3, 6, … each with a run of records (one to 150: longer than a block of 64; key 3,000's 70,000,
    /// longer than one read), the value being the record's number.
    static func write(in folder: URL, keys: Int) throws -> (path: String, records: [(key: Int64, value: Int64)]) {
        let path = folder.appendingPathComponent("records").path
        let writer = IndexedRecordWriter(records: ScratchWriter(try ScratchFile(creating: path)),
                                         index: ScratchWriter(try ScratchFile(creating: path + ".index")))
        var records: [(key: Int64, value: Int64)] = []
        for number in 0..<keys {
            let key = Int64(number * 3)
            let run = number == 1_000 ? 70_000 : number % 50 == 7 ? 150 : 1 + number % 3
            for _ in 0..<run {
                try writer.record(key: key, Int64(records.count))
                records.append((key, Int64(records.count)))
            }
        }
        try writer.records.flush()
        try writer.index.flush()
        return (path, records)
    }

    @Test("every record of each key asked for, in key order, and none of a key not asked for")
    func recordsOfManyKeys() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sorted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Enough records for several reads of a megabyte.
        let (path, records) = try Self.write(in: folder, keys: 60_000)
        let file = try SortedRecordFile(path: path, recordSize: 16, cacheBlocks: 8)
        #expect(file.count == records.count)
        // Every key, every seventh, keys that are not there, and the last.
        for wanted in [records.map(\.key).reduce(into: [Int64]()) { if $0.last != $1 { $0.append($1) } },
                       stride(from: Int64(0), to: 180_000, by: 21).map { $0 },
                       [-5, 1, 2, 4, 179_997, 500_000], [2_997, 3_000, 3_003]] {
            var found: [(Int64, Int64)] = []
            try file.records(of: wanted) { key, record in
                found.append((key, record.loadUnaligned(fromByteOffset: 8, as: Int64.self)))
            }
            let asked = Set(wanted)
            let expected = records.filter { asked.contains($0.key) }
            #expect(found.count == expected.count)
            #expect(zip(found, expected).allSatisfy { $0.0 == $1.key && $0.1 == $1.value })
        }
        for key in [Int64(-1), 0, 1, 21, 22, 179_997, 179_998] {
            let index = try file.lowerBound(key)
            #expect(index == records.firstIndex { $0.key >= key } ?? records.count)
        }
    }
}
