import FoundationEssentials
import Logging
import NearbyCore
import SQLiteDriver

extension LocalPlacesStore {
    /// Every favourite with its place, or with what was known of it when the place is no longer in the data
    /// (a newer import removed it), in `order`; places still there come first.
    public func fetchFavouritePlaces(order: FavouritesOrder = .recent) throws(PlacesError) -> [FavouritePlace] {
        try reading { db in try Self.favouritePlaces(db, order: order) }
    }

    public func favouritePlaces(order: FavouritesOrder) async throws(PlacesError) -> [FavouritePlace] {
        try await readingAsync { db in try Self.favouritePlaces(db, order: order) }
    }

    public func setFavourite(_ place: Place, _ favourite: Bool) async throws(PlacesError) {
        let savedAt = Self.timestamp(now())
        try await writingAsync { db in
            try Self.setFavourite(db, place.id, favourite, savedAt: savedAt, snapshot: place)
        }
    }

    static func favouritePlaces(_ db: SQLiteConnection, order: FavouritesOrder) throws -> [FavouritePlace] {
        // One pass over the favourites, each joined to its place by the unique id index.
        let rows = try db.statement("""
            SELECT favourite.placeID, favourite.savedAt, favourite.name, favourite.category, favourite.lat,
                   favourite.lon, place.rid, \(PlaceRow.selection(of: "place"))
            FROM favourite LEFT JOIN place ON place.id = favourite.placeID
            """).bind()
        var found: [FavouritePlace] = []
        while try rows.step() {
            guard let idText = try? rows.column(0, as: String.self), let id = PlaceID(idText) else {
                StoreLog.logger.warning("Skipped a favourite whose place id cannot be read")
                continue
            }
            let savedAt = (try? rows.column(1, as: String.self)).flatMap(StoreDate.date(from:))
                ?? Date(timeIntervalSince1970: 0)
            let place = rows.isNull(6) ? nil : PlaceRow.readablePlace(from: rows, first: 7)
            var coordinate: Coordinate?
            if let latitude = try? rows.column(4, as: Double.self), let longitude = try? rows.column(5, as: Double.self) {
                coordinate = Coordinate(latitude: latitude, longitude: longitude)
            }
            found.append(FavouritePlace(
                id: id, savedAt: savedAt, place: place,
                name: place?.name ?? (try? rows.column(2, as: String.self)) ?? idText,
                category: place?.category ?? (try? rows.column(3, as: String.self)).flatMap(Category.init(rawValue:)),
                coordinate: place?.coordinate ?? coordinate.flatMap { $0.isValid ? $0 : nil }))
        }
        return sorted(found, by: order)
    }

    static func sorted(_ favourites: [FavouritePlace], by order: FavouritesOrder) -> [FavouritePlace] {
        let keyed = favourites.map { (favourite: $0, name: SearchFolding.fold($0.name)) }
        return keyed.sorted { a, b in
            if a.favourite.isGone != b.favourite.isGone { return !a.favourite.isGone }
            switch order {
            case .recent:
                if a.favourite.savedAt != b.favourite.savedAt { return a.favourite.savedAt > b.favourite.savedAt }
            case .name:
                if a.name != b.name { return a.name < b.name }
            case .distance(let center):
                let left = a.favourite.coordinate.map(center.distance(to:)) ?? .infinity
                let right = b.favourite.coordinate.map(center.distance(to:)) ?? .infinity
                if left != right { return left < right }
            }
            return a.favourite.id.description < b.favourite.id.description
        }.map(\.favourite)
    }
}
