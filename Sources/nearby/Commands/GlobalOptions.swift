import ArgumentParser
import Foundation
import NearbyData

/// Options every command shares.
struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: "Folder of the store (default: $XDG_DATA_HOME/nearby).")
    var dataDirectory: String?

    /// The folder the store lives in.
    var directory: URL {
        if let dataDirectory { return URL(fileURLWithPath: dataDirectory, isDirectory: true) }
        return DataLocation.defaultDirectory()
    }

    /// Opens the store. A failure is a `StoreError`: one sentence naming the file and what to do, reported
    /// as a runtime failure (exit status 1, no usage text), not as a wrong command line.
    /// - Parameter access: `.readOnly` for commands that only read: they then never write the store, and
    ///   work on a store the user may only read.
    func openStore(_ access: AppDatabase.Access = .readWrite) throws(StoreError) -> AppDatabase {
        try AppDatabase.open(at: DataLocation.storeFile(in: directory), access: access)
    }
}
