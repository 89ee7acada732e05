/// Where places come from.
enum DataSource: String, CaseIterable, Sendable {
    /// The local store (imported OpenStreetMap extracts).
    case local
    /// OpenStreetMap's live Overpass API, cached in the local store.
    case overpass
    /// The Google Places web service (needs an API key).
    case google
    /// Another Nearby's service (`nearby serve`, on PostgreSQL/PostGIS or a store), at `--places-url`.
    case service
}

/// Which of Google's places services the google source speaks.
enum GoogleAPI: String, CaseIterable, Sendable {
    /// Places API (New): the one a key made today has.
    case new
    /// The legacy Places web service, for keys that still have it.
    case legacy
}
