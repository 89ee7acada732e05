// Test builds only (see LaneTrait.swift): `swift build -c release` builds this target without Testing.
#if canImport(Testing)
import Foundation
import Testing

/// A village extract, a changed copy of it and the replication feed that leads from one to the other, made by
/// `scripts/make-changed-extract` (osmium derive-changes), the feed served by the stand-in download site under
/// `feed/`: what the update tests of the store and of the command line start from.
public final class ChangedExtract {
    public let folder: URL
    public let site: DownloadSite
    /// What the script changed (`renamed`, `deleted_nodes`, `new_cafe`, `sequence`, …).
    public let edits: [String: Any]
    public var base: String { folder.appendingPathComponent("made/base.osm.pbf").path }
    public var changed: String { folder.appendingPathComponent("made/changed.osm.pbf").path }
    public var feedURL: String { site.url("feed") }
    public var sequence: Int64 { id("sequence") ?? 0 }
    /// The change file the feed publishes for `sequence` (`AAA/BBB/CCC.osc.gz`).
    public var changesFile: URL {
        func three(_ value: Int64) -> String {
            let text = String(value % 1000)
            return String(repeating: "0", count: 3 - text.count) + text
        }
        let path = "\(three(sequence / 1_000_000))/\(three(sequence / 1000))/\(three(sequence)).osc.gz"
        return site.folder.appendingPathComponent("files/feed/" + path)
    }

    /// - Parameter extract: the extract to change (default: the village, made here); `share` of its named places
    ///   and walkable ways renamed or deleted on top of the fixed edits.
    public init(extract: String? = nil, share: Double = 0) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("update-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let village = folder.appendingPathComponent("village.osm")
        if extract == nil { try Data(Self.village().utf8).write(to: village) }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../scripts/make-changed-extract").standardized
        let made = folder.appendingPathComponent("made")
        let output = try await Command.output("/usr/bin/python3",
                                              [script.path, extract ?? village.path, made.path, "--share", String(share)],
                                              errors: .discarded)
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8))
        edits = try #require(object as? [String: Any])
        site = try DownloadSite(folder: folder.appendingPathComponent("site"))
        try FileManager.default.moveItem(at: made.appendingPathComponent("feed"),
                                         to: site.folder.appendingPathComponent("files/feed"))
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    public func id(_ key: String) -> Int64? { (edits[key] as? NSNumber)?.int64Value }
    public func ids(_ key: String) -> [Int64] { (edits[key] as? [NSNumber])?.map(\.int64Value) ?? [] }

    /// A village of 10 × 10 street corners: streets along every row and column, named places on nodes, two
    /// restaurants mapped as areas, unnamed buildings, and the village itself.
    public static func village() -> String {
        var nodes: [String] = []
        var ways: [String] = []
        func point(_ row: Int, _ column: Int) -> (Double, Double) {
            (47.1400 + Double(row) * 0.0006, 9.5200 + Double(column) * 0.0008)
        }
        func node(_ id: Int, _ at: (Double, Double), _ tags: [(String, String)] = []) {
            let text = tags.map { "<tag k=\"\($0.0)\" v=\"\($0.1)\"/>" }.joined()
            let lat = String(format: "%.7f", at.0), lon = String(format: "%.7f", at.1)
            nodes.append(tags.isEmpty ? "<node id=\"\(id)\" version=\"1\" lat=\"\(lat)\" lon=\"\(lon)\"/>"
                                      : "<node id=\"\(id)\" version=\"1\" lat=\"\(lat)\" lon=\"\(lon)\">\(text)</node>")
        }
        func way(_ id: Int, _ refs: [Int], _ tags: [(String, String)]) {
            let text = refs.map { "<nd ref=\"\($0)\"/>" }.joined() + tags.map { "<tag k=\"\($0.0)\" v=\"\($0.1)\"/>" }.joined()
            ways.append("<way id=\"\(id)\" version=\"1\">\(text)</way>")
        }
        for row in 0..<10 {
            for column in 0..<10 { node(1 + row * 10 + column, point(row, column)) }
        }
        let kinds = [("amenity", "cafe"), ("amenity", "restaurant"), ("amenity", "pharmacy"), ("shop", "bakery"),
                     ("amenity", "atm"), ("shop", "supermarket")]
        for index in 0..<24 {
            let (row, column) = (index / 5 * 2, index % 5 * 2)
            var at = point(row, column)
            at.0 += 0.0002
            at.1 += 0.0003
            node(1001 + index, at, [kinds[index % kinds.count], ("name", "Ort \(index)"),
                                    ("opening_hours", "Mo-Fr 08:00-18:00")])
        }
        // Areas and buildings: four corners and back, between the streets.
        var nextNode = 2001
        func square(_ row: Int, _ column: Int) -> [Int] {
            let (lat, lon) = point(row, column)
            var refs: [Int] = []
            for (dLat, dLon) in [(0.0001, 0.0001), (0.0001, 0.0004), (0.0004, 0.0004), (0.0004, 0.0001)] {
                node(nextNode, (lat + dLat, lon + dLon))
                refs.append(nextNode)
                nextNode += 1
            }
            return refs + [refs[0]]
        }
        let areas = [square(1, 1), square(3, 5)]
        let buildings = [square(5, 2), square(7, 7), square(8, 3)]
        node(3001, point(5, 5), [("place", "village"), ("name", "Testdorf")])
        for row in 0..<10 {
            way(100 + row, (0..<10).map { 1 + row * 10 + $0 }, [("highway", "residential"), ("name", "Gasse \(row)")])
        }
        for column in 0..<10 {
            way(200 + column, (0..<10).map { 1 + $0 * 10 + column }, [("highway", "footway")])
        }
        way(300, areas[0], [("amenity", "restaurant"), ("name", "Zum Hof"), ("building", "yes")])
        way(301, areas[1], [("amenity", "restaurant"), ("name", "Alte Post"), ("building", "yes")])
        for (index, refs) in buildings.enumerated() { way(400 + index, refs, [("building", "yes")]) }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"test\">\n"
            + nodes.joined(separator: "\n") + "\n" + ways.joined(separator: "\n") + "\n</osm>\n"
    }
}
#endif
