import Foundation
import NearbyCore
import NearbyViewModels

/// Home's view model with whatever sections a test sets, each failed, loading or loaded; every intent is
/// recorded.
@MainActor
final class StubHome: HomeViewModelType {
    let header = Observable(HomeHeader(location: "Vaduz", summary: "1,234 places within 2 km"))
    let isLoading = Observable(false)
    let hotPicks = Observable(HotPicksState(content: .loading("Finding hot picks…")))
    let categories = Observable(HomeSectionContent<[CategoryCount]>.loading("Counting…"))
    let sections = Observable<[HomePlacesSection]>([])
    let friendsSection = Observable<HomeFriendsSection?>(nil)
    let favouritesSection = Observable<HomeFavouritesSection?>(nil)
    let notice = Observable<String?>(nil)
    let nextRefresh = Observable<Date?>(nil)
    let status = Observable<StatusMessage?>(nil)
    let attribution = Observable("© OpenStreetMap contributors")
    var evaluationTime: EvaluationTime? { nil }
    private(set) var calls: [String] = []
    var thumbnails: PlaceThumbnails?

    /// Every section failed, as a store that cannot be read makes them.
    func failEverything(_ message: String) {
        hotPicks.value = HotPicksState(content: .failed(message: message))
        categories.value = .failed(message: message)
        sections.value = [HomePlacesSection(category: .cafe, title: "Cafés", content: .failed(message: message))]
        friendsSection.value = HomeFriendsSection(content: .failed(message: message))
    }

    func load() { calls.append("load") }
    func refresh() { calls.append("refresh") }
    func retry(_ section: HomeSectionID) { calls.append("retry(\(section))") }
    func retryFailed() { calls.append("retryFailed") }
    func refreshTimes() { calls.append("refreshTimes") }
    func pageLeft() { calls.append("pageLeft") }
    func pageRight() { calls.append("pageRight") }
    func openHotPick() { calls.append("openHotPick") }
    func openCategory(_ category: NearbyCore.Category) { calls.append("openCategory(\(category))") }
    func openSearch(_ text: String) { calls.append("openSearch(\(text))") }
    func openPlace(_ id: PlaceID) { calls.append("openPlace") }
    func openFriend(_ id: Friend.ID) { calls.append("openFriend(\(id))") }
    func dismissStatus() { status.update(nil) }
    func close() { calls.append("close") }
}

/// A place's detail with lines, hours and states a test sets; every intent is recorded.
@MainActor
final class StubPlaceDetail: PlaceDetailViewModelType {
    let title: Observable<String>
    let lines = Observable([PlaceDetailLine(label: "Category", value: "Café"),
                            PlaceDetailLine(label: "Address", value: "Städtle 1, Vaduz")])
    let hours = Observable<OpeningHoursSummary?>(nil)
    let map: Observable<PlaceMapModel>
    let walk = Observable<String?>(nil)
    let friendsNearby = Observable<[NearbyFriendRow]>([])
    let meetingPoints = Observable(MeetingPointsState.none)
    let favourite = Observable(FavouriteState.normal(isFavourite: false))
    let attribution = Observable("© OpenStreetMap contributors")
    let isLoading = Observable(false)
    let status = Observable<StatusMessage?>(nil)
    let nextRefresh = Observable<Date?>(nil)
    let picture = Observable<PictureState>(.none)
    var pictureCredit: String?
    var evaluationTime: EvaluationTime? { nil }
    private(set) var calls: [String] = []

    init(title: String = "Café Amadeus") {
        self.title = Observable(title)
        let place = Coordinate(latitude: 47.141, longitude: 9.5209)
        map = Observable(PlaceMapModel(here: MapMarker(coordinate: place, label: "you", kind: .here),
                                       place: MapMarker(coordinate: place, label: title, kind: .place)))
    }

    func load() { calls.append("load") }
    func refresh() { calls.append("refresh") }
    func showPicture() { if !calls.contains("showPicture") { calls.append("showPicture") } }
    func toggleFavourite() { calls.append("toggleFavourite") }
    func suggestMeetingPoints(with friendID: Friend.ID) { calls.append("suggestMeetingPoints(\(friendID))") }
    func clearMeetingPoints() { calls.append("clearMeetingPoints") }
    func openMeetingPoint(at index: Int) { calls.append("openMeetingPoint(\(index))") }
    func timeDidPass() { calls.append("timeDidPass") }
    func dismissStatus() { status.update(nil) }
    func close() { calls.append("close") }
}

/// A friend's detail with content a test sets; every intent is recorded.
@MainActor
final class StubFriendDetail: FriendDetailViewModelType {
    let title: Observable<String>
    let content: Observable<FriendDetailContent>
    let isLoading = Observable(false)
    let isDeleting = Observable(false)
    let status = Observable<StatusMessage?>(nil)
    let confirmation = Observable<ConfirmationRequest?>(nil)
    let photo = Observable<PictureState>(.none)
    private(set) var calls: [String] = []

    init(title: String = "Anna Beck", content: FriendDetailContent) {
        self.title = Observable(title)
        self.content = Observable(content)
    }

    func load() { calls.append("load") }
    func retry() { calls.append("retry") }
    func retryPhoto() { calls.append("retryPhoto") }
    func edit() { calls.append("edit") }
    func requestDelete() { calls.append("requestDelete") }
    func confirmDelete() { calls.append("confirmDelete") }
    func cancelDelete() { calls.append("cancelDelete") }
    func back() { calls.append("back") }
    func dismissStatus() { status.update(nil) }
    func close() { calls.append("close") }
}

/// The friend form with two fields and a save state a test sets; every intent is recorded.
@MainActor
final class StubFriendForm: FriendFormViewModelType {
    let title: String
    let fields: [FormFieldModel]
    let canSave = Observable(true)
    let saveState = Observable(SaveState.idle)
    let confirmation = Observable<ConfirmationRequest?>(nil)
    var hasUnsavedChanges: Bool { false }
    private(set) var calls: [String] = []

    /// - Parameter problem: what the name field says of a name that is not empty.
    init(title: String = "New friend", name: String = "Anna", location: String = "", problem: String? = nil) {
        self.title = title
        fields = [
            FormFieldModel(field: .firstName, label: "First name", placeholder: "", isRequired: true, text: name,
                           validate: { $0.isEmpty ? "Needed" : problem }),
            FormFieldModel(field: .location, label: "Location", placeholder: "optional", isRequired: false,
                           text: location, validate: { _ in nil }),
        ]
    }

    func save() { calls.append("save") }
    func cancel() { calls.append("cancel") }
    func confirmDiscard() { calls.append("confirmDiscard") }
    func cancelDiscard() { calls.append("cancelDiscard") }
    func close() { calls.append("close") }
}
