import ArgumentParser
import FoundationEssentials
import Glibc
import NearbyCore
import NearbyData

/// `nearby-bench route`: times walking times for a page (50 places) and for 1,000 places from
/// random points of an imported store, with the tile cache warm and cold, and reports the memory used.
struct BenchRouteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Benchmark walking times on an imported store.")

    @OptionGroup var global: BenchStoreOptions

    @Option(parsing: .unconditional, help: "Import this extract into the (empty) --data-dir first.")
    var importFile: String?

    @Option(parsing: .unconditional, help: "How many starting points of each kind.")
    var queries = 200

    @Option(parsing: .unconditional, help: "Seed of the starting points.")
    var seed: UInt64 = 1

    func run() throws {
        guard global.dataDirectory != nil else {
            throw BenchFailure("Give the benchmark its own --data-dir, so it never touches your store.")
        }
        let database = try global.openStore()
        let store = LocalPlacesStore(database: database)
        if let importFile {
            let started = ContinuousClock.now
            let summary = try store.importOpenStreetMap(at: importFile)
            let network = summary.network ?? WalkNetworkSummary()
            print("import: \(summary.places) places, \(network.ways) walkable ways, \(network.vertices) junctions, "
                  + "\(network.edges) stretches in \(network.tiles) tiles, \(network.bytes / 1024) KB; "
                  + "\(format(milliseconds(ContinuousClock.now - started))) ms in all")
        }
        let router = LocalWalkingRouter(database: database)
        let stored = try router.storedSize()
        print("network: \(stored.tiles) tiles, \(stored.bytes / 1024) KB stored")
        let startRSS = peakResidentKilobytes()

        // Starting points: random places of the store, so every start is where people are.
        var random = SeededRandom(seed: seed)
        let everything = try store.fetchPage(PlaceQuery(center: Coordinate(latitude: 47.141, longitude: 9.5209),
                                                        radius: 100_000, limit: 5_000)).hits
        guard !everything.isEmpty else { throw BenchFailure("The store holds no places to start from.") }
        var starts: [Coordinate] = []
        for _ in 0..<queries { starts.append(random.pick(everything).place.coordinate) }

        for count in [50, 1_000] {
            var targets: [[Coordinate]] = []
            var padded = 0
            for start in starts {
                let page = try store.fetchPage(PlaceQuery(center: start, radius: 50_000, limit: count))
                var points = page.hits.map(\.place.coordinate)
                // A small extract has fewer places than asked: random points within 2 km stand in for the rest.
                while points.count < count {
                    let angle = random.unit() * 2 * .pi, metres = random.unit().squareRoot() * 2_000
                    points.append(Coordinate(
                        latitude: start.latitude + metres * cos(angle) / 111_195,
                        longitude: start.longitude + metres * sin(angle) / (111_195 * cos(start.latitude * .pi / 180))))
                    padded += 1
                }
                targets.append(points)
            }
            if padded > 0 { print("(\(padded / starts.count) of each start's \(count) targets are random points within 2 km)") }
            for cold in [false, true] {
                var times: [Double] = []
                var reached = 0, asked = 0
                router.dropCache()
                for (start, places) in zip(starts, targets) {
                    if cold { router.dropCache() }
                    let began = ContinuousClock.now
                    let walks = try router.walksNow(from: start, to: places)
                    times.append(Double(milliseconds(ContinuousClock.now - began)))
                    reached += walks.compactMap { $0 }.count
                    asked += places.count
                }
                times.sort()
                let median = times[times.count / 2], p90 = times[times.count * 9 / 10], worst = times.last ?? 0
                print("walking times for \(count) places, tile cache \(cold ? "cold" : "warm"): "
                      + "median \(format(median)) ms, p90 \(format(p90)) ms, max \(format(worst)) ms "
                      + "over \(times.count) starts; \(reached) of \(asked) places reached")
            }
        }
        print("peak RSS: \(peakResidentKilobytes() / 1024) MB (\(startRSS / 1024) MB before the searches)")
    }

    private func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) * 1e-15
    }

    private func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    private func peakResidentKilobytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }
}
