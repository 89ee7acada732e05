import FoundationEssentials

/// Where the store lives on disk, following the XDG base directory rules.
public enum DataLocation {
    /// `$XDG_DATA_HOME/nearby`, else `~/.local/share/nearby`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("nearby", isDirectory: true)
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/share/nearby", isDirectory: true)
    }

    /// The store file inside `directory`.
    public static func storeFile(in directory: URL) -> URL {
        directory.appendingPathComponent("nearby.sqlite")
    }
}
