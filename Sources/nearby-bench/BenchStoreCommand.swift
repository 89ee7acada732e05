import ArgumentParser
import FoundationEssentials
import Glibc
import NearbyCore
import NearbyData

/// `nearby-bench store`: fills a store with generated places and times the queries screens make.
///
/// A subcommand rather than a test, so it measures the real release binary with the real write API,
/// without building every test target for release.
struct BenchStoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Benchmark the places store on generated data.")

    /// `--data-dir`: where the benchmark store goes (kept afterwards; use a scratch folder).
    @OptionGroup var global: BenchStoreOptions

    @Option(parsing: .unconditional, help: "How many places to generate.")
    var places = 1_000_000

    @Option(parsing: .unconditional, help: "How many timed queries of each kind.")
    var queries = 2_000

    @Option(parsing: .unconditional, help: "Query radius in metres.")
    var radius = 5_000.0

    @Option(parsing: .unconditional, help: "Seed of the generated region.")
    var seed: UInt64 = 1

    @Flag(help: "Also print the five slowest queries of each kind.")
    var slowest = false

    @Flag(help: "Use the places already in the store (generated with the same seed) instead of importing.")
    var reuse = false

    @Flag(help: "Time the Friends list's reads (count and windows) on the friends already in the store instead.")
    var friends = false

    @Flag(help: """
        Query the places already in the store, whatever made them (an imported extract): points near its places, \
        its categories, words of its names.
        """)
    var stored = false

    func run() async throws {
        guard global.dataDirectory != nil else {
            throw BenchFailure("Give the benchmark its own --data-dir, so it never touches your store.")
        }
        if friends {
            let repository = LocalFriendsRepository(database: try global.openStore(.readOnly))
            try await FriendsWindowBenchmark(repository: repository, queries: queries, seed: seed).run()
            return
        }
        let file = DataLocation.storeFile(in: global.directory)
        let database = try global.openStore()
        let store = LocalPlacesStore(database: database)
        var region = SyntheticPlaces(seed: seed)

        if stored {
            print("Querying the places in \(file.path)")
        } else if reuse {
            print("Reusing \(file.path)")
        } else {
            guard try store.fetchIsEmpty() else {
                throw BenchFailure("\(file.path) already holds places; pass --reuse or an empty --data-dir.")
            }
            // Places are made in chunks outside the timed part, so the figure is the store's, not the generator's.
            var generating = Duration.zero
            var bodyEnded = ContinuousClock.now
            let started = ContinuousClock.now
            let written = try store.importPlaces { writer in
                var next = 0
                while next < places {
                    let chunkStart = ContinuousClock.now
                    let chunk = (next..<min(places, next + 50_000)).map { region.place($0) }
                    generating += ContinuousClock.now - chunkStart
                    for place in chunk { try writer.upsert(place) }
                    next += chunk.count
                }
                bodyEnded = ContinuousClock.now
                return writer.placesWritten
            }
            let ended = ContinuousClock.now
            let seconds = (ended - started - generating).seconds
            // The store and its WAL, which holds the import until a checkpoint copies it over.
            let size = [file.path, file.path + "-wal"].reduce(0) { total, path in
                var info = stat()
                return total + (stat(path, &info) == 0 ? Int(info.st_size) : 0)
            }
            print("import: \(written) places in \(NumberText.fixed(seconds, digits: 1)) s = "
                         + "\(NumberText.fixed(Double(written) / seconds, digits: 0)) places/s (generating them took "
                         + "\(NumberText.fixed(generating.seconds, digits: 1)) s more; the last batch and the commit "
                         + "\(NumberText.fixed((ended - bodyEnded).seconds, digits: 1)) s); store "
                         + "\(NumberText.fixed(Double(size) / 1_048_576, digits: 0)) MB")
        }

        // Each kind gets its own points, drawn after the import so `--reuse` sees the same ones.
        var sample = stored ? try StoredPlacesSample(database: database, count: max(queries, 1_000), seed: seed) : nil
        func point() -> Coordinate { sample?.queryPoint() ?? region.queryPoint() }
        func category() -> Category { sample?.queryCategory() ?? region.queryCategory() }
        func prefix() -> String { sample?.searchPrefix() ?? region.searchPrefix() }
        var kinds: [(name: String, describe: (Int) -> String, run: () throws -> Int)] = []
        var nearestCategory: [(Coordinate, Category)] = []
        var nearestAll: [Coordinate] = []
        var searches: [(Coordinate, String)] = []
        var counts: [Coordinate] = []
        var anywhere: [(Coordinate, String)] = []
        for _ in 0..<queries {
            nearestCategory.append((point(), category()))
            nearestAll.append(point())
            searches.append((point(), prefix()))
            counts.append(point())
            anywhere.append((point(), prefix()))
        }
        let radius = radius
        var next = 0
        kinds.append(("nearest 50, one category", { "\(nearestCategory[$0])" }, {
            let (point, category) = nearestCategory[next % nearestCategory.count]
            let query = PlaceQuery(center: point, radius: radius, category: category, limit: 50)
            return try store.fetchPage(query).hits.count
        }))
        kinds.append(("nearest 50, all categories", { "\(nearestAll[$0])" }, {
            try store.fetchPage(PlaceQuery(center: nearestAll[next % nearestAll.count], radius: radius, limit: 50))
                .hits.count
        }))
        kinds.append(("name search, 50 nearest", { "\(searches[$0])" }, {
            let (point, text) = searches[next % searches.count]
            let query = PlaceQuery(center: point, radius: radius, searchText: text, limit: 50)
            return try store.fetchPage(query).hits.count
        }))
        // Home's `/`: a name anywhere in the store, nearest first (the list's first page).
        kinds.append(("name search, anywhere", { "\(anywhere[$0])" }, {
            let (point, text) = anywhere[next % anywhere.count]
            let query = PlaceQuery(center: point, radius: LocalPlacesStore.everywhere, searchText: text, limit: 50)
            return try store.fetchPage(query).hits.count
        }))
        kinds.append(("count within 2 km", { "\(counts[$0])" }, {
            try store.fetchCount(near: counts[next % counts.count], radius: 2_000, category: nil)
        }))
        // What the Places list's title asks for beside its first page.
        kinds.append(("count within the radius", { "\(counts[$0])" }, {
            try store.fetchCount(near: counts[next % counts.count], radius: radius, category: nil)
        }))

        print("\(queries) queries each, radius \(NumberText.fixed(radius, digits: 0)) m, seed \(seed)")
        print("query                          median     p95      p99      max   mean hits")
        for (name, describe, body) in kinds {
            // A warm-up pass, so the page cache holds what a running app would have.
            for index in 0..<min(200, queries) { next = index; _ = try body() }
            var times: [Double] = []
            var timed: [(Double, Int)] = []
            var hits = 0
            for index in 0..<queries {
                next = index
                let started = ContinuousClock.now
                hits += try body()
                times.append((ContinuousClock.now - started).seconds * 1_000)
                timed.append((times[times.count - 1], index))
            }
            times.sort()
            let median = times[times.count / 2]
            func percentile(_ share: Double) -> Double {
                times[min(times.count - 1, max(0, Int((Double(times.count) * share).rounded(.up)) - 1))]
            }
            let p95 = percentile(0.95), p99 = percentile(0.99)
            func field(_ value: Double, _ width: Int, _ digits: Int) -> String {
                NumberText.rightAligned(NumberText.fixed(value, digits: digits), width: width)
            }
            print(NumberText.leftAligned(name, width: 28) + " " + field(median, 6, 2) + " ms "
                         + field(p95, 6, 2) + " ms " + field(p99, 6, 2) + " ms " + field(times.last ?? 0, 6, 2) + " ms  "
                         + field(Double(hits) / Double(queries), 6, 1))
            if slowest {
                for (milliseconds, index) in timed.sorted(by: { $0.0 > $1.0 }).prefix(5) {
                    print("    " + field(milliseconds, 7, 2) + " ms  " + describe(index))
                }
            }
        }
    }
}

extension Duration {
    fileprivate var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
