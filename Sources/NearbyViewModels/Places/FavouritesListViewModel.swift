import FoundationEssentials
import NearbyCore

/// The saved favourites, nearest first, each with its open state now; a favourite whose place is no longer
/// in the data stays listed (it can be seen, not opened) until it is forgotten from a detail.
///
/// Favourites are few (they are saved by hand), so the list is read whole and filtered in memory.
@MainActor
public final class FavouritesListViewModel: FavouritesListViewModelType {
    public let title = Observable("Favourites")
    public let filter = Observable("")
    public let rowsRevision = Observable(0)
    public let selection = Observable(0)
    public let isLoading = Observable(false)
    public let status = Observable<StatusMessage?>(nil)

    private enum Phase {
        case idle, loading, failed(PlacesError), loaded
    }

    private static let loadKey = ActivityKey("favourites")
    private static let walkKey = ActivityKey("favourites.walks")

    private let context: PlacesContext
    private let store: (any FavouritesStore)?
    private let tracker = ActivityTracker()
    private var phase = Phase.idle
    /// Every favourite, nearest first (the store's order), and those the filter keeps.
    private var all: [FavouritePlace] = []
    private var shown: [FavouritePlace] = []
    private var hoursCache = ParsedHoursCache()
    /// Each favourite's walk from here on the store's paths (nil inside: no path reaches it), once known.
    private var walks: [PlaceID: WalkEstimate?] = [:]
    /// Follows the favourite state of the detail opened from here: forgetting it there drops it here.
    private var detailFavourite: ObservationToken?
    private var bindings: [ObservationToken] = []

    public var showsRatings: Bool { context.sourceHasRatings }

    public init(context: PlacesContext) {
        self.context = context
        store = context.favourites
        tracker.isBusy.bind { [weak self] busy in self?.isLoading.update(busy) }.store(in: &bindings)
        context.evaluationTime?.chosen.bind { [weak self] _ in self?.bumpRows() }.store(in: &bindings)
    }

    public var rowCount: Int {
        guard case .loaded = phase, !shown.isEmpty else { return 1 }
        return shown.count
    }

    public func row(at index: Int) -> PlacesListRow {
        switch phase {
        case .idle, .loading:
            return .loading("Loading favourites…")
        case .failed(let error):
            return .error(PlacesErrorText.loading(error))
        case .loaded:
            guard shown.indices.contains(index) else {
                if !filter.value.isEmpty {
                    return .empty("No favourites match “\(DisplayText.oneLine(filter.value))”", remedy: nil)
                }
                return .empty("No favourites yet", remedy: .saveOnADetail)
            }
            return .place(rowModel(shown[index]))
        }
    }

    public func canOpen(at index: Int) -> Bool {
        guard case .loaded = phase, shown.indices.contains(index) else { return false }
        return !shown[index].isGone
    }

    public var canRetry: Bool {
        if case .failed = phase { return true }
        return false
    }

    public func load() {
        guard !tracker.isClosed, case .idle = phase else { return }
        reload()
    }

    public func retry() { reload() }
    public func refresh() { reload() }

    public func select(_ index: Int) {
        selection.update(min(max(index, 0), rowCount - 1))
    }

    public func open(at index: Int) {
        guard !tracker.isClosed, canOpen(at: index), let place = shown[index].place else { return }
        let hit = PlaceHit(place: place, distance: context.here.distance(to: place.coordinate),
                           bearing: context.here.bearing(to: place.coordinate))
        let detail = PlaceDetailViewModel(hit: hit, context: context)
        detailFavourite = detail.favourite.bind { [weak self] state in
            if case .saved = state { self?.reload() }
        }
        context.navigator.push(.placeDetail(detail))
    }

    public func setFilter(_ text: String) {
        guard !tracker.isClosed else { return }
        filter.update(text)
        applyFilter()
    }

    public func show(rows: Range<Int>) {}

    public func dismissStatus() { status.update(nil) }

    public func close() {
        detailFavourite?.cancel()
        detailFavourite = nil
        tracker.close()
    }

    /// Returns once no work runs (for tests, instead of sleeping).
    public func idle() async { await tracker.idle() }

    // MARK: Loading

    private func reload() {
        guard !tracker.isClosed else { return }
        guard let store else {
            phase = .failed(.storage("Favourites are kept in the local store, which is not open."))
            return bumpRows()
        }
        if case .loaded = phase {} else { phase = .loading }
        bumpRows()
        let order = FavouritesOrder.distance(from: context.here)
        tracker.run(Self.loadKey) { [weak self] in
            let outcome = await store.favouritePlacesOutcome(order: order)
            guard !Task.isCancelled, let self else { return }
            switch outcome {
            case .success(let favourites):
                self.all = favourites
                self.phase = .loaded
                self.requestWalks()
            case .failure(let error):
                self.phase = .failed(error)
            }
            self.applyFilter()
        }
    }

    /// The walking minutes the rows show, as the places lists show them: one search for every favourite.
    private func requestWalks() {
        guard let walking = context.walking else { return }
        let targets = all.compactMap { favourite in favourite.coordinate.map { (favourite.id, $0) } }
        guard !targets.isEmpty else { return }
        let here = context.here
        tracker.run(Self.walkKey) { [weak self] in
            // No network (a live source, an old store): the rows keep their straight-line distances.
            guard let found = try? await walking.walks(from: here, to: targets.map(\.1)),
                  !Task.isCancelled, let self, found.count == targets.count else { return }
            for (target, walk) in zip(targets, found) { self.walks[target.0] = walk }
            self.bumpRows()
        }
    }

    private func applyFilter() {
        let selected = shown.indices.contains(selection.value) ? shown[selection.value].id : nil
        let words = SearchFolding.fold(DisplayText.trimmed(filter.value)).split(separator: " ")
        shown = words.isEmpty ? all : all.filter { favourite in
            let name = SearchFolding.fold(favourite.name)
            return words.allSatisfy { name.contains($0) }
        }
        // The selection stays on the same favourite when it is still listed.
        let index = selected.flatMap { id in shown.firstIndex { $0.id == id } } ?? 0
        selection.update(min(index, max(rowCount - 1, 0)))
        bumpRows()
    }

    private func bumpRows() {
        var parts = ["Favourites"]
        if case .loaded = phase {
            parts.append(filter.value.isEmpty ? NumberText.grouped(all.count)
                         : "\(NumberText.grouped(shown.count)) of \(NumberText.grouped(all.count))")
        }
        title.update(parts.joined(separator: " · "))
        rowsRevision.value += 1
    }

    // MARK: Rows

    private func rowModel(_ favourite: FavouritePlace) -> PlaceRowModel {
        let distance = favourite.coordinate.map { context.distanceText(to: $0) } ?? ""
        let category = favourite.category?.displayName ?? ""
        guard let place = favourite.place else {
            return PlaceRowModel(id: favourite.id, name: DisplayText.oneLine(favourite.name), subtitle: category,
                                 category: category, distance: distance, openState: "no longer in the data",
                                 openness: .unknown, rating: nil, detailLine: "")
        }
        let hours = hoursCache.hours(of: place)
        var row = PlaceRowModel(place: place, distance: distance, hours: hours,
                                status: context.openingStatus(of: place, hours: hours, at: context.now()),
                                timeZone: context.zone(for: place))
        if let walk = walks[favourite.id] {
            row.walk = walk.map { WalkingTimeText.minutes($0.minutes(at: context.walkingPace)) } ?? WalkingTimes.noPath
        }
        return row
    }
}
