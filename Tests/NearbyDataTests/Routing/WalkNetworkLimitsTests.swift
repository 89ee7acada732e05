import Foundation
import NearbyCore
import Testing
@testable import NearbyData

/// A small file cannot make the walking network keep millions of node references (attack-2026-12-04, N2): the
/// bound follows the file's size, with an allowance, and what lies beyond is left out and counted.
@Suite("Walking network limits")
struct WalkNetworkLimitsTests {
    @Test("the bound follows the file's size, never below the allowance")
    func boundFollowsFileSize() {
        let limits = WalkNetworkLimits.standard
        #expect(limits.references(fileSize: 270_000) == limits.referencesAllowance)
        // Germany-sized: 4.3 GB bring 150 M references, well within.
        #expect(limits.references(fileSize: 4_331_660_162) == 4_331_660_162)
        #expect(limits.references(fileSize: .max) == .max)
    }

    @Test("a few kilobytes of footways claiming many references keep the allowance; the rest are counted")
    func smallFileKeepsTheAllowance() throws {
        let nodes = (1...2_000).map { TestPBF.Node(id: Int64($0), lat: 47.0, lon: 9.0 + Double($0) * 1e-5) }
        let ways = (1...100).map {
            TestPBF.Way(id: Int64($0), refs: Array(1...2_000), tags: [("highway", "footway")])
        }
        let bytes = TestPBF(nodes: nodes, ways: ways).bytes
        #expect(bytes.count < 20_000)
        var limits = OSMImportLimits()
        limits.walkNetwork.referencesAllowance = 50_000
        let file = try TemporaryFile(name: "claims.osm.pbf", bytes: bytes)
        defer { file.remove() }
        let summary = try LocalPlacesStore(database: try AppDatabase.inMemory())
            .importOpenStreetMap(at: file.path, limits: limits)
        let network = try #require(summary.network)
        #expect(network.ways == 25)
        #expect(network.waysBeyondLimit == 75)
        #expect(network.referenceLimit == 50_000)
    }
}
