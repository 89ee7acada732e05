import NearbyCore
import Testing
import TestSupport
@testable import NearbyData
@testable import OSMFormats

@Suite("XML import")
struct XMLImportTests {
    @Test("OSM XML gives the same places as PBF")
    func plainXML() throws {
        let (sink, summary) = try importBytes(Array(SampleExtract.xml.utf8), name: "extract.osm")
        try SampleExtract.check(sink, summary, relations: 1)
        #expect(summary.format == .xml)
    }

    @Test("gzip-compressed XML, also in several gzip members")
    func gzippedXML() throws {
        let bytes = Array(SampleExtract.xml.utf8)
        let (sink, summary) = try importBytes(TestCompression.gzip(bytes), name: "extract.osm.gz")
        try SampleExtract.check(sink, summary, relations: 1)
        #expect(summary.format == .gzippedXML)

        let half = bytes.count / 2
        let twoMembers = TestCompression.gzip(Array(bytes[..<half])) + TestCompression.gzip(Array(bytes[half...]))
        let (again, summaryAgain) = try importBytes(twoMembers, name: "extract.osm.gz")
        try SampleExtract.check(again, summaryAgain, relations: 1)
    }

    @Test("single quotes, '>' inside values, comments, CDATA-free doctype, entities")
    func xmlVariety() throws {
        let xml = """
            <?xml version="1.0"?>
            <!-- made by hand -->
            <!DOCTYPE osm>
            <osm version='0.6'>
              <node id='1' lat='47.5' lon='9.5'>
                <tag k='amenity' v='pub'/>
                <tag k='name' v='The &lt;Crown&gt; &amp; &#65;nchor &#x263A; a > b'/>
              </node>
              <node id="-2" lat="1e-1" lon="+2.5"><tag k="amenity" v="atm"/></node>
            </osm>
            """
        let (sink, _) = try importBytes(Array(xml.utf8), name: "pub.osm")
        #expect(sink.places.map(\.name) == ["The <Crown> & Anchor ☺ a > b", "ATM"])
        #expect(sink.places.last?.id.description == "osm:n-2")
        #expect(sink.places.last?.coordinate == Coordinate(latitude: 0.1, longitude: 2.5))
    }

    @Test("a file cut short says on which line it ends")
    func truncated() {
        let xml = SampleExtract.xml
        let cutAt = try? #require(xml.range(of: "<nd ref=\"12\"/>")?.lowerBound)
        guard let cutAt else { return }
        let cut = String(xml[..<cutAt]) + "<nd ref=\"1"
        let expectedLine = cut.filter { $0 == "\n" }.count + 1
        let error = importError(Array(cut.utf8), name: "cut.osm")
        guard case .truncated(_, let location)? = error else {
            Issue.record("expected truncated, got \(String(describing: error))")
            return
        }
        #expect(location == .line(expectedLine))

        let unclosed = String(xml[..<cutAt])
        guard case .truncated(let what, let where2)? = importError(Array(unclosed.utf8), name: "cut.osm") else {
            Issue.record("expected truncated for an unclosed way")
            return
        }
        #expect(what.contains("<way>"))
        #expect(where2 == .line(unclosed.filter { $0 == "\n" }.count + 1))
    }

    @Test("malformed XML says what and on which line", arguments: [
        ("<osm>\n<node id=\"1\" lat=\"1\" lon=\"2\">\n</way>\n</osm>", 3, "closes"),
        ("<osm>\n\n<node id=\"1\" lon=\"2\"/>\n</osm>", 3, "lat"),
        ("<osm>\n<node id=\"x\" lat=\"1\" lon=\"2\"/>\n</osm>", 2, "id"),
        ("<osm>\n<node id=\"1\" lat=1 lon=\"2\"/>\n</osm>", 2, "quotes"),
        ("<osm>\n<node id=\"1\" lat=\"1\" lon=\"2\"\n<tag/>\n</osm>", 2, "tag"),
        ("<osm>\n<way id=\"5\">\n<nd/>\n</way>\n</osm>", 3, "ref"),
        ("<osm>\n</osm>\n<node id=\"1\" lat=\"1\" lon=\"2\"/>", 3, "after"),
    ])
    func malformed(xml: String, line: Int, words: String) {
        let error = importError(Array(xml.utf8), name: "bad.osm")
        guard case .corrupt(let what, let location)? = error else {
            Issue.record("expected corrupt, got \(String(describing: error))")
            return
        }
        #expect(location == .line(line))
        #expect(what.contains(words), "\(what)")
    }

    @Test("a gzip file cut short is reported at its byte")
    func truncatedGzip() {
        let compressed = TestCompression.gzip(Array(SampleExtract.xml.utf8))
        let cut = Array(compressed[0..<compressed.count / 2])
        let error = importError(cut, name: "cut.osm.gz")
        guard case .truncated(_, let location)? = error else {
            Issue.record("expected truncated, got \(String(describing: error))")
            return
        }
        #expect(location == .byte(cut.count))
    }

    @Test("damaged gzip data is reported")
    func corruptGzip() {
        var compressed = TestCompression.gzip(Array(SampleExtract.xml.utf8))
        for i in 20..<40 { compressed[i] ^= 0xa5 }
        guard case .corrupt? = importError(compressed, name: "bad.osm.gz") else {
            Issue.record("expected corrupt")
            return
        }
    }
}

@Suite("Not an OpenStreetMap file")
struct NotOSMTests {
    @Test("inputs that are not OSM at all", arguments: [
        ("empty", [UInt8]()),
        ("text", Array("hello, world\n".utf8)),
        ("png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
        ("html", Array("<!DOCTYPE html>\n<html><body>hi</body></html>\n".utf8)),
        ("gzipped text", TestCompression.gzip(Array("just text, no markup\n".utf8))),
        ("blank", Array("   \n\n".utf8)),
        ("xml without osm", Array("<?xml version=\"1.0\"?>\n".utf8)),
    ])
    func notOSM(name: String, bytes: [UInt8]) {
        let error = importError(bytes, name: "\(name).osm.pbf")
        guard case .notOSM(let reason)? = error else {
            Issue.record("\(name): expected notOSM, got \(String(describing: error))")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test("bzip2 is named, so the user knows what to do")
    func bzip2() {
        guard case .unsupported(let what, _)? = importError(Array("BZh91AY&SY".utf8), name: "x.osm.bz2") else {
            Issue.record("expected unsupported")
            return
        }
        #expect(what.contains("bzip2"))
    }

    @Test("a missing file and a folder are unreadable, with the path")
    func unreadable() throws {
        let missing = "/nonexistent/nearby/extract.osm.pbf"
        #expect(throws: OSMImportError.unreadable(path: missing, reason: "no such file or directory")) {
            try OSMImporter(path: missing).run(into: CollectingImportSink())
        }
        let file = try TemporaryFile(bytes: [1])
        defer { file.remove() }
        let folder = file.url.deletingLastPathComponent().path
        #expect(throws: OSMImportError.unreadable(path: folder, reason: "it is a folder")) {
            try OSMImporter(path: folder).run(into: CollectingImportSink())
        }
    }
}
