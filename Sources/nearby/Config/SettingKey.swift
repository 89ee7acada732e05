/// One setting, and the names it goes by on the command line, in the environment and in the config file.
enum SettingKey: String, CaseIterable, Sendable {
    case source
    case placesURL = "places_url"
    case friendsURL = "friends_url"
    case friendsToken = "friends_token"
    case googleAPIKey = "google_api_key"
    case googleAPI = "google_api"
    case near
    case gpsd
    case units
    /// The service's PostgreSQL database (`nearby serve`, `nearby import --database`).
    case databaseURL = "database_url"
    /// The bearer token of a places service (`--source service`).
    case placesToken = "places_token"
    /// The country whose public holidays apply (ISO 3166 alpha-2), instead of looking it up per place.
    case country
    /// A holiday calendar file that adds to (or replaces days of) the built-in tables.
    case holidaysFile = "holidays_file"
    /// Whether websites and e-mail addresses are sent as terminal links (OSC 8): "on" or "off".
    case hyperlinks
    /// The colours: "default", "light", "high-contrast" or "mono" (roles restyled in `[colors]`).
    case theme
    /// Pictures: "auto" (the terminal's protocol, or blocks where it has 256 colours and Unicode), "blocks",
    /// "sextants", "kitty", "sixel", "iterm2", "off".
    case images
    /// Whether places' pictures are fetched from the network with the local source: "yes" or "no" (the default;
    /// a live source fetches them anyway).
    case fetchPictures = "fetch_pictures"
    /// Where Wikimedia Commons files are fetched (`Special:FilePath`), instead of commons.wikimedia.org.
    case commonsURL = "commons_url"
    /// The download index `nearby regions` and `nearby download` read (Geofabrik's `index-v1.json` format).
    case regionsURL = "regions_url"
    /// Whether `nearby download` keeps the extract after importing it: "yes" (the default: `nearby update`
    /// reads it) or "no".
    case keepDownloads = "keep_downloads"
    /// A mirror of the replication feeds `nearby update` reads, instead of the one each extract's header names.
    case updatesURL = "updates_url"

    /// The key in the config file.
    var fileKey: String { rawValue }

    /// The command-line option, where there is one.
    var flag: String? {
        switch self {
        case .source: "--source"
        case .placesURL: "--places-url"
        case .friendsURL: "--friends-url"
        case .friendsToken: "--friends-token"
        case .near: "--near"
        case .googleAPI: "--google-api"
        case .gpsd: "--gpsd"
        case .databaseURL: "--database"
        case .regionsURL: "--regions-url"
        case .updatesURL: "--updates-url"
        case .googleAPIKey, .units, .placesToken, .country, .holidaysFile, .hyperlinks, .theme, .keepDownloads,
             .images, .fetchPictures, .commonsURL: nil
        }
    }

    /// The environment variable, where there is one.
    var environmentVariable: String? {
        switch self {
        case .source: "NEARBY_SOURCE"
        case .placesURL: "NEARBY_PLACES_URL"
        case .friendsURL: "NEARBY_FRIENDS_URL"
        case .friendsToken: "NEARBY_FRIENDS_TOKEN"
        case .googleAPIKey: "NEARBY_GOOGLE_API_KEY"
        case .databaseURL: "NEARBY_DATABASE_URL"
        case .placesToken: "NEARBY_PLACES_TOKEN"
        case .googleAPI: "NEARBY_GOOGLE_API"
        case .gpsd: "NEARBY_GPSD"
        case .country: "NEARBY_COUNTRY"
        case .holidaysFile: "NEARBY_HOLIDAYS_FILE"
        case .hyperlinks: "NEARBY_HYPERLINKS"
        case .theme: "NEARBY_THEME"
        case .images: "NEARBY_IMAGES"
        case .fetchPictures: "NEARBY_FETCH_PICTURES"
        case .commonsURL: "NEARBY_COMMONS_URL"
        case .regionsURL: "NEARBY_REGIONS_URL"
        case .updatesURL: "NEARBY_UPDATES_URL"
        case .near, .units, .keepDownloads: nil
        }
    }

    /// Whether the value must never appear in messages or logs.
    var isSecret: Bool { self == .friendsToken || self == .googleAPIKey || self == .databaseURL || self == .placesToken }
}
