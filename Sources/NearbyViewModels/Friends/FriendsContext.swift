import FoundationEssentials
import NearbyCore

/// What every friends view model needs, handed from the list to the detail and form it builds.
public struct FriendsContext {
    public var repository: any FriendsRepository
    public var navigator: Navigator
    /// Where the user is, for distances; nil hides them.
    public var here: Coordinate?
    /// Distance text from `here` (first) to a friend (second), e.g. "900 m N"; nil hides it.
    public var distanceText: @Sendable (_ from: Coordinate, _ to: Coordinate) -> String?
    /// The zone created/updated times are shown in.
    public var timeZone: ZoneRules
    /// Where a place name typed as a friend's location is looked up (the gazetteer `--near` uses); nil keeps
    /// the name without a coordinate.
    public var placeNames: (any PlaceNameResolver)?
    /// Where friends' photos are kept; nil when the friends' source keeps none (a friends service).
    public var photos: (any FriendPhotos)?

    public init(repository: any FriendsRepository, navigator: Navigator, here: Coordinate? = nil,
                distanceText: @escaping @Sendable (_ from: Coordinate, _ to: Coordinate) -> String? = { _, _ in nil },
                timeZone: ZoneRules = .current, placeNames: (any PlaceNameResolver)? = nil) {
        self.repository = repository
        self.navigator = navigator
        self.here = here
        self.distanceText = distanceText
        self.timeZone = timeZone
        self.placeNames = placeNames
    }

    /// The distance text for a friend, when both ends are known.
    func distance(to coordinate: Coordinate?) -> String? {
        guard let here, let coordinate else { return nil }
        return distanceText(here, coordinate).map(DisplayText.oneLine)
    }
}
