import ArgumentParser
import Glibc
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

    /// Opens the store (creating it and its folder when needed for writing), or fails with the store's
    /// sentence naming the file and what to do: a runtime failure (exit status 1, no usage text), not a wrong
    /// command line.
    /// - Parameter access: `.readOnly` for commands that only read: they then never write the store (but to
    ///   bring one an older Nearby made up to date, where the user may write it), and work on a store the user
    ///   may only read.
    func openStore(_ access: AppDatabase.Access = .readWrite) throws(CommandFailure) -> AppDatabase {
        // A folder that is there but cannot be entered is not an empty store: say so, rather than "no places yet".
        var info = stat()
        if stat(directory.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, Glibc.access(directory.path, X_OK) != 0 {
            let reason = String(cString: strerror(errno)).lowercased()
            throw CommandFailure("Cannot read the data folder \(directory.path): \(reason).")
        }
        do {
            return try AppDatabase.open(at: DataLocation.storeFile(in: directory), access: access)
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
