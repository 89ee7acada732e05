import NearbyCore
import NearbyData

/// Times the reads behind the Friends list on the friends already in a store: the count and first window its
/// first frame needs, windows further down, and filtered windows as the user types.
struct FriendsWindowBenchmark {
    let repository: LocalFriendsRepository
    let queries: Int
    var seed: UInt64 = 1

    /// The list's window size (FriendsListViewModel reads 200 rows around the selection).
    static let window = 200

    func run() async throws {
        let total = try await repository.friendsPage(filter: nil, offset: 0, limit: 0).total
        guard total > 0 else {
            throw BenchFailure("The store holds no friends; import some first (scripts/gen-friends-vcf.py, then "
                                 + "nearby friends import).")
        }
        var random = SeededRandom(seed: seed)
        let needles = ["an", "be", "mü", "ol", "ng", "xyzzy"]
        var kinds: [(String, (Int) async throws -> Int)] = []
        kinds.append(("first window and count", { _ in
            try await repository.friendsPage(filter: nil, offset: 0, limit: Self.window).friends.count
        }))
        let offsets = (0..<queries).map { _ in random.int(below: max(1, total - Self.window)) }
        kinds.append(("window at a random offset", { index in
            try await repository.friendsPage(filter: nil, offset: offsets[index], limit: Self.window).friends.count
        }))
        kinds.append(("window at the end", { _ in
            try await repository.friendsPage(filter: nil, offset: total - 50, limit: Self.window).friends.count
        }))
        kinds.append(("filtered window and count", { index in
            try await repository.friendsPage(filter: needles[index % 5], offset: 0, limit: Self.window).friends.count
        }))
        kinds.append(("filter matching nothing", { _ in
            try await repository.friendsPage(filter: needles[5], offset: 0, limit: Self.window).friends.count
        }))

        print("\(total) friends, window \(Self.window), \(queries) reads each")
        print("read                           median     p99      max   mean rows")
        for (name, body) in kinds {
            for index in 0..<min(50, queries) { _ = try await body(index) }
            var times: [Double] = []
            var rows = 0
            for index in 0..<queries {
                let started = ContinuousClock.now
                rows += try await body(index)
                let elapsed = (ContinuousClock.now - started).components
                times.append(Double(elapsed.seconds) * 1_000 + Double(elapsed.attoseconds) / 1e15)
            }
            times.sort()
            let median = times[times.count / 2]
            let p99 = times[min(times.count - 1, Int((Double(times.count) * 0.99).rounded(.up)) - 1)]
            let label = name + String(repeating: " ", count: max(0, 28 - name.count))
            print(label + " " + Self.milliseconds(median) + " " + Self.milliseconds(p99) + " "
                  + Self.milliseconds(times.last ?? 0) + "  " + NumberText.fixed(Double(rows) / Double(queries), digits: 1))
        }
    }

    /// "  0.84 ms", right-aligned.
    private static func milliseconds(_ value: Double) -> String {
        let text = NumberText.fixed(value, digits: 2) + " ms"
        return String(repeating: " ", count: max(0, 9 - text.count)) + text
    }
}
