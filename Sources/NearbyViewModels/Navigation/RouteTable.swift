import NearbyCore

/// The app's one table from a `Route` to the screen that shows it, built with the contexts the features share.
/// The app hands `screen(for:)` to the `Navigator`.
@MainActor
public struct RouteTable {
    public var places: PlacesContext
    public var friends: FriendsContext
    /// The regions' work; nil where there is no store of extracts (a live source): no Regions screen.
    public var regions: RegionTasks?

    public init(places: PlacesContext, friends: FriendsContext, regions: RegionTasks? = nil) {
        self.places = places
        self.friends = friends
        self.regions = regions
    }

    public func screen(for route: Route) -> ScreenModel? {
        switch route {
        case .placesList(let request):
            return .placesList(PlacesListViewModel(request: request, context: places))
        case .placeDetail(let request):
            return .placeDetail(PlaceDetailViewModel(request: request, context: places))
        case .friendDetail(let friend, let onChange):
            return .friendDetail(FriendDetailViewModel(friend: friend, context: friends, onChange: onChange))
        case .favourites(let point):
            var context = places
            context.here = point
            return .favourites(FavouritesListViewModel(context: context))
        case .regions:
            guard let regions else { return nil }
            return .regions(RegionsViewModel(tasks: regions, navigator: places.navigator, clock: places.clock))
        }
    }
}
