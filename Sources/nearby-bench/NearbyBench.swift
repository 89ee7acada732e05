import ArgumentParser

/// `nearby-bench`: the benchmarks of docs/benchmarks.md that time Nearby's own code from inside (the store's
/// queries, Home's loading, walking times, opening hours). A program of its own, so the user's `nearby` carries
/// none of it; built with the app (`swift build -c release --product nearby-bench`), installed nowhere.
@main
struct NearbyBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nearby-bench",
        abstract: "Benchmarks of Nearby's store, Home, walking times and opening hours (docs/benchmarks.md).",
        subcommands: [BenchStoreCommand.self, BenchHomeCommand.self, BenchRouteCommand.self, BenchHoursCommand.self,
                      BenchPicturesCommand.self])
}

/// A benchmark that cannot run: the sentence says why ("Error: …", exit status 1).
struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
