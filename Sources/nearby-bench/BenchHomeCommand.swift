import ArgumentParser
import FoundationEssentials
import NearbyCore
import NearbyData
import NearbyViewModels

/// `nearby-bench home`: times Home's loading over a store that `nearby-bench store` filled.
///
/// Home asks one count per category, the nearest places of each category and a total: this measures
/// those queries one by one, and the whole Home from `load()` until every section has answered.
struct BenchHomeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "home",
        abstract: "Benchmark Home's queries on a store filled by nearby-bench store.")

    /// `--data-dir`: the benchmark store `nearby-bench store` wrote.
    @OptionGroup var global: BenchStoreOptions

    @Option(parsing: .unconditional, help: "How many Home loads to time.")
    var runs = 50

    @Option(parsing: .unconditional, help: "Home's radius in metres.")
    var radius = 2_000.0

    @Option(parsing: .unconditional, help: "Seed the store was generated with (nearby-bench store --seed).")
    var seed: UInt64 = 1

    func run() async throws {
        guard global.dataDirectory != nil else {
            throw BenchFailure("Give the benchmark the --data-dir that nearby-bench store filled.")
        }
        let database = try global.openStore(.readOnly)
        let store = LocalPlacesStore(database: database)
        guard try !store.fetchIsEmpty() else {
            throw BenchFailure("The store is empty: fill it first with nearby-bench store --data-dir DIR "
                                 + "--places 100000.")
        }
        var region = SyntheticPlaces(seed: seed)
        // The biggest towns first (the densest places), then points drawn as the query benchmarks draw them.
        let centres = region.towns.prefix(10).map(\.center) + (0..<max(0, runs - 10)).map { _ in region.queryPoint() }
        let total = try store.fetchCount(near: Coordinate(latitude: 0, longitude: 0), radius: 20_037_509,
                                         category: nil)
        print("\(total) places in the store, radius \(NumberText.fixed(radius, digits: 0)) m")

        try measureQueries(store, at: Array(centres.prefix(runs)))
        await Self.measureHome(database: database, store: store, centres: Array(centres.prefix(runs)),
                               radius: radius)
    }

    private func measureQueries(_ store: LocalPlacesStore, at centres: [Coordinate]) throws {
        let kinds: [(String, (Coordinate) throws -> Int)] = [
            ("total count", { try store.fetchCount(near: $0, radius: radius, category: nil) }),
            ("24 counts, one per category", { centre in
                try Category.allCases.reduce(0) { $0 + (try store.fetchCount(near: centre, radius: radius,
                                                                               category: $1)) }
            }),
            ("counts in one pass (store only)", { centre in
                try store.fetchCategoryCounts(near: centre, radius: radius).values.reduce(0, +)
            }),
            ("24 × nearest 20 of a category", { centre in
                try Category.allCases.reduce(0) { sum, category in
                    sum + (try store.fetchPage(PlaceQuery(center: centre, radius: radius, category: category,
                                                          limit: HomeViewModel.candidatesPerPage)).hits.count)
                }
            }),
        ]
        print("query                              median      p95      max   mean result")
        for (name, body) in kinds {
            for centre in centres.prefix(5) { _ = try body(centre) } // warm the page cache
            var times: [Double] = []
            var results = 0
            for centre in centres {
                let started = ContinuousClock.now
                results += try body(centre)
                times.append((ContinuousClock.now - started).milliseconds)
            }
            print(Self.row(name, times, mean: Double(results) / Double(max(centres.count, 1))))
        }
    }

    @MainActor
    private static func measureHome(database: AppDatabase, store: LocalPlacesStore, centres: [Coordinate],
                                    radius: Double) async {
        let friends = LocalFriendsRepository(database: database)
        var times: [Double] = []
        var sections = 0
        for (index, centre) in (centres.prefix(5) + centres).enumerated() {
            let home = HomeViewModel(context: HomeContext(
                places: store, friends: friends, navigator: Navigator(),
                here: HomeLocation(coordinate: centre), radius: radius))
            let started = ContinuousClock.now
            home.load()
            await home.idle()
            let elapsed = (ContinuousClock.now - started).milliseconds
            // The first five are the warm-up.
            if index >= 5 {
                times.append(elapsed)
                sections += home.sections.value.count
            }
            home.close()
        }
        print(row("Home load() until idle", times, mean: Double(sections) / Double(max(times.count, 1)))
                     + " sections")
    }

    private static func row(_ name: String, _ unsorted: [Double], mean: Double) -> String {
        let times = unsorted.sorted()
        guard !times.isEmpty else { return name }
        let p95 = times[min(times.count - 1, Int((Double(times.count) * 0.95).rounded(.up)) - 1)]
        func field(_ value: Double, _ width: Int, _ digits: Int) -> String {
            NumberText.rightAligned(NumberText.fixed(value, digits: digits), width: width)
        }
        return NumberText.leftAligned(name, width: 32) + " " + field(times[times.count / 2], 7, 2) + " ms "
            + field(p95, 7, 2) + " ms " + field(times.last ?? 0, 7, 2) + " ms " + field(mean, 8, 1)
    }
}

extension Duration {
    fileprivate var milliseconds: Double {
        let parts = components
        return Double(parts.seconds) * 1_000 + Double(parts.attoseconds) / 1e15
    }
}
