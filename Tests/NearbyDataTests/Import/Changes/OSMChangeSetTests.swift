import Foundation
import NearbyCore
import Testing
@testable import NearbyData
@testable import OSMFormats

/// Change files read into one set, and an extract read through them.
@Suite struct OSMChangeSetTests {
    private func changes(_ files: String...) throws -> OSMChangeSet {
        var set = OSMChangeSet()
        for text in files {
            let file = try TemporaryFile(name: "c.osc", text: text)
            defer { file.remove() }
            try set.read(file: file.path)
        }
        return set
    }

    @Test func everyActionIsReadWithEveryTagAndTheLatestVersionWins() throws {
        let set = try changes("""
            <osmChange version="0.6">
              <create><node id="5" version="1" lat="47.1" lon="9.5"><tag k="amenity" v="cafe"/><tag k="name" v="A"/></node></create>
              <modify><node id="5" version="3" lat="47.2" lon="9.5"><tag k="name" v="C"/></node></modify>
              <modify><node id="5" version="2" lat="47.3" lon="9.5"><tag k="name" v="B"/></node></modify>
              <delete><node id="6" version="4"/></delete>
              <modify><way id="9" version="2"><nd ref="1"/><nd ref="5"/><tag k="highway" v="footway"/></way></modify>
            </osmChange>
            """)
        #expect(set.nodeCount == 2 && set.wayCount == 1 && set.files == 1)
        #expect(set.nodes[5]?.tags == ["name": "C"])
        #expect(set.nodes[5]?.latitude == 47.2)
        #expect(set.nodes[6]?.action == .delete)
        #expect(set.ways[9]?.refs == [1, 5])
    }

    @Test func aLaterFileOverridesAnEarlierOne() throws {
        let set = try changes(
            #"<osmChange><create><node id="7" version="1" lat="1" lon="2"><tag k="shop" v="bakery"/></node></create></osmChange>"#,
            #"<osmChange><delete><node id="7" version="2"/></delete></osmChange>"#)
        #expect(set.nodes[7]?.action == .delete)
        #expect(set.files == 2)
    }

    @Test func aDamagedFileThrowsAndLeavesTheSetAsItWas() throws {
        var set = try changes(#"<osmChange><create><node id="1" lat="1" lon="2"/></create></osmChange>"#)
        for broken in [#"<osmChange><create><node id="2" lat="1" lon="2"/>"#,
                       #"<osm><node id="2" lat="1" lon="2"/></osm>"#,
                       #"<osmChange><node id="2" lat="1" lon="2"/></osmChange>"#] {
            let file = try TemporaryFile(name: "c.osc", text: broken)
            defer { file.remove() }
            #expect(throws: OSMImportError.self) { try set.read(file: file.path) }
            #expect(set.nodeCount == 1 && set.files == 1)
        }
    }

    @Test func anExtractReadThroughChangesIsTheChangedExtract() throws {
        let base = """
            <osm version="0.6">
              <node id="1" lat="47.10" lon="9.50"><tag k="amenity" v="cafe"/><tag k="name" v="Stays"/></node>
              <node id="3" lat="47.11" lon="9.51"><tag k="amenity" v="cafe"/><tag k="name" v="Renamed"/></node>
              <node id="5" lat="47.12" lon="9.52"><tag k="amenity" v="bar"/><tag k="name" v="Deleted"/></node>
              <node id="10" lat="47.13" lon="9.50"/><node id="11" lat="47.13" lon="9.51"/>
              <node id="12" lat="47.14" lon="9.51"/><node id="13" lat="47.14" lon="9.50"/>
              <way id="20"><nd ref="10"/><nd ref="11"/><nd ref="12"/><nd ref="13"/><nd ref="10"/><tag k="building" v="yes"/></way>
            </osm>
            """
        let set = try changes("""
            <osmChange>
              <create><node id="4" version="1" lat="47.115" lon="9.515"><tag k="shop" v="bakery"/><tag k="name" v="New"/></node></create>
              <modify><node id="3" version="2" lat="47.11" lon="9.51"><tag k="amenity" v="cafe"/><tag k="name" v="Renamed 2"/></node></modify>
              <delete><node id="5" version="2"/></delete>
              <modify><node id="12" version="2" lat="47.16" lon="9.51"/></modify>
              <modify><way id="20" version="2"><nd ref="10"/><nd ref="11"/><nd ref="12"/><nd ref="13"/><nd ref="10"/><tag k="building" v="yes"/><tag k="amenity" v="cafe"/><tag k="name" v="Area"/></way></modify>
            </osmChange>
            """)
        let file = try TemporaryFile(name: "base.osm", text: base)
        defer { file.remove() }
        let sink = CollectingImportSink()
        try OSMImporter(path: file.path, changes: set).run(into: sink)
        let names = sink.places.map(\.name).sorted()
        #expect(names == ["Area", "New", "Renamed 2", "Stays"])
        // The area stands at the centre of its nodes as the change left them (node 12 moved north).
        let area = try #require(sink.places.first { $0.name == "Area" })
        #expect(abs(area.coordinate.latitude - (47.13 + 47.13 + 47.16 + 47.14) / 4) < 1e-9)
    }
}

@Suite struct ReplicationStateTests {
    @Test func readsWhatOsmosisWrites() {
        let state = ReplicationState.parse(Data("""
            #Sat Dec 05 20:21:04 UTC 2026
            sequenceNumber=4321
            timestamp=2026-12-05T20\\:21\\:02Z
            """.utf8))
        #expect(state == ReplicationState(sequence: 4321, timestamp: 1_796_502_062))
        #expect(ReplicationState.parse(Data("sequenceNumber=x\ntimestamp=2026-12-05T20:21:02Z".utf8)) == nil)
        #expect(ReplicationState.parse(Data("<html>Not found</html>".utf8)) == nil)
    }

    @Test func changeFilesLieInThreeFolders() {
        let feed = ReplicationFeed(base: "https://download.geofabrik.de/europe/liechtenstein-updates/")
        #expect(feed.changesURL(3402) == "https://download.geofabrik.de/europe/liechtenstein-updates/000/003/402.osc.gz")
        #expect(feed.stateURL(1_234_567) == "https://download.geofabrik.de/europe/liechtenstein-updates/001/234/567.state.txt")
        #expect(feed.stateURL == "https://download.geofabrik.de/europe/liechtenstein-updates/state.txt")
    }
}
