import Foundation
import NearbyCore
import Testing
import TestSupport
@testable import NearbyData

/// Nearby's walking lengths against an independent router (a plain Dijkstra in Python over the same
/// extract converted to XML by osmium): the same length within 1 % for 200 random pairs.
@Suite("Walking network agrees with an independent router",
       .enabled(if: LiechtensteinExtract.path != nil, LiechtensteinExtract.isAbsentMessage),
       .enabled(if: ExternalTool.find("osmium") != nil && ExternalTool.find("python3") != nil,
                "needs osmium (Debian osmium-tool) and python3; .ci/run installs them"))
struct ReferenceRouterAgreementTests {
    static let pairs = 200
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("reference_router.py").path

    struct Pair: Decodable {
        let from: [Double]
        let to: [Double]
        let metres: Double?
    }

    @Test("200 random walks have the same length within 1 %", .computeBound)
    func agreement() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let extract = try #require(LiechtensteinExtract.path)
        let database = try AppDatabase.open(at: folder.url.appendingPathComponent("nearby.sqlite"))
        _ = try LocalPlacesStore(database: database).importOpenStreetMap(at: extract)
        let xml = folder.url.appendingPathComponent("extract.osm").path
        _ = try await ExternalTool.run(try #require(ExternalTool.find("osmium")),
                                       ["cat", extract, "-o", xml, "--overwrite"], in: folder.url)
        let output = try await ExternalTool.run(try #require(ExternalTool.find("python3")),
                                                [Self.script, xml, "--pairs", "\(Self.pairs)", "--seed", "14"],
                                                in: folder.url)
        let pairs = try output.split(separator: "\n").map {
            try JSONDecoder().decode(Pair.self, from: Data($0.utf8))
        }
        #expect(pairs.count == Self.pairs)

        let router = LocalWalkingRouter(database: database)
        var agreeing = 0, bothReached = 0, worst = 0.0
        var disagreements: [String] = []
        for pair in pairs {
            let start = Coordinate(latitude: pair.from[0], longitude: pair.from[1])
            let end = Coordinate(latitude: pair.to[0], longitude: pair.to[1])
            let ours = try router.walksNow(from: start, to: [end])[0]?.metres
            // The route (its own search, with its line) must say the same.
            let route = try router.routeNow(from: start, to: end)
            if route?.length.rounded() != ours?.rounded() {
                disagreements.append("\(pair.from) → \(pair.to): route \(route?.length ?? -1) m, walks \(ours ?? -1) m")
            }
            switch (ours, pair.metres) {
            case (let ours?, let theirs?):
                bothReached += 1
                let error = abs(ours - theirs) / max(theirs, 1)
                worst = max(worst, error)
                if error <= 0.01 { agreeing += 1 } else {
                    disagreements.append("\(pair.from) → \(pair.to): \(Int(ours)) m here, \(Int(theirs)) m there")
                }
            case (nil, nil):
                agreeing += 1
            default:
                disagreements.append("\(pair.from) → \(pair.to): \(ours.map { "\(Int($0)) m" } ?? "none") here, "
                                     + "\(pair.metres.map { "\(Int($0)) m" } ?? "none") there")
            }
        }
        print("reference router: \(agreeing) of \(pairs.count) pairs agree within 1 % "
              + "(\(bothReached) walks found by both; largest difference \(String(format: "%.3f", worst * 100)) %)")
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        // The pairs must be real walks, not pairs both routers call unreachable.
        #expect(bothReached >= Self.pairs * 3 / 4)
    }
}
