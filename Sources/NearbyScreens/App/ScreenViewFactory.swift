import NearbyViewModels
import TerminalView

/// Picks the view for each kind of screen model.
@MainActor
enum ScreenViewFactory {
    static func makeView(for model: ScreenModel, isRoot: Bool, host: ScreenHost) -> ScreenView {
        switch model {
        case .home(let vm): HomeView(model: vm, isRoot: isRoot, host: host)
        case .friendsList(let vm): FriendsListView(model: vm, isRoot: isRoot, host: host)
        case .friendDetail(let vm): FriendDetailView(model: vm, host: host)
        case .friendForm(let vm): FriendFormView(model: vm, host: host)
        case .placesList(let vm): PlacesListView(model: vm, isRoot: isRoot, host: host)
        case .placeDetail(let vm): PlaceDetailView(model: vm, host: host)
        case .favourites(let vm): FavouritesView(model: vm, isRoot: isRoot, host: host)
        case .regions(let vm): RegionsView(model: vm, isRoot: isRoot, host: host)
        case .regionIndex(let vm): RegionIndexView(model: vm, host: host)
        }
    }
}
