import ArgumentParser
import FoundationEssentials
import NearbyData

/// `--data-dir`: the benchmark's own store folder (never the user's store unless named).
struct BenchStoreOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), parsing: .unconditional,
            help: ArgumentHelp("Folder of the benchmark's store.", valueName: "DIR"), completion: .directory)
    var dataDirectory: String?

    /// The folder the store lives in.
    var directory: URL {
        if let dataDirectory { return URL(fileURLWithPath: dataDirectory, isDirectory: true) }
        return DataLocation.defaultDirectory()
    }

    /// Opens the store, or fails with the store's own sentence.
    func openStore(_ access: AppDatabase.Access = .readWrite) throws(BenchFailure) -> AppDatabase {
        do {
            return try AppDatabase.open(at: DataLocation.storeFile(in: directory), access: access)
        } catch {
            throw BenchFailure(error.description)
        }
    }
}
