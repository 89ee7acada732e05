import Foundation
import GRDB
import NearbyCore

/// How a `Place` is laid out in the place table, both ways.
enum PlaceRow {
    /// The columns `place(from:)` reads, in order.
    static let selection = """
        id, name, category, lat, lon, street, houseNumber, postcode, city, country, formattedAddress, \
        phone, website, email, openingHours, openingPeriods, cuisine, wheelchair, operator, brand, \
        rating, ratingCount, priceLevel, attribution
        """

    /// The columns `values(of:)` fills, in order (after rid).
    static let writtenColumns = """
        id, name, category, categoryCode, lat, lon, street, houseNumber, postcode, city, country, formattedAddress, \
        phone, website, email, openingHours, openingPeriods, cuisine, wheelchair, operator, brand, \
        rating, ratingCount, priceLevel, attribution, subtitle, updatedAt
        """
    static let writtenColumnCount = 27

    /// The values of `writtenColumns` for `place`.
    static func values(of place: Place, updatedAt: String) throws -> [(any DatabaseValueConvertible)?] {
        var hoursText: String?
        if case .osm(let text) = place.openingHours { hoursText = text }
        let periodsJSON = try periodsJSON(place.openingHours)
        return [
            place.id.description, place.name, place.category.rawValue, CategoryCode.code(of: place.category),
            place.coordinate.latitude, place.coordinate.longitude,
            place.address.street, place.address.houseNumber, place.address.postcode, place.address.city,
            place.address.country, place.address.formatted,
            place.phone, place.website, place.email, hoursText, periodsJSON,
            place.cuisine, place.wheelchair, place.operatorName, place.brand,
            place.rating, place.ratingCount, place.priceLevel, place.attribution, place.subtitle, updatedAt,
        ]
    }

    /// Google's periods as the JSON the table keeps; nil for OpenStreetMap text or no hours.
    static func periodsJSON(_ hours: OpeningHoursSource?) throws -> String? {
        guard case .periods(let periods) = hours else { return nil }
        return String(decoding: try JSONEncoder().encode(periods), as: UTF8.self)
    }

    /// Reads a row selected with `selection`; a row this version cannot understand is a storage error.
    static func place(from row: Row) throws(PlacesError) -> Place {
        do {
            return try decode(row)
        } catch let error as PlacesError {
            throw error
        } catch {
            throw .storage("The store holds a place it cannot read (\(error)).")
        }
    }

    private static func decode(_ row: Row) throws -> Place {
        let idText: String = try row.decode(atIndex: 0)
        guard let id = PlaceID(idText) else {
            throw PlacesError.storage("The store holds a place with an unreadable id (\(idText)).")
        }
        let categoryText: String = try row.decode(atIndex: 2)
        guard let category = Category(rawValue: categoryText) else {
            throw PlacesError.storage(
                "The store holds a place of an unknown category (\(categoryText)); is it from a newer version?")
        }
        var hours: OpeningHoursSource?
        if let text: String = try row.decode(atIndex: 14) {
            hours = .osm(text)
        } else if let json: String = try row.decode(atIndex: 15) {
            // Unreadable periods lose only the hours, not the place.
            if let periods = try? JSONDecoder().decode([WeeklyPeriod].self, from: Data(json.utf8)) {
                hours = .periods(periods)
            }
        }
        func text(_ index: Int) throws -> String? { try row.decode(atIndex: index) }
        return Place(
            id: id, name: try row.decode(atIndex: 1), category: category,
            coordinate: Coordinate(latitude: try row.decode(atIndex: 3), longitude: try row.decode(atIndex: 4)),
            address: Address(street: try text(5), houseNumber: try text(6), postcode: try text(7), city: try text(8),
                             country: try text(9), formatted: try text(10)),
            phone: try text(11), website: try text(12), email: try text(13), openingHours: hours,
            cuisine: try text(16), wheelchair: try text(17), operatorName: try text(18), brand: try text(19),
            rating: try row.decode(atIndex: 20), ratingCount: try row.decode(atIndex: 21),
            priceLevel: try row.decode(atIndex: 22), attribution: try row.decode(atIndex: 23))
    }
}
