import ArgumentParser
import FoundationEssentials
import NearbyData

/// `--data-dir`: the folder of the store, shared by every command that reads or writes it.
struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), parsing: .unconditional,
            help: ArgumentHelp("Folder of the store (default: $XDG_DATA_HOME/nearby, else ~/.local/share/nearby).",
                               valueName: "DIR"),
            completion: .directory)
    var dataDirectory: String?

    /// The folder the store lives in.
    var directory: URL {
        if let dataDirectory { return URL(fileURLWithPath: dataDirectory, isDirectory: true) }
        return DataLocation.defaultDirectory()
    }

    /// Opens the store (creating its folder when needed), or fails with a sentence a user can act on.
    func openStore() throws(CommandFailure) -> AppDatabase {
        let file = DataLocation.storeFile(in: directory)
        do {
            try FileSystem.makeFolders(directory.path)
        } catch {
            throw CommandFailure("Cannot create the data folder \(error.path): \(error.reason); pass --data-dir "
                                 + "to use another.")
        }
        do {
            return try AppDatabase.open(at: file)
        } catch {
            throw CommandFailure(StoreOpenFailure.sentence(for: error, path: file.path))
        }
    }
}
