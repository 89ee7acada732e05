import FoundationEssentials
import NearbyCore

/// One labelled line of the place card ("Phone  +423 555 0101"); every text is safe to draw.
public struct PlaceDetailLine: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case text, phone, website, email
    }

    public var label: String
    public var value: String
    public var kind: Kind
    /// Where the value leads, for a terminal that shows links ("https://…", "mailto:…", "tel:…", "geo:…");
    /// the screen offers only targets `TerminalControl.linkTarget` accepts.
    public var link: String?

    public init(label: String, value: String, kind: Kind = .text, link: String? = nil) {
        self.label = label
        self.value = value
        self.kind = kind
        self.link = link
    }
}

/// One day of the opening-hours table.
public struct OpeningWeekRow: Hashable, Sendable {
    /// "Mo".
    public var day: String
    /// "08:00-12:00, 14:00-18:00", or "closed".
    public var hours: String
    public var isToday: Bool
    /// Why the day is closed, when the hours say ("Christmas").
    public var note: String?

    public init(day: String, hours: String, isToday: Bool, note: String? = nil) {
        self.day = day
        self.hours = hours
        self.isToday = isToday
        self.note = note
    }
}

/// The opening hours as the detail screen shows them.
public struct OpeningHoursSummary: Hashable, Sendable {
    /// "Open · closes 18:00", "Closed · opens tomorrow 07:30", "Hours could not be read: …".
    public var now: String
    public var state: OpeningState
    /// Monday to Sunday of this week; empty when the hours could not be read.
    public var week: [OpeningWeekRow]
    /// Open now (the view colours it).
    public var isOpen: Bool { state == .open }

    public init(now: String, state: OpeningState, week: [OpeningWeekRow]) {
        self.now = now
        self.state = state
        self.week = week
    }
}

/// A point on the small map.
public struct MapMarker: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case here, place, neighbour, friend
    }

    public var coordinate: Coordinate
    public var label: String
    public var kind: Kind
    public var latitude: Double { coordinate.latitude }
    public var longitude: Double { coordinate.longitude }

    public init(coordinate: Coordinate, label: String, kind: Kind) {
        self.coordinate = coordinate
        self.label = label
        self.kind = kind
    }
}

/// What the small map shows: you, the place, its nearest neighbours and friends near it.
public struct PlaceMapModel: Hashable, Sendable {
    public var here: MapMarker
    public var place: MapMarker
    public var neighbours: [MapMarker]
    public var friends: [MapMarker]
    /// What the scale bar counts in: the app's `units` setting.
    public var units: UnitSystem
    /// The walk from here to the place along the paths, start to end; empty without one.
    public var route: [Coordinate]
    /// The streets and paths around the place, from the store's walking network; empty without one.
    public var streets: [MapStreet] = []

    public init(here: MapMarker, place: MapMarker, neighbours: [MapMarker] = [], friends: [MapMarker] = [],
                units: UnitSystem = .metric, route: [Coordinate] = []) {
        self.route = route
        self.here = here
        self.place = place
        self.neighbours = neighbours
        self.friends = friends
        self.units = units
    }

    /// Whether the scale bar counts in miles and feet (imperial units), so the view needs no unit type of Core.
    public var scaleInMiles: Bool { units == .imperial }

    /// The route's points as latitude and longitude, so the view needs no coordinate type of Core.
    public var routeLine: [(latitude: Double, longitude: Double)] {
        route.map { ($0.latitude, $0.longitude) }
    }

    /// The streets' lines and names as latitude and longitude (names made safe to draw), so the view needs no
    /// coordinate type of Core.
    public var streetLines: [(name: String?, points: [(latitude: Double, longitude: Double)])] {
        streets.map { street in
            (street.name.map(DisplayText.oneLine), street.points.map { ($0.latitude, $0.longitude) })
        }
    }

    /// Every marker, the place last so that it draws on top.
    public var allMarkers: [MapMarker] { neighbours + friends + [here, place] }
}

/// A friend near the place.
public struct NearbyFriendRow: Hashable, Sendable {
    public var id: Friend.ID
    public var name: String
    /// From the place: "900 m N".
    public var distance: String

    public init(id: Friend.ID, name: String, distance: String) {
        self.id = id
        self.name = name
        self.distance = distance
    }
}

/// A suggested place to meet: open now, between the place on screen and the friend (see `MeetingPoints`).
public struct MeetingPointRow: Hashable, Sendable {
    public var id: PlaceID
    public var name: String
    public var category: String
    /// "here 600 m · Anna 700 m" (from the place on screen), or "right here · Anna 700 m".
    public var distances: String
    /// "open · until 22:00".
    public var openState: String

    public init(id: PlaceID, name: String, category: String, distances: String, openState: String) {
        self.id = id
        self.name = name
        self.category = category
        self.distances = distances
        self.openState = openState
    }
}

/// The meeting-point suggestions for one friend.
public enum MeetingPointsState: Hashable, Sendable {
    case none
    case loading(friend: String)
    case found(friend: String, [MeetingPointRow])
    /// Nothing to meet at open between the two, or the friend has no location; says which.
    case empty(String)
    /// The friend's key (`m`) asks again.
    case failed(message: String)
}

/// The favourite action's own states; it never blocks the rest of the screen.
public enum FavouriteState: Hashable, Sendable {
    /// Not known yet (the store is being asked).
    case checking
    case normal(isFavourite: Bool)
    /// A spinner while the change is saved; `isFavourite` is what is being saved.
    case saving(isFavourite: Bool)
    /// ✓ once the change is saved.
    case saved(isFavourite: Bool)
    /// The change failed; `f` tries it again.
    case failed(message: String, wanted: Bool)
    /// No favourites store.
    case unavailable
}
