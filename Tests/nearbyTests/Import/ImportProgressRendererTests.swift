import NearbyCore
@testable import NearbyData
import Testing
@testable import nearby

@Suite("Import progress and summary")
struct ImportProgressRendererTests {
    static func summary(network: WalkNetworkSummary) -> OSMImportSummary {
        var summary = OSMImportSummary(format: .pbf, placesByCategory: [:], localities: 0, waysPlaced: 0,
                                       waysWithoutNodes: 0, skips: OSMImportSkips(), elements: 10, bytes: 1_000,
                                       seconds: 1)
        summary.network = network
        return summary
    }

    @Test("the summary says which walkable ways and stretches were left out, and why")
    func leftOut() {
        var network = WalkNetworkSummary()
        network.ways = 3
        network.waysBeyondLimit = 2
        network.referenceLimit = 500_000
        network.stretchesLeftOut = 1
        let text = ImportProgressRenderer.summaryText(Self.summary(network: network), file: "x.osm.pbf", dryRun: false)
        #expect(text.contains(
            "  (2 walkable ways left out: a file of this size may bring 500,000 node references of paths)"))
        #expect(text.contains("  (1 stretch of paths left out: they span more than 180° of longitude, "
                              + "across the antimeridian or round a pole)"))
    }

    @Test("the bar names the pass and gives the time left once it can tell")
    func timeLeft() {
        let progress = OSMImportProgress(phase: .buildingTiles, bytesRead: 250, totalBytes: 1_000, elements: 5,
                                         places: 0, elapsed: 30)
        let line = ImportProgressRenderer.barLine(progress, columns: 120, passSeconds: 10)
        #expect(line.hasPrefix("Tiles"))
        #expect(line.hasSuffix("0:30 left"))
        #expect(!ImportProgressRenderer.barLine(progress, columns: 120, passSeconds: 0.5).contains("left"))
        #expect(ImportProgressRenderer.plainLine(progress, passSeconds: 10).hasSuffix(", 0:30 left"))
    }
}
