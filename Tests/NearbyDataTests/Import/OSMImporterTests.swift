import NearbyCore
import Testing
@testable import NearbyData
@testable import OSMFormats

@Suite("OSM importer")
struct OSMImporterTests {
    /// A sink that fails on its nth place, like a store that runs out of disk.
    final class FailingSink: OSMImportSink {
        struct DiskFull: Error, CustomStringConvertible {
            var description: String { "disk full" }
        }

        let failAt: Int
        var places = 0

        init(failAt: Int) {
            self.failAt = failAt
        }

        func place(_ place: Place) throws {
            places += 1
            if places == failAt { throw DiskFull() }
        }

        func locality(_ locality: Locality) throws {}
    }

    @Test("a failing sink stops the import with its reason", arguments: [1, 8])
    func failingSink(failAt: Int) throws {
        let file = try TemporaryFile(bytes: SampleExtract.pbf.bytes)
        defer { file.remove() }
        let sink = FailingSink(failAt: failAt)
        #expect(throws: OSMImportError.sink("disk full")) {
            try OSMImporter(path: file.path).run(into: sink)
        }
        #expect(sink.places == failAt)
    }

    @Test("progress goes through both phases and ends at the file's size")
    func progress() throws {
        let bytes = SampleExtract.pbf.bytes
        let file = try TemporaryFile(bytes: bytes)
        defer { file.remove() }
        var reports: [OSMImportProgress] = []
        try OSMImporter(path: file.path).run(into: CollectingImportSink()) { reports.append($0) }
        let reading = reports.filter { $0.phase == .reading }
        #expect(reading.last?.bytesRead == bytes.count)
        #expect(reading.last?.elements == SampleExtract.nodes.count + SampleExtract.ways.count)
        #expect(reports.contains { $0.phase == .placingWays })
        #expect(reports.allSatisfy { $0.totalBytes == bytes.count })
        #expect(zip(reading, reading.dropFirst()).allSatisfy { $0.bytesRead <= $1.bytesRead })
    }

    @Test("the second pass stops once every needed node is found")
    func secondPassStopsEarly() throws {
        var pbf = SampleExtract.pbf
        // Way nodes first, then many nodes no way needs, each block its own.
        pbf.nodes = Array(SampleExtract.nodes[9..<15]) + (1000..<1100).map {
            TestPBF.Node(id: Int64($0), lat: 1, lon: 1)
        }
        pbf.ways = [SampleExtract.ways[0]]
        pbf.nodesPerBlock = 10
        let bytes = pbf.bytes
        let file = try TemporaryFile(bytes: bytes)
        defer { file.remove() }
        var placing: [OSMImportProgress] = []
        let summary = try OSMImporter(path: file.path).run(into: CollectingImportSink()) { progress in
            if progress.phase == .placingWays { placing.append(progress) }
        }
        #expect(summary.waysPlaced == 1)
        #expect(placing.count == 2, "header and the first node block only")
    }

    @Test("tag values are cleaned for screens", arguments: [
        ("plain", "plain"), ("  padded  ", "padded"), ("a\n\nb", "a b"), ("tab\there", "tab here"),
        ("\u{1B}[2J", "[2J"), ("   ", nil), ("", nil), ("bidi\u{202E}flip", "bidi flip"), ("c1\u{9B}x", "c1 x"),
    ] as [(String, String?)])
    func cleaning(raw: String, expected: String?) {
        #expect(OSMPlaceMapping.text(raw) == expected)
    }
}
