import FoundationEssentials
import NearbyCore

/// What the place detail view reads and calls, so a render test can hand it a stub.
@MainActor
public protocol PlaceDetailViewModelType: AnyObject {
    /// The place's name.
    var title: Observable<String> { get }
    /// Category, distance and bearing, address, coordinates, phone, website, e-mail, cuisine, wheelchair,
    /// rating, price level, operator: the ones the source has, in that order.
    var lines: Observable<[PlaceDetailLine]> { get }
    /// The state now and the week; nil when the source gives no hours.
    var hours: Observable<OpeningHoursSummary?> { get }
    var map: Observable<PlaceMapModel> { get }
    /// The walk from here: "1.2 km on foot · 15 min · via Städtle, Herrengasse", why there is none, or nil
    /// while it is asked for or when the source has no paths.
    var walk: Observable<String?> { get }
    var friendsNearby: Observable<[NearbyFriendRow]> { get }
    var meetingPoints: Observable<MeetingPointsState> { get }
    var favourite: Observable<FavouriteState> { get }
    /// The source's attribution for the footer.
    var attribution: Observable<String> { get }
    var isLoading: Observable<Bool> { get }
    var status: Observable<StatusMessage?> { get }
    /// When the hours shown next change (the state, or "today" at midnight): the view schedules one
    /// redraw then and calls `timeDidPass()`; nil when nothing will change.
    var nextRefresh: Observable<Date?> { get }
    /// The place's picture: none, being fetched, its bytes, or why not.
    var picture: Observable<PictureState> { get }
    /// Whom to credit under the picture ("Photo: Anna Beck"), where its source asks for it.
    var pictureCredit: String? { get }
    /// The screen draws pictures: fetch the place's picture (once; a screen that draws none never calls this).
    func showPicture()
    /// The time opening hours are evaluated at, shared by every screen (`t` chooses one, the header shows
    /// it); nil: always now.
    var evaluationTime: EvaluationTime? { get }

    func load()
    func refresh()
    /// `f`: saves or forgets the favourite; after a failure, tries the same change again.
    func toggleFavourite()
    /// `m`: places to meet (see `MeetingPoints`) open now between this place and the friend, fairest to both first.
    func suggestMeetingPoints(with friendID: Friend.ID)
    func clearMeetingPoints()
    /// Opens a suggested meeting point's detail.
    func openMeetingPoint(at index: Int)
    func timeDidPass()
    func dismissStatus()
    func close()
}

extension PlaceDetailViewModelType {
    /// Binds the view once: `body` when what the scrolled body shows changes (lines, hours, map, walk,
    /// friends, meeting points, favourite), `redraw` when only the header or status does.
    public func observeAll(body: @escaping @MainActor () -> Void,
                           redraw: @escaping @MainActor () -> Void) -> [ObservationToken] {
        let shown: [any ChangeSource] = [lines, hours, map, walk, friendsNearby, meetingPoints, favourite, picture]
        let rest: [any ChangeSource] = [title, attribution, isLoading, status]
        return shown.onChange(body) + rest.onChange(redraw)
    }

    /// What `y` copies: the address when the data has one, else the coordinates.
    public var copyText: String? {
        let lines = lines.value
        return (lines.first { $0.label == "Address" } ?? lines.first { $0.label == "Coordinates" })?.value
    }

    /// What `p` copies: the phone number as the data writes it.
    public var phoneText: String? { lines.value.first { $0.kind == .phone }?.value }

    /// What `Y` copies: the place's position as a `geo:` URI, which map apps open.
    public var geoText: String? { lines.value.first { $0.label == "Coordinates" }?.link }

    /// Says in the status line what a copy did.
    public func copied(_ what: String, sent: Bool) {
        status.value = sent ? .info("Copied \(what) (through the terminal's clipboard)")
            : .error("Nothing to copy, or too long for the terminal's clipboard")
    }
}
