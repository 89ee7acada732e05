import FoundationEssentials

extension AppSettings {
    /// The settings of this process: `flags`, the environment and the config file it names.
    static func load(flags: [SettingKey: String],
                     environment: [String: String] = ProcessEnvironment.values) throws(SettingsError)
        -> AppSettings {
        let url = ConfigLocation.file(environment: environment)
        let file = try ConfigFile.load(from: url)
        return try resolve(flags: flags, environment: environment, file: file, configPath: url.path)
    }
}
