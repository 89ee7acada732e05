/// Where to meet a friend, starting from a place: somewhere suitable to meet, open now, between that place and
/// the friend, fair to both. A pure rule, so screens only ask it.
public struct MeetingPoints: Sendable {
    /// Categories one meets at. Not: money, health, shops, fuel, parking, toilets, hotels, post offices.
    public static let meetingCategories: [Category] = [
        .cafe, .restaurant, .fastFood, .bar, .pub, .bakery, .nightclub, .park, .cinema, .museum, .library,
        .attraction,
    ]

    /// The place on screen: one end of the way.
    public let place: Place
    /// Where the friend is: the other end.
    public let friend: Coordinate

    public init(from place: Place, to friend: Coordinate) {
        self.place = place
        self.friend = friend
    }

    /// The categories suggested: the place's own when one meets at such places (from a café, cafés), else
    /// every meeting category (from an ATM, somewhere to sit down).
    public var categories: [Category] {
        Self.meetingCategories.contains(place.category) ? [place.category] : Self.meetingCategories
    }

    /// The middle of the way between the place and the friend.
    public var searchCenter: Coordinate { place.coordinate.midpoint(with: friend) }

    /// How far around the middle to look: a little more than half the way, so both ends (the place itself
    /// among them) are inside; at least 500 m and at most 5 km.
    public var searchRadius: Double { min(max(place.coordinate.distance(to: friend) * 0.6, 500), 5_000) }

    /// The category to ask a source for, when only one is suggested (else nil: every category, filtered here).
    public var queryCategory: Category? {
        let categories = categories
        return categories.count == 1 ? categories[0] : nil
    }

    /// The best `limit` of `candidates`: of a suggested category, open (`isOpen`), ordered by the way both
    /// would walk together (from the place and from the friend), then by the nearer to the place, then by name.
    /// The place itself may be one of them: meeting right there is a fine answer.
    public func suggestions(from candidates: [PlaceHit], limit: Int,
                            isOpen: (Place) -> Bool) -> [PlaceHit] {
        let allowed = Set(categories)
        let origin = place.coordinate
        return candidates
            .filter { allowed.contains($0.place.category) && isOpen($0.place) }
            .map { hit in
                let fromPlace = origin.distance(to: hit.place.coordinate)
                return (hit: hit, walk: fromPlace + hit.place.coordinate.distance(to: friend), fromPlace: fromPlace)
            }
            .sorted {
                if $0.walk != $1.walk { return $0.walk < $1.walk }
                if $0.fromPlace != $1.fromPlace { return $0.fromPlace < $1.fromPlace }
                return ($0.hit.place.name, $0.hit.id.description) < ($1.hit.place.name, $1.hit.id.description)
            }
            .prefix(limit)
            .map(\.hit)
    }
}
