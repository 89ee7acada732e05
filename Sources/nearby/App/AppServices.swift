import FoundationEssentials
import NearbyCore
import NearbyData
import NearbyRemote

/// The services screens and commands use, chosen by the settings: where friends and places come from.
struct AppServices: Sendable {
    let friends: any FriendsRepository
    let places: any PlacesProvider
    let favourites: any FavouritesStore
    let store: LocalPlacesStore
    /// Walking times on the store's paths; nil for live sources, whose places may lie beyond them.
    let walking: (any WalkingRouter)?

    init(settings: AppSettings, database: AppDatabase) throws(SettingsError) {
        store = LocalPlacesStore(database: database)
        favourites = store
        if let url = settings.friendsURL {
            friends = RemoteFriendsRepository(baseURL: url, token: settings.friendsToken?.exposedValue)
        } else {
            friends = LocalFriendsRepository(database: database)
        }
        places = try Self.placesProvider(settings: settings, store: store)
        walking = settings.source == .local ? LocalWalkingRouter(database: database) : nil
    }

    /// The places source the settings name; Overpass answers are kept in the store.
    static func placesProvider(settings: AppSettings, store: LocalPlacesStore) throws(SettingsError)
        -> any PlacesProvider {
        switch settings.source {
        case .local:
            return store
        case .overpass:
            guard let url = settings.placesURL ?? OverpassPlacesProvider.defaultURL else {
                throw SettingsError("No address for Overpass: set --places-url.")
            }
            let remote = OverpassPlacesProvider(baseURL: url, categorize: { CategoryMapping.category(osmTags: $0) })
            return CachingPlacesProvider(remote: remote, store: store, source: "overpass")
        case .google:
            // Google's terms do not allow keeping its places: they are held in memory for the session only.
            guard let key = settings.googleAPIKey else {
                throw SettingsError("The google source needs an API key: set NEARBY_GOOGLE_API_KEY.")
            }
            let keySource = settings.googleAPIKeyOrigin ?? GooglePlacesProvider.apiKeyVariable
            switch settings.googleAPI {
            case .new:
                guard let url = settings.placesURL ?? GooglePlacesProvider.defaultURL else {
                    throw SettingsError("No address for Google Places: set --places-url.")
                }
                return GooglePlacesProvider(apiKey: key.exposedValue, keySource: keySource, baseURL: url)
            case .legacy:
                guard let url = settings.placesURL ?? LegacyGooglePlacesProvider.defaultURL else {
                    throw SettingsError("No address for Google Places: set --places-url.")
                }
                return LegacyGooglePlacesProvider(apiKey: key.exposedValue, baseURL: url,
                                                  categorize: { CategoryMapping.category(googleTypes: $0) },
                                                  searchType: { CategoryMapping.rule(for: $0).googleTypes.first })
            }
        case .service:
            // Another Nearby's service keeps the places itself: nothing is cached here.
            guard let url = settings.placesURL else {
                throw SettingsError("The service source needs --places-url http://host:port.")
            }
            return ServicePlacesProvider(baseURL: url, token: settings.placesToken?.exposedValue)
        }
    }
}
