import Foundation
import NearbyCore
import Testing
@testable import NearbyData

/// A footway across the antimeridian or round a pole crashed the import (an Int32 overflow placing its shape
/// in a tile's grid): such stretches are now left out and counted, and the rest of the network kept.
@Suite("Walking network across the antimeridian")
struct AntimeridianWalkTests {
    /// The finding's file (attack-2026-12-04, N3), 189 bytes.
    static let antimeridian = """
        <?xml version="1.0"?>
        <osm version="0.6">
        <node id="1" lat="0" lon="170"/><node id="2" lat="0" lon="-170"/><way id="1"><nd ref="1"/><nd ref="2"/><tag k="highway" v="footway"/></way>
        </osm>

        """

    @Test("the finding's 189-byte file imports, with its one stretch left out and counted")
    func findingFile() throws {
        #expect(Self.antimeridian.utf8.count == 189)
        let file = try TemporaryFile(name: "antimeridian.osm", text: Self.antimeridian)
        defer { file.remove() }
        let summary = try LocalPlacesStore(database: try AppDatabase.inMemory()).importOpenStreetMap(at: file.path)
        let network = try #require(summary.network)
        #expect(network.stretchesLeftOut == 1)
        #expect(network.edges == 0)
    }

    @Test("a footway round the pole keeps its stretches under 180° and leaves out the one beyond")
    func roundThePole() throws {
        let text = """
            <?xml version="1.0"?>
            <osm version="0.6">
            <node id="1" lat="89.999" lon="0"/><node id="2" lat="89.999" lon="120"/>
            <node id="3" lat="89.999" lon="-120"/><node id="4" lat="89.999" lon="-60"/>
            <way id="1"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="4"/><tag k="highway" v="footway"/></way>
            </osm>
            """
        let file = try TemporaryFile(name: "pole.osm", text: text)
        defer { file.remove() }
        let summary = try LocalPlacesStore(database: try AppDatabase.inMemory()).importOpenStreetMap(at: file.path)
        let network = try #require(summary.network)
        #expect(network.stretchesLeftOut == 1)
        // 0 → 120 and −120 → −60: two stretches, each kept in both its tiles.
        #expect(network.edges == 2)
    }
}
