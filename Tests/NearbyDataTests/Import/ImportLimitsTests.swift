import NearbyCore
import Testing
import TestSupport
@testable import NearbyData

/// What a file can make an import keep or decode is bounded (`OSMImportLimits`); what lies beyond is left out
/// and counted, or refused as damage. The memory and time these bounds buy are checked on the built binary in
/// `EndToEndTests/Import/ImportResourceLimitsTests`.
@Suite("Import limits")
struct ImportLimitsTests {
    /// A closed parking area of `count` references: `first`, the ones after it, and `first` again.
    private static func area(id: Int64, first: Int64, references count: Int) -> TestPBF.Way {
        TestPBF.Way(id: id, refs: Array(first..<(first + Int64(count) - 1)) + [first], tags: [("amenity", "parking")])
    }

    private static let corner = TestPBF.Node(id: 1, lat: 47.14, lon: 9.52)

    @Test("an area with more nodes than a way may have is left out and counted; one at the limit is placed",
          arguments: ["x.osm.pbf", "x.osm"])
    func wayNodeLimit(name: String) throws {
        let ways = [Self.area(id: 1, first: 1, references: 2_000), Self.area(id: 2, first: 1, references: 2_001)]
        let bytes = name.hasSuffix(".pbf")
            ? TestPBF(nodes: [Self.corner], ways: ways, compression: .none).bytes
            : Array(TestOSMXML.document(nodes: [Self.corner], ways: ways, relation: false).utf8)
        let (sink, summary) = try importBytes(bytes, name: name)
        #expect(sink.places.map(\.id.description) == ["osm:w1"])
        #expect(summary.skips.waysWithTooManyNodes == 1)
        #expect(summary.skips.total == 1)
    }

    @Test("the areas' nodes stay within the budget; the areas beyond it are left out and counted")
    func neededNodeBudget() throws {
        var limits = OSMImportLimits()
        limits.neededNodes = 10
        let ways = (0..<4).map { Self.area(id: Int64(10 + $0), first: 1 + Int64($0) * 4, references: 5) }
        let pbf = TestPBF(nodes: [Self.corner, TestPBF.Node(id: 5, lat: 47.15, lon: 9.53)], ways: ways)
        let (sink, summary) = try importBytes(pbf.bytes, limits: limits)
        // Four references each (the closing one repeats the first): two areas fit in ten.
        #expect(Set(sink.places.map(\.id.description)) == ["osm:w10", "osm:w11"])
        #expect(summary.skips.waysBeyondNodeBudget == 2)
    }

    @Test("the budget grows with the file's size, so a real extract is never cut short")
    func budgetFollowsTheFileSize() {
        let limits = OSMImportLimits.standard
        #expect(limits.neededNodes(fileSize: 1_000) == limits.neededNodesAllowance)
        #expect(limits.neededNodes(fileSize: 16_000_000) == 1_000_000)
        // No bound of its own: a country's file keeps every area.
        #expect(limits.neededNodes(fileSize: 16_000_000_000) == 1_000_000_000)
    }

    @Test("areas too many to hold between the passes are placed by reading their ways again, alike",
          arguments: ["x.osm.pbf", "x.osm"])
    func rereadingWaysPlacesThemAlike(name: String) throws {
        let bytes = name.hasSuffix(".pbf") ? SampleExtract.pbf.bytes : Array(SampleExtract.xml.utf8)
        var limits = OSMImportLimits()
        limits.heldWays = 0
        let (held, heldSummary) = try importBytes(bytes, name: name)
        let (reread, rereadSummary) = try importBytes(bytes, name: name, limits: limits)
        #expect(Set(reread.places) == Set(held.places))
        #expect(rereadSummary.waysPlaced == heldSummary.waysPlaced)
        #expect(rereadSummary.waysWithoutNodes == heldSummary.waysWithoutNodes)
        try SampleExtract.check(reread, rereadSummary, relations: name.hasSuffix(".pbf") ? 0 : 1)
    }

    @Test("read again, an area that comes before its nodes (an unsorted file) is placed in a third pass")
    func unsortedFileRereadsWays() throws {
        let xml = """
            <osm version="0.6">
              <way id="5"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="1"/><tag k="amenity" v="parking"/></way>
              <node id="1" lat="47.0" lon="9.0"/>
              <node id="2" lat="47.0" lon="9.3"/>
              <node id="3" lat="47.3" lon="9.0"/>
            </osm>
            """
        var limits = OSMImportLimits()
        limits.heldWays = 0
        let (sink, summary) = try importBytes(Array(xml.utf8), name: "x.osm", limits: limits)
        let parking = try #require(sink.places.first)
        #expect(abs(parking.coordinate.latitude - 47.1) < 1e-9)
        #expect(abs(parking.coordinate.longitude - 9.1) < 1e-9)
        #expect(summary.waysPlaced == 1)
    }

    @Test("an element with more tags than an element may have is left out and counted",
          arguments: ["dense.osm.pbf", "nodes.osm.pbf", "x.osm"])
    func elementTagLimit(name: String) throws {
        var limits = OSMImportLimits()
        limits.reading.elementTags = 3
        let nodes = [
            TestPBF.Node(id: 1, lat: 47.1, lon: 9.5, tags: [("amenity", "cafe"), ("name", "Kept"), ("cuisine", "tea")]),
            TestPBF.Node(id: 2, lat: 47.2, lon: 9.5, tags: [("amenity", "cafe"), ("name", "Left"), ("a", "1"), ("b", "2")]),
            TestPBF.Node(id: 3, lat: 47.3, lon: 9.5, tags: [("highway", "stop"), ("a", "1"), ("b", "2"), ("c", "3")]),
        ]
        let ways = [TestPBF.Way(id: 9, refs: [1, 2, 3, 1], tags: [("amenity", "parking"), ("a", "1"), ("b", "2"), ("c", "3")])]
        let bytes = name.hasSuffix(".pbf")
            ? TestPBF(nodes: nodes, ways: ways, denseNodes: name.hasPrefix("dense")).bytes
            : Array(TestOSMXML.document(nodes: nodes, ways: ways, relation: false).utf8)
        let (sink, summary) = try importBytes(bytes, name: name, limits: limits)
        #expect(sink.places.map(\.name) == ["Kept"])
        // The bus stop is of no category an import keeps: not counted.
        #expect(summary.skips.elementsWithTooManyTags == 2)
    }

    @Test("a PBF block that claims to inflate more than 16 times its size is refused before it is inflated")
    func inflationRatioOfABlock() throws {
        // Two million references of +1 compress to a few kilobytes: the shape of a decompression bomb.
        let bomb = Self.area(id: 1, first: 1, references: 2_000_000)
        let refused = importError(TestPBF(nodes: [Self.corner], ways: [bomb]).bytes)
        let error = try #require(refused)
        guard case .corrupt(let what, _) = error else {
            Issue.record("expected damage, got \(error)")
            return
        }
        #expect(what.contains("more than 16 times its size"))
    }

    @Test("a gzip file that inflates more than 50 times its size is refused as it is read")
    func inflationRatioOfAStream() throws {
        // A smaller allowance than the standard 16 MB keeps the test quick; the ratio is the standard one.
        var limits = OSMImportLimits()
        limits.reading.streamInflationAllowance = 1 << 20
        let spaces = "<osm version=\"0.6\">" + String(repeating: " ", count: 1_200_000) + "</osm>"
        let bomb = TestCompression.gzip(Array(spaces.utf8))
        let refused = importError(bomb, name: "x.osm.gz", limits: limits)
        let error = try #require(refused)
        #expect(error.description.contains("inflates to more than 50 times its size"))
        limits.reading.streamInflationAllowance = 2 << 20
        let allowed = importError(bomb, name: "x.osm.gz", limits: limits)
        #expect(allowed == nil, "within the allowance")
    }

    @Test("XML nested deeper than the limit stops with an error that says so")
    func xmlDepth() throws {
        let deep = "<osm version=\"0.6\">" + String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)
            + "</osm>"
        let refused = importError(Array(deep.utf8), name: "x.osm")
        let error = try #require(refused)
        #expect(error == .corrupt("elements nest more than 256 deep (OpenStreetMap XML needs three)", .line(1)))
        let fine = "<osm version=\"0.6\">" + String(repeating: "<a>", count: 200) + String(repeating: "</a>", count: 200)
            + "</osm>"
        let accepted = importError(Array(fine.utf8), name: "x.osm")
        #expect(accepted == nil)
    }

    @Test("a PBF of ways without nodes imports like the same XML")
    func waysWithoutNodes() throws {
        let ways = [Self.area(id: 1, first: 1, references: 5)]
        let (pbfSink, pbf) = try importBytes(TestPBF(nodes: [], ways: ways).bytes)
        let xml = TestOSMXML.document(nodes: [], ways: ways, relation: false)
        let (xmlSink, fromXML) = try importBytes(Array(xml.utf8), name: "x.osm")
        #expect(pbfSink.places == xmlSink.places)
        #expect(pbf.waysWithoutNodes == 1)
        #expect(pbf.waysWithoutNodes == fromXML.waysWithoutNodes)
        #expect(pbf.places == fromXML.places)
    }
}
