import FoundationEssentials
import NearbyCore

/// What one section of Home holds: still loading, failed (with a retry), or its rows.
public enum HomeSectionContent<Row: Hashable & Sendable>: Hashable, Sendable {
    /// What is loading ("Loading hot picks…").
    case loading(String)
    /// Cannot be opened; Home's retry key loads this section again.
    case failed(message: String)
    case loaded(Row)

    /// The rows when loaded.
    public var value: Row? {
        if case .loaded(let row) = self { return row }
        return nil
    }

    public var isFailed: Bool {
        if case .failed = self { return true }
        return false
    }
}

/// Names a section, for retrying just that one.
public enum HomeSectionID: Hashable, Sendable {
    /// The place count in the header.
    case count
    case hotPicks
    case categories
    case category(Category)
    case friends
    case favourites
}

/// The top line: where here is and how many places lie around it.
public struct HomeHeader: Hashable, Sendable {
    /// "Vaduz (47.1410, 9.5209)".
    public var location: String
    /// "1,311 places within 2 km"; nil while counting or when counting failed.
    public var summary: String?
    /// Why counting failed; `retry(.count)` tries again.
    public var failure: String?
    /// How old the places shown are, from a live source's cache ("from 3 min ago"); nil otherwise.
    public var age: String?
    /// With the GPS: "GPS ±8 m", "GPS: no fix"; nil without it.
    public var gps: String?
    /// "16:33 local" when here keeps another time than the computer; nil otherwise.
    public var localTime: String?

    public init(location: String, summary: String? = nil, failure: String? = nil, age: String? = nil,
                gps: String? = nil) {
        self.gps = gps
        self.location = location
        self.summary = summary
        self.failure = failure
        self.age = age
    }
}

/// One page of the hot picks pager: the closest open place of one category.
public struct HotPick: Hashable, Sendable, Identifiable {
    public var id: PlaceID
    public var category: Category
    /// "Café Amadeus · café · 120 m NE · open until 18:00".
    public var text: String
    /// Metres from here: the pages go nearest first.
    public var distance: Double
    /// The place's picture, shown beside the pick where there is room; nil when its source names none.
    public var picture: RemotePicture?

    public init(id: PlaceID, category: Category, text: String, distance: Double = 0, picture: RemotePicture? = nil) {
        self.picture = picture
        self.id = id
        self.category = category
        self.text = text
        self.distance = distance
    }
}

/// Which of a category's places (nearest first) is its hot pick: the nearest one open now; but a place whose
/// hours are unknown is taken when it is much nearer (an ATM round the corner, not one 2 km away that is
/// known to be open): unknown hours count as twice the distance. Known to be closed never.
public enum HotPickRule {
    /// An open place wins over a nearer one of unknown hours while it is at most this many times as far.
    public static let openPreference = 2.0

    /// Categories that are services, not picks: a toilet or a car park first in the pager tells nothing.
    public static let notPicked: Set<Category> = [.toilets, .parking]

    /// Whether a place may be a hot pick: of a category worth picking and with a name of its own (an unnamed
    /// place is called by its kind or its operator, "Parking", "Postomat").
    public static func mayPick(_ place: Place) -> Bool {
        !notPicked.contains(place.category) && place.name != place.category.displayName
            && !place.name.trimmingSpaces().isEmpty
    }

    /// The index of the pick among places ordered by distance, or nil when none may be picked; `eligible`
    /// (all when empty) says which may.
    public static func pick(distances: [Double], states: [OpeningState], eligible: [Bool] = []) -> Int? {
        var best: (index: Int, score: Double)?
        for (index, (distance, state)) in zip(distances, states).enumerated() {
            if index < eligible.count, !eligible[index] { continue }
            let score: Double
            switch state {
            case .open: score = distance
            case .unknown: score = max(distance, 1) * openPreference
            case .closed: continue
            }
            if let current = best, current.score <= score { continue }
            best = (index, score)
        }
        return best?.index
    }
}

/// The pager of hot picks and which page shows.
public struct HotPicksState: Hashable, Sendable {
    public var title: String
    public var content: HomeSectionContent<[HotPick]>
    /// The page shown, within the pages (0 when there are none).
    public var index: Int
    /// Shown in place of a page when nothing is open ("Nothing open within 2 km right now").
    public var emptyText: String

    public init(title: String = "Hot picks", content: HomeSectionContent<[HotPick]>, index: Int = 0,
                emptyText: String = "") {
        self.title = title
        self.content = content
        self.index = index
        self.emptyText = emptyText
    }

    public var pages: [HotPick] { content.value ?? [] }

    /// The pick on the page shown.
    public var current: HotPick? {
        let pages = pages
        return pages.indices.contains(index) ? pages[index] : nil
    }

    /// "2 / 7"; nil without pages.
    public var pageLabel: String? {
        let count = pages.count
        return count > 0 ? "\(index + 1) / \(count)" : nil
    }
}

/// A category with how many places of it lie around here.
public struct CategoryCount: Hashable, Sendable, Identifiable {
    public var category: Category
    public var count: Int
    /// False when more may lie around than `count` (a source that returns only the nearest few).
    public var isExact: Bool

    public init(category: Category, count: Int, isExact: Bool = true) {
        self.category = category
        self.count = count
        self.isExact = isExact
    }

    public var id: Category { category }
    /// "Café".
    public var name: String { category.displayName }
    /// "Café 12", "Café 3+" when there may be more, "Café" when the source did not say.
    public var label: String {
        if !isExact && count == 0 { return category.displayName }
        return "\(category.displayName) \(DisplayText.count(count))" + (isExact ? "" : "+")
    }
}

/// A place as a Home section row shows it.
public struct HomePlaceRow: Hashable, Sendable, Identifiable {
    public var id: PlaceID
    public var name: String
    /// "120 m".
    public var distance: String
    /// "NE"; empty when here and the place coincide.
    public var bearing: String
    /// "open · until 18:00", "closed · opens Mo 07:30", "hours unknown".
    public var openText: String
    public var openState: OpeningState
    /// Open and closing within the hour ("closes in 20 min"): the colour for closing soon.
    public var isClosingSoon: Bool
    /// Open now (the view colours it).
    public var isOpen: Bool { openState == .open }
    /// Walking time by the paths ("7 min", "no path"); nil while unknown or without paths.
    public var walk: String?
    /// A saved favourite (the row's ★).
    public var isFavourite: Bool

    public init(id: PlaceID, name: String, distance: String, bearing: String, openText: String,
                openState: OpeningState, isClosingSoon: Bool = false, walk: String? = nil,
                isFavourite: Bool = false) {
        self.isFavourite = isFavourite
        self.walk = walk
        self.isClosingSoon = isClosingSoon
        self.id = id
        self.name = name
        self.distance = distance
        self.bearing = bearing
        self.openText = openText
        self.openState = openState
    }

    /// "120 m NE".
    public var distanceAndBearing: String { bearing.isEmpty ? distance : distance + " " + bearing }
}

/// One category's section: its closest places.
public struct HomePlacesSection: Hashable, Sendable, Identifiable {
    public var category: Category
    /// "Closest cafés".
    public var title: String
    /// At most three rows, or a failure with retry.
    public var content: HomeSectionContent<[HomePlaceRow]>
    /// The rows shown are being reloaded.
    public var isRefreshing: Bool

    public init(category: Category, title: String, content: HomeSectionContent<[HomePlaceRow]>,
                isRefreshing: Bool = false) {
        self.category = category
        self.title = title
        self.content = content
        self.isRefreshing = isRefreshing
    }

    public var id: Category { category }
    /// A name for the section that stays the same while its rows change ("cafe").
    public var key: String { category.rawValue }
}

/// The "Favourites" section: the nearest few saved favourites still in the data, with their open state.
public struct HomeFavouritesSection: Hashable, Sendable {
    public var title: String
    public var content: HomeSectionContent<[HomePlaceRow]>

    public init(title: String = "Favourites", content: HomeSectionContent<[HomePlaceRow]>) {
        self.title = title
        self.content = content
    }
}

/// A friend with a location, as the "Friends nearby" section shows them.
public struct HomeFriendRow: Hashable, Sendable, Identifiable {
    public var id: Friend.ID
    public var name: String
    /// "900 m".
    public var distance: String
    /// "N".
    public var bearing: String
    public var phone: String

    public init(id: Friend.ID, name: String, distance: String, bearing: String, phone: String) {
        self.id = id
        self.name = name
        self.distance = distance
        self.bearing = bearing
        self.phone = phone
    }

    /// "900 m N".
    public var distanceAndBearing: String { bearing.isEmpty ? distance : distance + " " + bearing }
}

/// The "Friends nearby" section.
public struct HomeFriendsSection: Hashable, Sendable {
    public var title: String
    public var content: HomeSectionContent<[HomeFriendRow]>

    public init(title: String = "Friends nearby", content: HomeSectionContent<[HomeFriendRow]>) {
        self.title = title
        self.content = content
    }
}
