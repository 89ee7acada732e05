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

    /// Opens the store, with a message a user understands when that fails.
    func openStore() throws -> AppDatabase {
        let file = DataLocation.storeFile(in: directory)
        do {
            return try AppDatabase.open(at: file)
        } catch {
            throw ValidationError("Cannot open the store at \(file.path): \(error)")
        }
    }
}
