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
