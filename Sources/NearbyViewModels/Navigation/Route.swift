import NearbyCore

/// A screen of another feature, asked for by what it is to show: Home asks for "the cafés around here", not
/// for a places list view model. The app's `RouteTable` builds the screen with the contexts it holds, so no
/// feature builds another's view models. (A screen of the same feature, which shares its context, is pushed
/// as a `ScreenModel`: a list's detail, a friend's form.)
@MainActor
public enum Route {
    case placesList(PlacesListRequest)
    case placeDetail(PlaceDetailRequest)
    /// A friend's detail; `onChange` hears of an edit or a deletion made there.
    case friendDetail(Friend, onChange: @MainActor (FriendChange) -> Void)
    /// The favourites, nearest to the point first.
    case favourites(near: Coordinate)
    /// The imported regions: their age, updates, removal.
    case regions
}
