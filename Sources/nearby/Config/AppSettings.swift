import FoundationEssentials
import NearbyCore
import NearbyData
import NearbyScreens
import TerminalView
import NearbyRemote

/// The settings the app runs with, each resolved flag > environment > config file > default and checked.
struct AppSettings: Equatable, Sendable {
    var source: DataSource = .local
    /// The live places source's base URL; nil for the source's own default.
    var placesURL: URL?
    /// The friends service; nil keeps friends in the local store.
    var friendsURL: URL?
    var friendsToken: Secret?
    var googleAPIKey: Secret?
    /// The service's PostgreSQL URL; it may hold a password, so it is never shown.
    var databaseURL: Secret?
    /// The places service's bearer token (`--source service`).
    var placesToken: Secret?
    /// Where the key was set ("NEARBY_GOOGLE_API_KEY", "config.toml line 3 (google_api_key)"), so that a
    /// denied key's message says where to look; never the key itself.
    var googleAPIKeyOrigin: String?
    var googleAPI: GoogleAPI = .new
    /// Where "here" is, as the user wrote it (LAT,LON or a place name); resolved against the store later.
    var near: String?
    /// Where `near` was set ("--near", "config.toml line 3 (near)"), for messages.
    var nearOrigin: String?
    var units: UnitSystem = .metric
    /// Whether the app may send links to the terminal (OSC 8); the terminal type can still rule them out.
    var hyperlinks = true
    /// The theme and the roles restyled in `[colors]`.
    var theme = ThemeSettings()
    /// The download index of `nearby regions` (nil: Geofabrik's).
    var regionsURL: URL?
    /// A mirror of the replication feeds (`nearby update`).
    var updatesURL: URL?
    /// Whether `nearby download` keeps the extract: by default yes, as `nearby update` reads it.
    var keepDownloads = true
    /// Whether places' pictures are fetched with the local source (a live source fetches them anyway).
    var fetchPictures = false
    /// Where Wikimedia Commons files are fetched (nil: commons.wikimedia.org).
    var commonsURL: URL?
    /// Every screen's keys, with the `[keys]` table's lines applied and checked.
    var keyTable = KeyTable.standard
    /// Where gpsd listens, for `near = "gps"`.
    var gpsd = GPSDClient()
    /// The country whose public holidays apply everywhere ("LI"); nil looks it up per place.
    var country: String?
    /// The holiday calendar file, and where that setting came from (for messages).
    var holidaysFile: RawSetting?
    /// Where the config file was looked for (named in messages).
    var configPath: String?

    /// Resolves every setting from its sources, or fails with one line naming the first bad one.
    static func resolve(flags: [SettingKey: String], environment: [String: String], file: ConfigFile?,
                        configPath: String? = nil) throws(SettingsError) -> AppSettings {
        let sources = SettingSources(flags: flags, environment: environment, file: file)
        var settings = AppSettings()
        settings.configPath = configPath ?? file?.path

        if let raw = try sources.value(of: .source) {
            guard let source = DataSource(rawValue: raw.value.lowercased()) else {
                throw SettingsError("\(raw.origin): unknown source \(TerminalText.quoted(raw.value)); "
                                    + "use local, overpass, google or service.")
            }
            settings.source = source
        }
        settings.placesURL = try sources.value(of: .placesURL).map(Self.serviceURL)
        settings.regionsURL = try sources.value(of: .regionsURL).map(Self.serviceURL)
        settings.commonsURL = try sources.value(of: .commonsURL).map(Self.serviceURL)
        settings.updatesURL = try sources.value(of: .updatesURL).map(Self.serviceURL)
        settings.friendsURL = try sources.value(of: .friendsURL).map(Self.serviceURL)
        settings.friendsToken = try sources.value(of: .friendsToken).map(Self.secret)
        if let raw = try sources.value(of: .googleAPIKey) {
            settings.googleAPIKey = try Self.secret(raw)
            settings.googleAPIKeyOrigin = raw.origin
        }
        if let raw = try sources.value(of: .googleAPI) {
            guard let api = GoogleAPI(rawValue: raw.value.lowercased()) else {
                throw SettingsError("\(raw.origin): unknown Google API \(TerminalText.quoted(raw.value)); use new or legacy.")
            }
            settings.googleAPI = api
        }
        settings.databaseURL = try sources.value(of: .databaseURL).map(Self.databaseURL)
        settings.placesToken = try sources.value(of: .placesToken).map(Self.secret)
        if let raw = try sources.value(of: .near) {
            settings.near = raw.value
            settings.nearOrigin = raw.origin
        }
        if let raw = try sources.value(of: .gpsd) {
            guard let client = GPSDClient(address: raw.value) else {
                throw SettingsError("\(raw.origin): \(TerminalText.quoted(raw.value)) is not a gpsd address; "
                                    + "use HOST:PORT, e.g. localhost:2947.")
            }
            settings.gpsd = client
        }
        if let raw = try sources.value(of: .hyperlinks) {
            switch raw.value.lowercased() {
            case "on", "true", "yes", "1": settings.hyperlinks = true
            case "off", "false", "no", "0": settings.hyperlinks = false
            default:
                throw SettingsError("\(raw.origin): \(TerminalText.quoted(raw.value)) is not on or off.")
            }
        }
        if let raw = try sources.value(of: .fetchPictures) {
            switch raw.value.lowercased() {
            case "yes", "true", "on", "1": settings.fetchPictures = true
            case "no", "false", "off", "0": settings.fetchPictures = false
            default: throw SettingsError("\(raw.origin): \(TerminalText.quoted(raw.value)) is not yes or no.")
            }
        }
        if let raw = try sources.value(of: .keepDownloads) {
            switch raw.value.lowercased() {
            case "yes", "true", "on", "1": settings.keepDownloads = true
            case "no", "false", "off", "0": settings.keepDownloads = false
            default: throw SettingsError("\(raw.origin): \(TerminalText.quoted(raw.value)) is not yes or no.")
            }
        }
        if let raw = try sources.value(of: .units) {
            guard let units = UnitSystem(rawValue: raw.value.lowercased()) else {
                throw SettingsError("\(raw.origin): unknown units \(TerminalText.quoted(raw.value)); use metric or imperial.")
            }
            settings.units = units
        }
        if let raw = try sources.value(of: .country) {
            let code = raw.value.trimmingSpaces().uppercased()
            guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw SettingsError("\(raw.origin): \(TerminalText.quoted(raw.value)) is not a country code; "
                                    + "use two letters such as LI, CH or US.")
            }
            settings.country = code
        }
        settings.holidaysFile = try sources.value(of: .holidaysFile)
        if let raw = try sources.value(of: .theme) {
            guard let name = ThemeName(rawValue: raw.value.trimmingBlanks().lowercased()) else {
                let names = ThemeName.allCases.map(\.rawValue).joined(separator: ", ")
                throw SettingsError("\(raw.origin): unknown theme \(TerminalText.quoted(raw.value)); the themes are \(names).")
            }
            settings.theme.name = name
        }
        if let raw = try sources.value(of: .images) {
            guard let images = ImagesSetting(rawValue: raw.value.trimmingBlanks().lowercased()) else {
                throw SettingsError("\(raw.origin): \(TerminalText.quoted(raw.value)) is not auto, blocks, sextants, kitty, sixel, iterm2 or off.")
            }
            settings.theme.images = images
        }
        if let file {
            settings.theme.overrides = try colors(of: file)
            let lines = (file.tables[.keys] ?? []).map {
                KeyBindingLine(name: $0.key, keys: $0.values, origin: "\(file.path) line \($0.line)")
            }
            do {
                settings.keyTable = try KeyTable(rebinding: lines)
            } catch {
                throw SettingsError(error.message)
            }
        }
        if settings.source == .google, settings.googleAPIKey == nil {
            let file = settings.configPath.map { " in \($0)" } ?? " in the config file"
            throw SettingsError("The google source needs an API key: set NEARBY_GOOGLE_API_KEY, "
                                + "or google_api_key\(file).")
        }
        if settings.source == .service, settings.placesURL == nil {
            throw SettingsError("The service source needs the address of a nearby serve: "
                                + "--places-url http://host:port (or NEARBY_PLACES_URL, or places_url in the config file).")
        }
        return settings
    }

    /// An http(s) address with a host, without a query or fragment (paths are appended to it).
    /// The `[colors]` table: each line a role and its style.
    private static func colors(of file: ConfigFile) throws(SettingsError) -> [ThemeRole: Style] {
        var styles: [ThemeRole: Style] = [:]
        for entry in file.tables[.colors] ?? [] {
            let origin = "\(file.path) line \(entry.line)"
            guard let role = ThemeRole(rawValue: entry.key) else {
                let roles = ThemeRole.allCases.map(\.rawValue).joined(separator: ", ")
                throw SettingsError("\(origin): unknown colour role “\(entry.key)”; the roles are \(roles).")
            }
            do {
                styles[role] = try StyleSpec.parse(entry.values[0])
            } catch {
                throw SettingsError("\(origin): \(entry.key) = \(TerminalText.quoted(entry.values[0])): \(error.reason).")
            }
        }
        return styles
    }

    private static func serviceURL(_ raw: RawSetting) throws(SettingsError) -> URL {
        let text = raw.value.trimmingBlanks()
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty,
              components.query == nil, components.fragment == nil, let url = components.url else {
            throw SettingsError("\(raw.origin) wants an http or https address such as http://127.0.0.1:8080, "
                                + "not \(TerminalText.quoted(raw.value)).")
        }
        return url
    }

    /// A PostgreSQL URL. Not quoted back: it may hold a password.
    private static func databaseURL(_ raw: RawSetting) throws(SettingsError) -> Secret {
        let text = raw.value.trimmingBlanks()
        let lower = text.lowercased()
        guard lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://"),
              !text.contains(where: { $0.isWhitespace }), !text.unicodeScalars.contains(where: ConfigFile.isControl) else {
            throw SettingsError("\(raw.origin) wants a URL such as postgresql://user:password@host:5432/nearby.")
        }
        return Secret(text)
    }

    /// A token or key: one word of printable characters. Never quoted back.
    private static func secret(_ raw: RawSetting) throws(SettingsError) -> Secret {
        let text = raw.value.trimmingBlanks()
        guard !text.contains(where: { $0.isWhitespace }),
              !text.unicodeScalars.contains(where: ConfigFile.isControl) else {
            throw SettingsError("\(raw.origin): a key or token is one word without spaces or control characters.")
        }
        return Secret(text)
    }
}

/// A setting's text and where it came from ("--source", "NEARBY_SOURCE", "config.toml line 2").
struct RawSetting: Equatable {
    var value: String
    var origin: String
}

/// The three places a setting can come from, asked in order of precedence.
struct SettingSources {
    var flags: [SettingKey: String]
    var environment: [String: String]
    var file: ConfigFile?

    /// The first of flag, environment and file that sets `key`. A blank variable counts as unset (a common
    /// way to switch one off); a blank flag or file value is a mistake.
    func value(of key: SettingKey) throws(SettingsError) -> RawSetting? {
        if let flag = key.flag, let text = flags[key] {
            return try nonBlank(RawSetting(value: text, origin: flag))
        }
        if let name = key.environmentVariable, let text = environment[name],
           !text.trimmingWhitespace().isEmpty {
            return RawSetting(value: text, origin: name)
        }
        if let file, let entry = file.entries[key], let origin = file.origin(of: key) {
            return try nonBlank(RawSetting(value: entry.value, origin: "\(origin) (\(key.fileKey))"))
        }
        return nil
    }

    private func nonBlank(_ raw: RawSetting) throws(SettingsError) -> RawSetting {
        guard !raw.value.trimmingBlanks().isEmpty else {
            throw SettingsError("\(raw.origin) is empty.")
        }
        return raw
    }
}
