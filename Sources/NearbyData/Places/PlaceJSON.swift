import FoundationEssentials
import NearbyCore
import NearbyHTTP

/// A place as JSON: the object `nearby places --json` prints and the service's `/api/places` answers
/// (`id`, `name`, `category`, `lat`, `lon`, `distance_m`, `bearing`, `open_state`, the address parts, `phone`,
/// `website`, `email`, `opening_hours`, `cuisine`, `wheelchair`, `operator`, `brand`), plus what a client
/// needs to show the place as its source would (`attribution`, `rating`, `rating_count`, `price_level`,
/// `formatted_address`). Absent values are null, so every object has the same keys.
public enum PlaceJSON {
    /// The keys every place object has, in the order they are written.
    public static let keys = [
        "id", "name", "category", "lat", "lon", "distance_m", "bearing", "open_state", "street", "housenumber",
        "postcode", "city", "country", "phone", "website", "email", "opening_hours", "cuisine", "wheelchair",
        "operator", "brand", "attribution", "rating", "rating_count", "price_level", "formatted_address",
    ]

    /// "open", "closed" or "unknown" (no hours, or hours that could not be read), at `now` on the place's own
    /// clock. `parsed` gives the place's hours already read (a cache); by default they are read here.
    public static func openState(_ place: Place, at now: Date, zones: PlaceZones,
                                 holidays: HolidayDirectory = .builtIn,
                                 parsed: (OpeningHoursSource) -> OpeningHours = OpeningHours.init) -> String {
        guard let source = place.openingHours else { return "unknown" }
        let context = HoursContext(place: place, zone: zones.zone(for: place), holidays: holidays)
        return parsed(source).evaluate(at: now, in: context).state.rawValue
    }

    /// One place as a JSON object, written straight to bytes.
    public static func write(_ hit: PlaceHit, openState: String, into writer: inout JSONWriter) {
        let place = hit.place
        writer.raw("{\"id\":")
        writer.string(place.id.description)
        writer.raw(",\"name\":")
        writer.string(place.name)
        writer.raw(",\"category\":")
        writer.string(place.category.rawValue)
        writer.raw(",\"lat\":")
        writer.number(place.coordinate.latitude)
        writer.raw(",\"lon\":")
        writer.number(place.coordinate.longitude)
        writer.raw(",\"distance_m\":")
        writer.number((hit.distance * 10).rounded() / 10)
        writer.raw(",\"bearing\":")
        writer.number((hit.bearing * 10).rounded() / 10)
        writer.raw(",\"open_state\":")
        writer.string(openState)
        let texts: [(StaticString, String?)] = [
            (",\"street\":", place.address.street), (",\"housenumber\":", place.address.houseNumber),
            (",\"postcode\":", place.address.postcode), (",\"city\":", place.address.city),
            (",\"country\":", place.address.country), (",\"phone\":", place.phone), (",\"website\":", place.website),
            (",\"email\":", place.email),
        ]
        for (key, value) in texts { writer.raw(key); writer.optionalString(value) }
        writer.raw(",\"opening_hours\":")
        switch place.openingHours {
        case .osm(let text):
            writer.string(text)
        case .periods(let periods):
            writer.raw("[")
            for (index, period) in periods.enumerated() {
                if index > 0 { writer.raw(",") }
                writer.raw("{\"openDay\":")
                writer.integer(Int64(period.openDay))
                writer.raw(",\"openMinute\":")
                writer.integer(Int64(period.openMinute))
                if let closeDay = period.closeDay {
                    writer.raw(",\"closeDay\":")
                    writer.integer(Int64(closeDay))
                }
                if let closeMinute = period.closeMinute {
                    writer.raw(",\"closeMinute\":")
                    writer.integer(Int64(closeMinute))
                }
                writer.raw("}")
            }
            writer.raw("]")
        case nil:
            writer.raw("null")
        }
        let more: [(StaticString, String?)] = [
            (",\"cuisine\":", place.cuisine), (",\"wheelchair\":", place.wheelchair),
            (",\"operator\":", place.operatorName), (",\"brand\":", place.brand),
            (",\"attribution\":", place.attribution),
        ]
        for (key, value) in more { writer.raw(key); writer.optionalString(value) }
        writer.raw(",\"rating\":")
        if let rating = place.rating { writer.number(rating) } else { writer.raw("null") }
        writer.raw(",\"rating_count\":")
        if let count = place.ratingCount { writer.integer(Int64(count)) } else { writer.raw("null") }
        writer.raw(",\"price_level\":")
        if let level = place.priceLevel { writer.integer(Int64(level)) } else { writer.raw("null") }
        writer.raw(",\"formatted_address\":")
        writer.optionalString(place.address.formatted)
        writer.raw("}")
    }

    /// A place read back from an object `write` made (or another Nearby's service): nil when it lacks an id,
    /// a name, a known category or a valid position. Text is cleaned of control characters.
    public static func hit(from value: JSONValue) -> PlaceHit? {
        func text(_ key: String, maxLength: Int = 500) -> String? {
            value[key]?.stringValue.flatMap { UntrustedText.clean($0, maxLength: maxLength) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let idText = text("id"), let id = PlaceID(idText), let name = text("name"),
              let categoryName = value["category"]?.stringValue, let category = NearbyCore.Category(rawValue: categoryName),
              let lat = value["lat"]?.doubleValue, let lon = value["lon"]?.doubleValue else { return nil }
        let coordinate = Coordinate(latitude: lat, longitude: lon)
        guard coordinate.isValid else { return nil }
        var hours: OpeningHoursSource?
        if let osm = text("opening_hours", maxLength: 2_000) {
            hours = .osm(osm)
        } else if let periods = value["opening_hours"]?.arrayValue {
            hours = .periods(periods.compactMap { period in
                guard let openDay = period["openDay"]?.integerValue, let openMinute = period["openMinute"]?.integerValue,
                      (0...6).contains(openDay), (0..<1440).contains(openMinute) else { return nil }
                return WeeklyPeriod(openDay: Int(openDay), openMinute: Int(openMinute),
                                    closeDay: period["closeDay"]?.integerValue.map(Int.init),
                                    closeMinute: period["closeMinute"]?.integerValue.map(Int.init))
            })
        }
        let address = Address(street: text("street"), houseNumber: text("housenumber"), postcode: text("postcode"),
                              city: text("city"), country: text("country"), formatted: text("formatted_address"))
        let place = Place(id: id, name: name, category: category, coordinate: coordinate, address: address,
                          phone: text("phone"), website: text("website"), email: text("email"), openingHours: hours,
                          cuisine: text("cuisine"), wheelchair: text("wheelchair"), operatorName: text("operator"),
                          brand: text("brand"), rating: value["rating"]?.doubleValue,
                          ratingCount: value["rating_count"]?.integerValue.map { Int(clamping: $0) },
                          priceLevel: value["price_level"]?.integerValue.map { Int(clamping: $0) },
                          attribution: text("attribution") ?? "")
        let distance = value["distance_m"]?.doubleValue ?? 0
        let bearing = value["bearing"]?.doubleValue ?? 0
        return PlaceHit(place: place, distance: distance.isFinite ? distance : 0, bearing: bearing.isFinite ? bearing : 0)
    }
}
