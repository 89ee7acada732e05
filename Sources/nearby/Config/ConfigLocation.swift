import FoundationEssentials

/// Where the config file lives: `$XDG_CONFIG_HOME/nearby/config.toml`, else `~/.config/nearby/config.toml`.
enum ConfigLocation {
    static func file(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        // XDG: a relative XDG_CONFIG_HOME is invalid and must be ignored.
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent("nearby/config.toml")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config/nearby/config.toml")
    }
}
