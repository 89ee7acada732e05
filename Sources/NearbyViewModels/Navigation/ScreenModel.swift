/// A screen the navigator can show, carrying its view model. The screens layer picks the view by case.
@MainActor
public enum ScreenModel {
    case home(HomeViewModel)
    case friendsList(FriendsListViewModel)
    case friendDetail(FriendDetailViewModel)
    case friendForm(FriendFormViewModel)
    case placesList(PlacesListViewModel)
    case placeDetail(PlaceDetailViewModel)
    case favourites(FavouritesListViewModel)
    case regions(RegionsViewModel)
    case regionIndex(RegionIndexViewModel)

    /// Cancels the screen's work; the coordinator calls this when the screen leaves the stack.
    public func close() {
        switch self {
        case .home(let model): model.close()
        case .friendsList(let model): model.close()
        case .friendDetail(let model): model.close()
        case .friendForm(let model): model.close()
        case .placesList(let model): model.close()
        case .placeDetail(let model): model.close()
        case .favourites(let model): model.close()
        case .regions(let model): model.close()
        case .regionIndex(let model): model.close()
        }
    }
}
