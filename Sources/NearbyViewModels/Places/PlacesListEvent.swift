import FoundationEssentials
import NearbyCore

/// What can happen to a places list: what the user does, and what comes back from the work it started.
enum PlacesListEvent {
    // The user.
    case load
    case retry
    /// `r`: a live source is asked again first, whatever its cache holds.
    case refresh
    case select(Int)
    /// `G`: the pages up to the list's end are loaded, then the last row is selected.
    case selectLast
    /// The view shows these rows: near the end of what is held, the next page is fetched.
    case rowsShown(Range<Int>)
    case filterTyped(String)
    case sortChosen(PlacesSortOrder)
    case sortCycled
    case layoutToggled
    case radiusWidened
    case radiusNarrowed
    /// `n` (forward) and `N`.
    case nameMatchSought(forward: Bool)
    case closed

    // The world.
    /// Here moved (a GPS fix further than `HereTracker.moveThreshold`).
    case hereMoved(Coordinate)
    /// A row shown changed its open state (the time `nextRefresh` named came).
    case timePassed
    /// Another time was chosen to read opening hours at (or now again).
    case evaluationTimeChanged
    /// Another span was chosen for "open during".
    case openDuringChanged
    /// A place held was saved or forgotten as a favourite (here or on another screen): its ★ changes.
    case favouritesChanged

    // Results of effects.
    case reloaded(Result<PlacesListState.Loaded, PlacesError>, PlacesListState.Request)
    /// A page after the rows held; `selectionWhenAsked` is set for the pages `G` asks for.
    case pageArrived(Result<PlacesPage, PlacesError>, generation: Int, selectionWhenAsked: Int?)
    case counted(Int, generation: Int)
    case walksArrived(Result<[WalkEstimate?], RoutingError>, for: [PlaceHit], generation: Int, here: Coordinate)
    case walkProbeFailed(RoutingError)
    case suggested([String])
}

/// What a places list asks the view model to do after an event: fetch, count, route, remember, say.
enum PlacesListEffect: Equatable {
    /// The list for `request`; replaces a reload under way. `fresh` asks a live source again first.
    case reload(PlacesListState.Request, fresh: Bool)
    /// The page after `cursor`; replaces a page under way.
    case loadPage(PlacesListState.Request, after: PageCursor, generation: Int, selectionWhenAsked: Int?)
    /// How many places lie within the request's radius.
    case count(PlacesListState.Request, generation: Int)
    /// The walks from `here` to these places (one search; several may run at once).
    case walks([PlaceHit], generation: Int, here: Coordinate)
    /// Whether the router has paths at all.
    case probeWalking(Coordinate)
    /// Names close to a search that found nothing.
    case suggest(String, near: Coordinate)
    /// Page, count and walk results of the places held before are dropped (the generation changed).
    case cancelPagesAndCount
    case cancelReload
    case rememberOrder(PlacesSortOrder)
    case rememberLayout(PlacesLayout)
    case rememberRadius(Double)
    case loadFavourites
    case say(StatusMessage)
    /// Row models made before: keep those of places that came back unchanged.
    case keepRows(unchanged: [PlaceHit])
    case forgetRows([PlaceID])
    case forgetAllRows
    case forgetExpiredRows

    /// Whether the effect is on the row models, which must be right before the rows are published.
    var isOnRows: Bool {
        switch self {
        case .keepRows, .forgetRows, .forgetAllRows, .forgetExpiredRows: true
        default: false
        }
    }
}
