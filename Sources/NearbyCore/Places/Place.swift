import FoundationEssentials

/// Where a place came from, and its id there: stable across re-imports and refetches.
public struct PlaceID: Hashable, Sendable, Codable, CustomStringConvertible {
    public var source: PlaceSource
    /// The source's own id ("n123", "w456" for OpenStreetMap nodes and ways; Google's place_id).
    public var sourceID: String

    public init(source: PlaceSource, sourceID: String) {
        self.source = source
        self.sourceID = sourceID
    }

    /// "osm:n123", "google:ChIJ…", "demo:42": the form used on the command line (`--open place:ID`).
    public var description: String { "\(source.rawValue):\(sourceID)" }

    /// Parses the `description` form; nil when it is not one.
    public init?(_ text: String) {
        guard let colon = text.firstIndex(of: ":"),
              let source = PlaceSource(rawValue: String(text[..<colon])) else { return nil }
        let rest = String(text[text.index(after: colon)...])
        guard !rest.isEmpty else { return nil }
        self.init(source: source, sourceID: rest)
    }
}

/// The providers places come from.
public enum PlaceSource: String, Hashable, Sendable, Codable, CaseIterable {
    case osm, google, demo
}

/// The parts of a postal address a place card shows.
public struct Address: Hashable, Sendable, Codable {
    public var street: String?
    public var houseNumber: String?
    public var postcode: String?
    public var city: String?
    public var country: String?
    /// A whole address in one line, when the source gives it that way (Google's formatted address).
    public var formatted: String?

    public init(street: String? = nil, houseNumber: String? = nil, postcode: String? = nil, city: String? = nil,
                country: String? = nil, formatted: String? = nil) {
        self.street = street
        self.houseNumber = houseNumber
        self.postcode = postcode
        self.city = city
        self.country = country
        self.formatted = formatted
    }

    public var isEmpty: Bool {
        street == nil && houseNumber == nil && postcode == nil && city == nil && country == nil && formatted == nil
    }
}

/// One weekly opening interval as Google describes it: day 0 is Sunday, times are minutes since midnight.
public struct WeeklyPeriod: Hashable, Sendable, Codable {
    public var openDay: Int
    public var openMinute: Int
    /// Nil close means open around the clock (Google's 24/7 form: one period opening Sunday 00:00).
    public var closeDay: Int?
    public var closeMinute: Int?

    public init(openDay: Int, openMinute: Int, closeDay: Int?, closeMinute: Int?) {
        self.openDay = openDay
        self.openMinute = openMinute
        self.closeDay = closeDay
        self.closeMinute = closeMinute
    }
}

/// Opening hours as the source gave them; `OpeningHours` parses and evaluates either form.
public enum OpeningHoursSource: Hashable, Sendable, Codable {
    /// OpenStreetMap `opening_hours` syntax.
    case osm(String)
    /// Google's `opening_hours.periods`.
    case periods([WeeklyPeriod])
}

/// A point of interest.
public struct Place: Identifiable, Hashable, Sendable, Codable {
    public var id: PlaceID
    public var name: String
    public var category: Category
    public var coordinate: Coordinate
    public var address: Address
    public var phone: String?
    public var website: String?
    public var email: String?
    public var openingHours: OpeningHoursSource?
    public var cuisine: String?
    /// OpenStreetMap's wheelchair value: yes, limited, no.
    public var wheelchair: String?
    public var operatorName: String?
    public var brand: String?
    /// 0–5, where the source rates places.
    public var rating: Double?
    public var ratingCount: Int?
    /// 0–4, Google's price level.
    public var priceLevel: Int?
    /// What the source asks to be shown with its data ("© OpenStreetMap contributors", "Google Maps").
    public var attribution: String
    /// What the source said about now (Google's `openNow`), for places whose hours it did not send or
    /// that keep other hours today.
    public var openNowReport: OpenNowReport?
    /// Where the place's picture is, when its source names one.
    public var picture: RemotePicture?

    public init(id: PlaceID, name: String, category: Category, coordinate: Coordinate, address: Address = Address(),
                phone: String? = nil, website: String? = nil, email: String? = nil,
                openingHours: OpeningHoursSource? = nil, cuisine: String? = nil, wheelchair: String? = nil,
                operatorName: String? = nil, brand: String? = nil, rating: Double? = nil, ratingCount: Int? = nil,
                priceLevel: Int? = nil, attribution: String, openNowReport: OpenNowReport? = nil,
                picture: RemotePicture? = nil) {
        self.id = id
        self.name = name
        self.category = category
        self.coordinate = coordinate
        self.address = address
        self.phone = phone
        self.website = website
        self.email = email
        self.openingHours = openingHours
        self.cuisine = cuisine
        self.wheelchair = wheelchair
        self.operatorName = operatorName
        self.brand = brand
        self.rating = rating
        self.ratingCount = ratingCount
        self.priceLevel = priceLevel
        self.attribution = attribution
        self.openNowReport = openNowReport
        self.picture = picture
    }
}
