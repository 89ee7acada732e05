import FoundationEssentials
import NearbyCore

/// Everything a places list knows, as one value. Only `apply(_:in:)` (PlacesListState+Apply.swift) changes it;
/// the view model runs the effects that returns and publishes the value's parts to the view.
///
/// In distance order the list pages through the provider (nearest first), 100 places at a time, as the user
/// reaches the end. The other orders need the whole result, which may be 100,000 places: they sort the
/// nearest `sortedLimit` in memory instead, and the title says so ("nearest 2,000 of 8,412"). That keeps
/// every order within one provider contract (local store, Overpass and Google all page by distance) and
/// bounds memory and time; the user narrows by radius or filter to see the rest.
struct PlacesListState {
    /// Places per page in distance order.
    static let pageSize = 100
    /// How many of the nearest places the name, rating and open-first orders sort.
    static let sortedLimit = 2_000
    static let sortedPageSize = 500
    /// Rows before the end at which the next page is fetched.
    static let prefetchDistance = 20
    /// The most places `G` loads to reach the end (a country's "all cafés within 50 km" stays within it).
    static let endReach = 20_000

    enum Phase: Hashable {
        case idle, loading, failed(PlacesError), loaded
    }

    /// What a result was asked with: a reload's result replaces the rows only as what it was asked with.
    struct Request: Hashable, Sendable {
        var filter: String
        var order: PlacesSortOrder
        var radius: Double
        /// Only places open for all of this span (`--open-during`, the time prompt).
        var openDuring: EvaluationTime.OpenSpan?
    }

    /// What a reload brought.
    struct Loaded: Hashable, Sendable {
        var hits: [PlaceHit]
        var next: PageCursor?
        var attributions: [String]
        var fetchedAt: Date?
        var isCapped = false
    }

    /// The unfiltered list as it was when a filter was typed, so clearing the filter shows it again at once
    /// instead of loading it again (a reload and a count: 25 ms at 100,000 places).
    struct Unfiltered: Hashable {
        var request: Request
        var hits: [PlaceHit]
        var knownIDs: Set<PlaceID>
        var next: PageCursor?
        var isComplete: Bool
        var isTruncated: Bool
        var isCapped: Bool
        var fetchedAt: Date?
        var total: Int?
        var attributions: [String]
        var selection: Int
    }

    /// The count of places within the radius for the current generation, started with its page on the local
    /// store (so the title's number comes with the rows), or after the page on a live source (whose count
    /// reads what the page brought in).
    struct Count: Hashable {
        var started = false
        var value: Int?
    }

    // What the user chose.
    var here: Coordinate
    var filter = ""
    var order = PlacesSortOrder.distance
    var layout = PlacesLayout.compact
    var radius: Double
    var selection = 0

    // What is held.
    var phase = Phase.idle
    /// The places in display order.
    var hits: [PlaceHit] = []
    var knownIDs: Set<PlaceID> = []
    /// Where the next page starts (distance order only).
    var next: PageCursor?
    /// Whether `hits` holds every match within the radius.
    var isComplete = false
    /// Whether `hits` is the nearest `sortedLimit` of more matches.
    var isTruncated = false
    /// Whether the source gave only the nearest of more matches (Google's 20).
    var isCapped = false
    /// When a live source fetched the places held (the oldest page); nil for the local store.
    var fetchedAt: Date?
    var total: Int?
    var count = Count()
    var attributions: [String] = []
    /// Names close to a search that found nothing ("did you mean …?"), once the source has said.
    var suggestions: [String] = []
    var unfiltered: Unfiltered?
    var walking = WalkingTimes()
    /// Whether the router was asked if there are paths at all (once: a store's paths do not come and go).
    var hasProbedWalking = false

    // What is under way.
    /// What the rows held were asked with.
    var applied: Request?
    var isReloading = false
    var isLoadingMore = false
    var moreFailure: PlacesError?
    /// `G` was pressed: pages load one after another until the list's end, which is then selected.
    var headingToEnd = false
    /// Changes whenever `hits` is replaced; page, count and walk results of an older one are dropped.
    var generation = 0
    var isClosed = false

    /// Changes whenever a row may read differently (`rowCellsRevision` too), or only rows were appended.
    var rowsRevision = 0
    var rowCellsRevision = 0

    init(here: Coordinate, radius: Double) {
        self.here = here
        self.radius = radius
    }

    var isLoaded: Bool { phase == .loaded }

    var isLoading: Bool { !isClosed && (isReloading || isLoadingMore) }

    var rowCount: Int {
        guard isLoaded, !hits.isEmpty else { return 1 }
        return hits.count + (next != nil ? 1 : 0)
    }

    var canRetry: Bool {
        if case .failed = phase { return true }
        return moreFailure != nil
    }
}

/// What the list needs from outside to decide: the source's nature, the clock and the opening hours. Tests
/// give fixed ones; the view model gives the context's.
struct PlacesListEnvironment {
    var subject: PlacesListSubject
    var units: UnitSystem
    /// A live source is asked again on `r`; the local store counts before its page.
    var isLive: Bool
    var hasRouter: Bool
    var sourceHasRatings: Bool
    var now: () -> Date
    /// The span chosen with the time prompt or `--open-during`.
    var openDuring: () -> EvaluationTime.OpenSpan?
    /// `PlacesSortOrder.openRank` of a place at an instant.
    var openRank: (PlaceHit, Date) -> Int
    /// Whether a place is open for all of a span.
    var isOpenThroughout: (PlaceHit, EvaluationTime.OpenSpan) -> Bool
}
