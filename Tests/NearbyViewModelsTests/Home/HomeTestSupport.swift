import Foundation
import NearbyCore
import Locking
@testable import NearbyViewModels

/// The zone Home tests evaluate hours in.
let homeZone = (try? ZoneRules.named("Europe/Vaduz")) ?? ZoneRules.posix("CET-1CEST,M3.5.0,M10.5.0/3") ?? .utc

/// The instant of a wall-clock time in Vaduz ("2026-11-25 10:00"; the 25th is a Wednesday).
func homeTime(_ text: String) -> Date {
    let parts = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).compactMap { Int($0) }
    precondition(parts.count == 5, "test instant must read yyyy-MM-dd HH:mm: \(text)")
    let local = LocalDateTime(day: CivilDay(year: parts[0], month: parts[1], day: parts[2]), hour: parts[3],
                              minute: parts[4])
    guard case .unique(let date) = homeZone.resolve(local) else { preconditionFailure("no such time: \(text)") }
    return date
}

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let instant: Locked<Date>

    init(_ text: String) { instant = Locked(homeTime(text)) }

    func set(_ text: String) { instant.withLock { $0 = homeTime(text) } }
    var now: Date { instant.withLock { $0 } }
}

/// A small made-up neighbourhood around Vaduz's centre.
enum SampleTown {
    static let center = Coordinate(latitude: 47.1410, longitude: 9.5209)
    static let here = HomeLocation(coordinate: center, name: "Vaduz")

    /// A place `north` and `east` metres from the centre.
    static func place(_ id: String, _ name: String, _ category: Category, north: Double, east: Double,
                      hours: String? = nil) -> Place {
        let metresPerDegree = Geodesy.earthRadius * .pi / 180
        let coordinate = Coordinate(
            latitude: center.latitude + north / metresPerDegree,
            longitude: center.longitude + east / (metresPerDegree * cos(center.latitude * .pi / 180)))
        return Place(id: PlaceID(source: .demo, sourceID: id), name: name, category: category,
                     coordinate: coordinate, openingHours: hours.map(OpeningHoursSource.osm),
                     attribution: "Demo")
    }

    static let amadeus = place("1", "Café Amadeus", .cafe, north: 84.85, east: 84.85, hours: "Mo-Su 08:00-18:00")
    static let kaffeeBar = place("2", "Kaffee Bar Vaduz", .cafe, north: -310, east: 0, hours: "Mo-Fr 07:30-09:00")
    static let sonne = place("3", "Café Sonne", .cafe, north: 0, east: -480)
    static let farCafe = place("4", "Café Fern", .cafe, north: 900, east: 0, hours: "24/7")
    static let roma = place("5", "Ristorante Roma", .restaurant, north: 0, east: 200,
                            hours: "Mo-Sa 11:30-14:00,18:00-22:00")
    static let diner = place("6", "Night Diner", .restaurant, north: 150, east: 0, hours: "Mo-Su 18:00-23:00")
    static let apotheke = place("7", "Apotheke am Städtle", .pharmacy, north: -424.26, east: -424.26,
                                hours: "Mo-Fr 08:00-18:30")
    static let atm = place("8", "Bankomat Post", .atm, north: 50, east: 0, hours: "24/7")
    static let faraway = place("9", "Café Zürich", .cafe, north: 80_000, east: 0, hours: "24/7")

    static let places = [amadeus, kaffeeBar, sonne, farCafe, roma, diner, apotheke, atm, faraway]
}

/// What Home asked its navigator for, read from the routes that built no screen.
@MainActor
struct RouteRecorder {
    let navigator: Navigator

    var placesLists: [PlacesListRequest] {
        navigator.routes.compactMap { if case .placesList(let request) = $0 { request } else { nil } }
    }

    var placeDetails: [PlaceDetailRequest] {
        navigator.routes.compactMap { if case .placeDetail(let request) = $0 { request } else { nil } }
    }

    var friends: [Friend] {
        navigator.routes.compactMap { if case .friendDetail(let friend, _) = $0 { friend } else { nil } }
    }

    var favourites: [Coordinate] {
        navigator.routes.compactMap { if case .favourites(let point) = $0 { point } else { nil } }
    }
}

extension HomeSectionContent {
    /// The failure message, when failed.
    var failureMessage: String? {
        if case .failed(let message) = self { return message }
        return nil
    }
}
