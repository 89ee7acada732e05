import FoundationEssentials
import NearbyCore

/// A places list: one category, every place, or a search, around "here" within a radius.
///
/// In distance order it pages through the provider (nearest first), 100 places at a time, as the user
/// reaches the end. The other orders need the whole result, which may be 100,000 places: they sort the
/// nearest `sortedLimit` in memory instead, and the title says so ("nearest 2,000 of 8,412"). That keeps
/// every order within one provider contract (local store, Overpass and Google all page by distance) and
/// bounds memory and time; the user narrows by radius or filter to see the rest. Row models are built
/// only for the rows the view asks for, and cached by place until their open state changes.
@MainActor
public final class PlacesListViewModel: PlacesListViewModelType {
    /// Places per page in distance order.
    public static let pageSize = 100
    /// How many of the nearest places the name, rating and open-first orders sort.
    public static let sortedLimit = 2_000
    static let sortedPageSize = 500
    /// Rows before the end at which the next page is fetched.
    static let prefetchDistance = 20

    public let subject: PlacesListSubject
    public let title = Observable("")
    public let filter = Observable("")
    public let sortOrder = Observable(PlacesSortOrder.distance)
    public let layout = Observable(PlacesLayout.compact)
    public let radius: Observable<Double>
    public let rowsRevision = Observable(0)
    public private(set) var rowCellsRevision = 0
    public let selection = Observable(0)
    /// `G` was pressed: pages load one after another until the list's end, which is then selected.
    private var headingToEnd = false
    /// The most places `G` loads to reach the end (a country's "all cafés within 50 km" stays within it).
    static let endReach = 20_000
    public let isLoading = Observable(false)
    public let status = Observable<StatusMessage?>(nil)
    public let attribution = Observable("")
    public let dataAge = Observable<String?>(nil)
    public let nextRefresh = Observable<Date?>(nil)
    /// Why the list shows straight-line distances instead of walking times; nil while it shows them.
    public let walkingNote = Observable<String?>(nil)
    /// With the GPS: why here is not the GPS's position (no fix, gpsd absent), for a row above the list.
    public let locationNotice = Observable<String?>(nil)
    /// The GPS's accuracy for the header ("GPS ±8 m"); nil without the GPS.
    public let locationAccuracy = Observable<String?>(nil)

    private enum Phase {
        case idle, loading, failed(PlacesError), loaded

        var isLoaded: Bool {
            if case .loaded = self { true } else { false }
        }
    }

    /// What a result was asked with: a reload's result replaces the rows only as what it was asked with.
    private struct Request: Equatable {
        var filter: String
        var order: PlacesSortOrder
        var radius: Double
        /// Only places open for all of this span (`--open-during`, the time prompt).
        var openDuring: EvaluationTime.OpenSpan?
    }

    /// What a reload brought.
    private struct Loaded: Sendable {
        var hits: [PlaceHit]
        var next: PageCursor?
        var attributions: [String]
        var fetchedAt: Date?
        var isCapped = false
    }

    /// The unfiltered list as it was when a filter was typed, so clearing the filter shows it again at once
    /// instead of loading it again (a reload and a count: 25 ms at 100,000 places).
    private struct Unfiltered {
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

    private static let reloadKey = ActivityKey("reload")
    private static let moreKey = ActivityKey("more")
    private static let countKey = ActivityKey("count")
    private static let suggestKey = ActivityKey("suggest")

    private var context: PlacesContext
    private var walking = WalkingTimes()
    private var trackerTokens: [ObservationToken] = []
    private let tracker = ActivityTracker()
    private var phase = Phase.idle
    /// The places in display order.
    private var hits: [PlaceHit] = []
    private var knownIDs: Set<PlaceID> = []
    /// Where the next page starts (distance order only).
    private var next: PageCursor?
    /// Whether `hits` holds every match within the radius.
    private var isComplete = false
    /// Whether `hits` is the nearest `sortedLimit` of more matches.
    private var isTruncated = false
    /// Whether the source gave only the nearest of more matches (Google's 20).
    private var isCapped = false
    /// When a live source fetched the places held (the oldest page); nil for the local store.
    private var fetchedAt: Date?
    private var total: Int?
    /// The count of places within the radius for the current generation, started with its page on the local
    /// store (so the title's number comes with the rows), or after the page on a live source (whose count
    /// reads what the page brought in).
    private var count: (started: Bool, value: Int?) = (false, nil)
    private var applied: Request?
    private var isReloading = false
    private var isLoadingMore = false
    private var moreFailure: PlacesError?
    /// Changes whenever `hits` is replaced; page results of an older one are dropped.
    private var generation = 0
    private var attributions: [String] = []
    private var unfiltered: Unfiltered?
    /// Whether the router was asked if there are paths at all (once: a store's paths do not come and go).
    private var hasProbedWalking = false
    private var hoursCache = ParsedHoursCache()
    private var rowCache = PlaceRowCache()
    private var visibleRows = 0..<40
    /// What the last refresh pass found: until when each row shown holds, and the data's age text.
    private var refreshTimes: (rows: Range<Int>, times: [Date?], age: Date?) = (0..<0, [], nil)
    private var bindings: [ObservationToken] = []
    /// The ★ on favourite rows and `f` on the selected one.
    private lazy var favourites = ListFavourites(
        store: context.favourites, news: context.favouriteChanges, tracker: tracker,
        changed: { [weak self] in self?.bumpRows() },
        report: { [weak self] message in self?.status.value = message })

    public init(subject: PlacesListSubject, context: PlacesContext, radius: Double = SearchRadius.standard) {
        self.subject = subject
        self.context = context
        self.radius = Observable(radius)
        if let kept = context.preferences?.value {
            // An order this source cannot give (walking times without paths, ratings without ratings) falls
            // back to distance rather than a title that promises it.
            let possible = switch kept.sortOrder {
            case .walkingTime: context.walking != nil
            case .rating: context.sourceHasRatings
            default: true
            }
            sortOrder.update(possible ? kept.sortOrder : .distance)
            layout.update(kept.layout)
        }
        updateTitle()
        context.evaluationTime?.chosen.bind { [weak self] _ in self?.evaluationTimeDidChange() }.store(in: &bindings)
        context.evaluationTime?.openDuring.bind { [weak self] _ in
            guard let self, !self.tracker.isClosed, case .loaded = self.phase else { return }
            self.startReload()
        }.store(in: &bindings)
        follow(context.hereTracker)
    }

    /// The time opening hours are evaluated at, for the screen's `t` and header; nil: always now.
    public var evaluationTime: EvaluationTime? { context.evaluationTime }

    public var offersWalkingTimes: Bool { context.walking != nil && walking.note == nil }
    public var showsRatings: Bool { context.sourceHasRatings }

    // MARK: Rows

    public var rowCount: Int {
        guard case .loaded = phase, !hits.isEmpty else { return 1 }
        return hits.count + (next != nil ? 1 : 0)
    }

    /// The row at `index` as held: a lookup that fetches nothing (`show(rows:)` does).
    public func row(at index: Int) -> PlacesListRow {
        switch phase {
        case .idle, .loading:
            return .loading(loadingText)
        case .failed(let error):
            return .error(PlacesErrorText.loading(error))
        case .loaded:
            guard !hits.isEmpty else { return .empty(emptyText, remedy: canWiden ? .widenRadius : nil) }
            if hits.indices.contains(index) {
                var model = cachedRow(at: index, now: context.now()).model
                model.favourite = favourites.state(of: model.id)
                return .place(model)
            }
            guard next != nil else { return .empty("", remedy: nil) }
            if let moreFailure { return .error(PlacesErrorText.loading(moreFailure)) }
            return .moreLoading("Loading more \(subject.pluralText)…")
        }
    }

    public func canOpen(at index: Int) -> Bool {
        guard case .loaded = phase else { return false }
        return hits.indices.contains(index)
    }

    public var canRetry: Bool {
        if case .failed = phase { return true }
        return moreFailure != nil
    }

    /// Watches the times of the rows shown, and fetches the next page once they come within
    /// `prefetchDistance` of the end of what is held.
    public func show(rows: Range<Int>) {
        if rows != visibleRows {
            let before = visibleRows
            visibleRows = rows
            noteShown(rows, besides: before)
        }
        if next != nil, rows.upperBound >= hits.count - Self.prefetchDistance { loadMore() }
    }

    /// How many places are held now (for tests: pages, never everything).
    var heldPlaceCount: Int { hits.count }
    /// How many row models are cached now (for tests: only rows asked for).
    var cachedRowCount: Int { rowCache.count }

    // MARK: Intents

    public func load() {
        guard !tracker.isClosed, case .idle = phase else { return }
        startReload()
    }

    public func retry() {
        guard !tracker.isClosed else { return }
        // A live source is asked again for real: what failed a moment ago may be remembered as failed.
        if case .failed = phase { return startReload(fresh: context.provider.isLive) }
        if moreFailure != nil {
            moreFailure = nil
            bumpRows()
            loadMore()
            return
        }
        refresh()
    }

    /// Loads the list again; a live source is asked again first, whatever its cache holds.
    public func refresh() {
        guard !tracker.isClosed else { return }
        startReload(fresh: context.provider.isLive)
    }

    public func select(_ index: Int) {
        selection.update(min(max(index, 0), rowCount - 1))
    }

    /// `G`: loads the pages up to the list's end (the header knows how many there are), then selects the last;
    /// at most `endReach` places are held for it.
    public func selectLast() {
        guard !tracker.isClosed, case .loaded = phase else { return }
        guard next != nil, hits.count < Self.endReach, moreFailure == nil, !isReloading, let request = applied else {
            return select(rowCount - 1)
        }
        selection.update(rowCount - 1)
        headingToEnd = true
        isLoadingMore = true
        updateLoading()
        let generation = generation
        let provider = context.provider
        let query = query(for: request, limit: Self.pageSize)
        // One task for every page to the end (a page loading already is taken over: its key is this one).
        tracker.run(Self.moreKey) { [weak self] in
            while let self, self.headingToEnd, let cursor = self.next, self.hits.count < Self.endReach {
                // The user moved meanwhile: the list stays where they went.
                let waiting = self.selection.value
                let outcome = await Self.page(query, after: cursor, from: provider)
                guard !Task.isCancelled, generation == self.generation else { return }
                guard self.selection.value == waiting else {
                    self.headingToEnd = false
                    return self.finishMore(outcome)
                }
                self.finishMore(outcome)
                if case .failure = outcome { return }
                self.selection.update(self.rowCount - 1)
                self.isLoadingMore = self.next != nil
            }
            guard let self, !Task.isCancelled, self.headingToEnd else { return }
            self.headingToEnd = false
            self.isLoadingMore = false
            self.selection.update(max(0, self.rowCount - 1))
            self.updateLoading()
        }
    }

    public func open(at index: Int) {
        guard !tracker.isClosed, case .loaded = phase, hits.indices.contains(index) else { return }
        let detail = PlaceDetailViewModel(hit: hits[index], context: context)
        context.navigator.push(.placeDetail(detail))
    }

    public var offersFavourites: Bool { favourites.isAvailable }

    public var isSavingFavourite: Bool { favourites.isSaving }

    /// `f`: saves or forgets the selected place as a favourite; after a failure, tries that change again.
    public func toggleFavourite() {
        guard !tracker.isClosed, case .loaded = phase, hits.indices.contains(selection.value) else { return }
        favourites.toggle(hits[selection.value].place)
    }

    /// The words `n` and `N` look for in names: the search's, then the filter's.
    public var matchText: String? {
        let words = [subject.searchText, Self.trimmed(filter.value)].compactMap { $0 }.filter { !$0.isEmpty }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// `n` (forward) and `N`: selects the next place held whose name has every word of the search, wrapping
    /// round at the end. Rows that matched only by address or cuisine are passed over.
    public func selectNameMatch(forward: Bool) {
        guard !tracker.isClosed, case .loaded = phase, !hits.isEmpty, let text = matchText else { return }
        let words = SearchFolding.fold(text).split(separator: " ")
        let count = hits.count
        let start = min(max(selection.value, 0), count - 1)
        for step in 1...count {
            let index = ((forward ? start + step : start - step) % count + count) % count
            let name = SearchFolding.fold(hits[index].place.name)
            guard words.allSatisfy({ name.contains($0) }) else { continue }
            if index == start {
                status.value = .info("No other name matches “\(DisplayText.oneLine(text))”")
            } else if forward ? index < start : index > start {
                status.value = .info(forward ? "Search went on from the top" : "Search went on from the bottom")
            }
            selection.update(index)
            return
        }
        status.value = .info("No name matches “\(DisplayText.oneLine(text))”; the rows match by address or cuisine")
    }

    public func setFilter(_ text: String) {
        guard !tracker.isClosed else { return }
        let before = Self.trimmed(filter.value)
        filter.update(text)
        guard Self.trimmed(text) != before else { return }
        if before.isEmpty, case .loaded = phase, !isReloading, let applied, applied.filter.isEmpty {
            unfiltered = Unfiltered(request: applied, hits: hits, knownIDs: knownIDs, next: next, isComplete: isComplete,
                                    isTruncated: isTruncated, isCapped: isCapped, fetchedAt: fetchedAt, total: total,
                                    attributions: attributions, selection: selection.value)
        }
        if let held = unfiltered, held.request == requested {
            return restore(held)
        }
        startReload(keepingUnfiltered: true)
    }

    /// Shows the unfiltered list held since the filter was typed, as it was.
    private func restore(_ held: Unfiltered) {
        unfiltered = nil
        startNewGeneration()
        tracker.cancel(Self.reloadKey)
        isReloading = false
        applied = held.request
        hits = held.hits
        knownIDs = held.knownIDs
        next = held.next
        isComplete = held.isComplete
        isTruncated = held.isTruncated
        isCapped = held.isCapped
        fetchedAt = held.fetchedAt
        total = held.total
        attributions = held.attributions
        phase = .loaded
        rowCache.keep(unchanged: hits)
        requestWalks(for: hits)
        if total == nil, !isComplete, held.request.openDuring == nil, subject.searchText == nil {
            startCount(for: held.request)
        }
        selection.update(held.selection)
        updateTitle()
        bumpRows()
        updateLoading()
    }

    public func cycleSort() {
        var order = sortOrder.value.next
        // Walking time is offered only where there are walking times: a store with paths whose first answer
        // is in (before it, `s` pressed at once gave "by walking time" over a store that then said it had none).
        if order == .walkingTime, context.walking == nil || walking.availability != .available { order = order.next }
        if order == .rating, !context.sourceHasRatings { order = order.next }
        setSortOrder(order)
    }

    /// Shows the list in `order`: sorted in memory when the places held allow it, else loaded again.
    public func setSortOrder(_ order: PlacesSortOrder) {
        guard !tracker.isClosed, order != sortOrder.value else { return }
        sortOrder.update(order)
        context.preferences?.update { $0.sortOrder = order }
        guard case .loaded = phase, !isReloading, var request = applied,
              isComplete || (isTruncated && (order != .distance || request.openDuring != nil)) else {
            return startReload()
        }
        request.order = order
        applied = request
        // The selected place stays selected wherever the order puts it (htop keeps its row too).
        keepingSelectedPlace(orFirst: true) { hits = sorted(hits, by: order, now: context.now()) }
        next = nil
        requestWalks(for: hits)
        updateTitle()
        bumpRows()
    }

    /// Here moved (a GPS fix more than `HereTracker.moveThreshold` away): distances, walking times and the
    /// order are worked out again from the new point; the rows shown stay until the new ones arrive.
    public func moveHere(to coordinate: Coordinate) {
        guard !tracker.isClosed, coordinate != context.here else { return }
        context.here = coordinate
        walking.reset()
        startReload()
    }

    /// Starts from the tracker's position and moves (reloads) when it does.
    private func follow(_ hereTracker: HereTracker?) {
        guard let hereTracker else { return }
        context.here = hereTracker.here.value
        hereTracker.moves.bind { [weak self, weak hereTracker] _ in
            guard let self, let hereTracker else { return }
            self.moveHere(to: hereTracker.here.value)
        }.store(in: &trackerTokens)
        hereTracker.fallbackNotice.bindAndFire { [weak self] in self?.locationNotice.update($0) }
            .store(in: &trackerTokens)
        hereTracker.headerText.bindAndFire { [weak self] in self?.locationAccuracy.update($0) }
            .store(in: &trackerTokens)
    }

    public func toggleLayout() {
        layout.update(layout.value.toggled)
        context.preferences?.update { $0.layout = layout.value }
    }

    public func widenRadius() {
        guard !tracker.isClosed else { return }
        if radius.value >= SearchRadius.everywhere {
            status.value = .info("The search already looks through every place of the store.")
            return
        }
        // A search by name goes on past the widest circle to the whole store, as Home's `/` looks; a list of
        // a category stops there (every place of a country would be no list at all).
        let isSearch = if case .search = subject { true } else { false }
        let next = SearchRadius.wider(than: radius.value)
            ?? (isSearch && !context.provider.isLive ? SearchRadius.everywhere : nil)
        guard let wider = next else {
            status.value = .info("The search already reaches \(radiusText) — the widest it goes.")
            return
        }
        radius.update(wider)
        rememberRadius()
        startReload()
    }

    /// The radius a category's list was widened or narrowed to is the next start's; a search's is not (it
    /// looks anywhere by default, and "anywhere" is no radius for Home).
    private func rememberRadius() {
        if case .search = subject { return }
        guard radius.value < SearchRadius.everywhere else { return }
        context.preferences?.update { $0.radius = radius.value }
    }

    public func narrowRadius() {
        guard !tracker.isClosed else { return }
        guard let narrower = SearchRadius.narrower(than: radius.value) else {
            status.value = .info("The search is already as narrow as it goes (\(radiusText)).")
            return
        }
        radius.update(narrower)
        rememberRadius()
        startReload()
    }

    public func timeDidPass() {
        guard !tracker.isClosed, case .loaded = phase else { return }
        let now = context.now()
        rowCache.removeExpired(at: now)
        if sortOrder.value == .openFirst {
            // Open first is an order in time: keep the selected place selected as places open and close.
            keepingSelectedPlace { hits = sorted(hits, by: .openFirst, now: now) }
        }
        bumpRows()
    }

    public func dismissStatus() {
        status.update(nil)
        favourites.dismissTick()
    }

    /// Another time was chosen (or now again): every open state, text and the open-first order follow it.
    private func evaluationTimeDidChange() {
        guard !tracker.isClosed, case .loaded = phase else { return }
        rowCache.removeAll()
        if sortOrder.value == .openFirst {
            keepingSelectedPlace { hits = sorted(hits, by: .openFirst, now: context.now()) }
        }
        bumpRows()
    }

    /// Runs `reorder` on the places held, then selects the place selected before wherever it went (the first
    /// row, with `orFirst`, when it is gone).
    private func keepingSelectedPlace(orFirst: Bool = false, _ reorder: () -> Void) {
        let selected = hits.indices.contains(selection.value) ? hits[selection.value].id : nil
        reorder()
        if let selected, let index = hits.firstIndex(where: { $0.id == selected }) {
            selection.update(index)
        } else if orFirst {
            selection.update(0)
        }
    }

    public func close() {
        favourites.close()
        trackerTokens.forEach { $0.cancel() }
        trackerTokens = []
        tracker.close()
        isReloading = false
        isLoadingMore = false
        updateLoading()
        nextRefresh.update(nil)
    }

    /// Returns once no live work runs (for tests, instead of sleeping).
    public func idle() async { await tracker.idle() }

    /// Returns once every task has returned, cancelled ones included (for tests of dropped results).
    public func drained() async { await tracker.drained() }

    // MARK: Loading

    /// What the user asks for now.
    private var requested: Request {
        Request(filter: Self.trimmed(filter.value), order: sortOrder.value, radius: radius.value,
                openDuring: context.evaluationTime?.openDuring.value)
    }

    private func query(for request: Request, limit: Int) -> PlaceQuery {
        let words = [subject.searchText, request.filter.isEmpty ? nil : request.filter].compactMap { $0 }
        return PlaceQuery(center: context.here, radius: request.radius, category: subject.category,
                          searchText: words.isEmpty ? nil : words.joined(separator: " "), limit: limit)
    }

    /// Loads the list for what is asked now; the rows shown stay until the result arrives. `fresh` asks a
    /// live source for it again first (`r`).
    private func startReload(fresh: Bool = false, keepingUnfiltered: Bool = false) {
        let request = requested
        // Anything but the filter changed what the unfiltered list would hold.
        if !keepingUnfiltered { unfiltered = nil }
        isReloading = true
        switch phase {
        case .idle, .failed:
            phase = .loading
            bumpRows()
        case .loading, .loaded:
            break
        }
        startNewGeneration()
        if !context.provider.isLive, countsTotal(request) { startCount(for: request) }
        probeWalking()
        updateTitle()
        updateLoading()
        favourites.load()
        let provider = context.provider
        // Keeping only places open for a span needs the nearest ones in hand, as the other orders do.
        let sortedQuery = request.order != .distance || request.openDuring != nil
        let query = query(for: request, limit: sortedQuery ? Self.sortedPageSize : Self.pageSize)
        tracker.run(Self.reloadKey) { [weak self] in
            let outcome: Result<Loaded, PlacesError>
            do throws(PlacesError) {
                if fresh { try await provider.refresh(query) }
                outcome = .success(sortedQuery
                    ? try await Self.fetchNearest(provider, query, upTo: Self.sortedLimit)
                    : try await Self.fetchPage(provider, query))
            } catch {
                outcome = .failure(error)
            }
            guard !Task.isCancelled, let self else { return }
            self.finishReload(outcome, request: request)
        }
    }

    private static func fetchPage(_ provider: any PlacesProvider, _ query: PlaceQuery) async throws(PlacesError)
        -> Loaded {
        let page = try await provider.places(query, after: nil)
        return Loaded(hits: page.hits, next: page.next, attributions: page.attributions, fetchedAt: page.fetchedAt,
                      isCapped: page.isCapped)
    }

    /// The nearest `limit` places, page by page; `next` is left set when more lie within the radius.
    private static func fetchNearest(_ provider: any PlacesProvider, _ query: PlaceQuery,
                                     upTo limit: Int) async throws(PlacesError) -> Loaded {
        var result = Loaded(hits: [], next: nil, attributions: [])
        var cursor: PageCursor?
        repeat {
            var pageQuery = query
            pageQuery.limit = min(query.limit, limit - result.hits.count)
            let page = try await provider.places(pageQuery, after: cursor)
            result.hits += page.hits
            result.attributions += page.attributions.filter { !result.attributions.contains($0) }
            if let fetchedAt = page.fetchedAt { result.fetchedAt = min(result.fetchedAt ?? fetchedAt, fetchedAt) }
            result.isCapped = result.isCapped || page.isCapped
            cursor = page.next
            // A cancelled reload's result is dropped anyway: stop asking.
            if Task.isCancelled || page.hits.isEmpty { break }
        } while cursor != nil && result.hits.count < limit
        result.next = cursor
        return result
    }

    private func finishReload(_ outcome: Result<Loaded, PlacesError>, request: Request) {
        isReloading = false
        let changed = request != applied
        switch outcome {
        case .success(let loaded):
            applied = request
            knownIDs = []
            hits = []
            append(loaded.hits)
            // Parsed hours are kept by their text; rows only where the place came back as it was.
            rowCache.keep(unchanged: hits)
            if let span = request.openDuring {
                hits = hits.filter { hit in
                    hoursCache.hours(of: hit.place)?.isOpen(from: span.start, to: span.end,
                                                            in: context.hoursContext(for: hit.place)) ?? false
                }
            }
            if request.order == .distance && request.openDuring == nil {
                next = loaded.next
                isTruncated = false
            } else {
                hits = sorted(hits, by: request.order, now: context.now())
                next = nil
                isTruncated = loaded.next != nil
            }
            isComplete = loaded.next == nil
            isCapped = loaded.isCapped
            fetchedAt = loaded.fetchedAt
            attributions = []
            mergeAttributions(loaded.attributions)
            phase = .loaded
            total = isComplete && !isCapped ? hits.count : count.value
            requestWalks(for: hits)
            suggestions = []
            if hits.isEmpty, isComplete, let search = subject.searchText, request.filter.isEmpty {
                requestSuggestions(for: search, around: context.here)
            }
            if !isComplete, countsTotal(request), !count.started { startCount(for: request) }
        case .failure(let error):
            if case .loaded = phase, !changed {
                // A refresh failed: the rows shown are still the best we have.
                status.value = .error(PlacesErrorText.loading(error))
            } else {
                applied = request
                hits = []
                knownIDs = []
                next = nil
                total = nil
                phase = .failed(error)
            }
        }
        if changed { selection.update(0) } else { select(selection.value) }
        updateTitle()
        bumpRows()
        updateLoading()
    }

    /// The page after `cursor`, or why it could not be had (the next page, and every page to the end for `G`).
    nonisolated private static func page(_ query: PlaceQuery, after cursor: PageCursor,
                                         from provider: any PlacesProvider) async -> Result<PlacesPage, PlacesError> {
        do throws(PlacesError) {
            return .success(try await provider.places(query, after: cursor))
        } catch {
            return .failure(error)
        }
    }

    private func loadMore() {
        guard case .loaded = phase, let cursor = next, !isLoadingMore, moreFailure == nil, !isReloading,
              let request = applied, !tracker.isClosed else { return }
        isLoadingMore = true
        updateLoading()
        let generation = generation
        let provider = context.provider
        let query = query(for: request, limit: Self.pageSize)
        tracker.run(Self.moreKey) { [weak self] in
            let outcome = await Self.page(query, after: cursor, from: provider)
            guard !Task.isCancelled, let self, generation == self.generation else { return }
            self.finishMore(outcome)
        }
    }

    private func finishMore(_ outcome: Result<PlacesPage, PlacesError>) {
        isLoadingMore = false
        var appendedOnly = false
        switch outcome {
        case .success(let page):
            // The page follows the rows held, after the "Loading more" spinner; with none held, row 0 was the
            // "No places" row, which a view keeps.
            appendedOnly = !hits.isEmpty
            append(page.hits)
            requestWalks(for: page.hits)
            next = page.next
            isComplete = page.next == nil
            isCapped = isCapped || page.isCapped
            if let pageFetchedAt = page.fetchedAt { fetchedAt = min(fetchedAt ?? pageFetchedAt, pageFetchedAt) }
            if isComplete, !isCapped { total = hits.count }
            mergeAttributions(page.attributions)
        case .failure(let error):
            moreFailure = error
            headingToEnd = false
        }
        updateTitle()
        if appendedOnly { bumpAppendedRows() } else { bumpRows() }
        updateLoading()
    }

    /// Whether the title shows how many places lie within the radius (a filter or a span shows what it kept).
    private func countsTotal(_ request: Request) -> Bool {
        request.filter.isEmpty && request.openDuring == nil && subject.searchText == nil
    }

    private func startCount(for request: Request) {
        count.started = true
        let provider = context.provider
        let (center, category) = (context.here, subject.category)
        let generation = generation
        tracker.run(Self.countKey) { [weak self] in
            // The title just goes without a count when counting fails, or when the source cannot say.
            let count = try? await provider.count(PlaceQuery(center: center, radius: request.radius, category: category))
            guard !Task.isCancelled, let self, generation == self.generation, let count, count.isExact else { return }
            self.count.value = count.value
            // A count that came before its page waits for it: an unfinished page keeps the title's words.
            guard case .loaded = self.phase, !self.isReloading, !self.isComplete else { return }
            self.total = count.value
            self.updateTitle()
        }
    }

    /// Drops page and count results for the places held before.
    private func startNewGeneration() {
        generation += 1
        tracker.cancel(Self.moreKey)
        tracker.cancel(Self.countKey)
        count = (false, nil)
        isLoadingMore = false
        moreFailure = nil
    }

    /// Appends places not held yet (a source may repeat one across pages).
    private func append(_ newHits: [PlaceHit]) {
        for hit in newHits where knownIDs.insert(hit.id).inserted {
            hits.append(hit)
        }
    }

    private func mergeAttributions(_ new: [String]) {
        for text in new where !attributions.contains(text) { attributions.append(text) }
        attribution.update(attributions.map(DisplayText.oneLine).joined(separator: " · "))
    }

    // MARK: Order

    /// `hits` in `order` (`PlacesSortOrder.sorted`).
    private func sorted(_ hits: [PlaceHit], by order: PlacesSortOrder, now: Date) -> [PlaceHit] {
        order.sorted(hits, walkMetres: { walking.sortKey($0) }, openRank: { hit in
            let hours = hoursCache.hours(of: hit.place)
            return PlacesSortOrder.openRank(
                hit.place.openingStatus(hours: hours, at: now, in: context.hoursContext(for: hit.place)).state)
        })
    }

    // MARK: Walking times

    /// Asks the router for the walks to the places not answered yet: one search from here per batch.
    /// Finds out, alongside the first page, whether walking times can be had at all: where they cannot, the note
    /// saying so is up before the rows arrive, which are then drawn once instead of moved down by it.
    private func probeWalking() {
        guard walking.availability == .unknown, !hasProbedWalking else { return }
        guard let router = context.walking else {
            walking.markUnavailable(WalkingTimes.noRouterNote)
            walkingNote.update(walking.note)
            return
        }
        hasProbedWalking = true
        let here = context.here
        tracker.run { [weak self] in
            var failure: RoutingError?
            do throws(RoutingError) {
                _ = try await router.walks(from: here, to: [])
            } catch {
                failure = error
            }
            guard !Task.isCancelled, let self, let failure, self.walking.availability == .unknown else { return }
            self.walking.recordFailure(failure)
            self.walkingNote.update(self.walking.note)
        }
    }

    private func requestWalks(for batch: [PlaceHit]) {
        guard let router = context.walking else {
            walking.markUnavailable(WalkingTimes.noRouterNote)
            walkingNote.update(walking.note)
            return
        }
        if case .unavailable = walking.availability { return }
        let missing = walking.missing(batch)
        guard !missing.isEmpty else { return }
        let (generation, here) = (generation, context.here)
        // Unkeyed: a later page's batch must not cancel an earlier one; a reload drops both by generation.
        tracker.run { [weak self] in
            let outcome: Result<[WalkEstimate?], RoutingError>
            do throws(RoutingError) {
                outcome = .success(try await router.walks(from: here, to: missing.map(\.place.coordinate)))
            } catch {
                outcome = .failure(error)
            }
            guard !Task.isCancelled, let self, generation == self.generation, here == self.context.here else { return }
            self.finishWalks(outcome, for: missing)
        }
    }

    private func finishWalks(_ outcome: Result<[WalkEstimate?], RoutingError>, for batch: [PlaceHit]) {
        switch outcome {
        case .success(let walks): walking.record(walks, for: batch)
        case .failure(let error): walking.recordFailure(error)
        }
        walkingNote.update(walking.note)
        rowCache.remove(batch.lazy.map(\.id))
        if sortOrder.value == .walkingTime, applied?.order == .walkingTime {
            keepingSelectedPlace { hits = sorted(hits, by: .walkingTime, now: context.now()) }
        }
        bumpRows()
    }

    /// The walk to a held place, when known (the detail shows it before its route arrives).
    func walkingText(for id: PlaceID) -> String? { walking.text(for: id, pace: context.walkingPace) }

    // MARK: Row models and time

    private func cachedRow(at index: Int, now: Date) -> CachedPlaceRow {
        // The place is copied out only to make a row: a frame asks for every visible row.
        rowCache.row(at: index, id: hits[index].id, now: now) { makeRow(for: hits[index], now: now) }
    }

    private func makeRow(for hit: PlaceHit, now: Date) -> CachedPlaceRow {
        let place = hit.place
        let hours = hoursCache.hours(of: place)
        let status = context.openingStatus(of: place, hours: hours, at: now)
        // Until the state changes, "Tu 08:00" becomes "08:00" at midnight, or "closes in 21 min" becomes 20.
        let validUntil = status?.nextChange.map { change in
            [change, context.nextMidnight(after: now), status?.wordsValidUntil].compactMap { $0 }.min() ?? change
        }
        let model = PlaceRowModel(
            place: place, distance: DistanceFormatting.distance(hit.distance, bearing: hit.bearing, units: context.units),
            hours: hours, status: status, timeZone: context.zone(for: place),
            walk: walking.text(for: place.id, pace: context.walkingPace))
        return CachedPlaceRow(model: model, hit: hit, madeAt: now, validUntil: validUntil)
    }

    /// Sets the next refresh for rows scrolled into view. Only the rows that came in are looked up (a scroll
    /// brings one or two); the others keep the times the last pass found, which hold until a refresh, a
    /// reload or a walk bumps the rows and so passes over them all again.
    private func noteShown(_ rows: Range<Int>, besides before: Range<Int>) {
        guard case .loaded = phase, !tracker.isClosed, refreshTimes.rows == before.clamped(to: 0..<hits.count)
        else { return updateNextRefresh() }
        let shown = rows.clamped(to: 0..<hits.count)
        let known = refreshTimes
        var times: [Date?] = []
        times.reserveCapacity(shown.count)
        // The clock and the context are read only when a row came in (a plain loop: a closure here would check
        // the actor once per row).
        var reading: (now: Date, rowsChange: Bool)?
        for index in shown {
            if known.rows.contains(index) {
                times.append(known.times[index - known.rows.lowerBound])
                continue
            }
            let read = reading ?? (context.now(), !context.timeIsChosen)
            reading = read
            times.append(rowValidity(at: index, now: read.now, rowsChange: read.rowsChange))
        }
        refreshTimes = (shown, times, known.age)
        nextRefresh.update(Self.earliest(times, known.age))
    }

    /// The earliest instant a visible row's text (or the data's age) changes.
    private func updateNextRefresh() {
        guard case .loaded = phase, !tracker.isClosed else {
            refreshTimes = (0..<0, [], nil)
            dataAge.update(nil)
            return nextRefresh.update(nil)
        }
        let now = context.now()
        let shown = visibleRows.clamped(to: 0..<hits.count)
        // The data's age is on the clock, whatever time the hours are read at.
        let age = fetchedAt.map { DataAgeText.text(fetchedAt: $0, now: context.clock()) }
        dataAge.update(age?.text)
        // Asked once: reading the context copies it.
        let rowsChange = !context.timeIsChosen
        let times = shown.map { rowValidity(at: $0, now: now, rowsChange: rowsChange) }
        refreshTimes = (shown, times, age?.changesAt)
        nextRefresh.update(Self.earliest(times, age?.changesAt))
    }

    /// Until when row `index`'s text holds; nil for ever, and while a chosen time stands still.
    private func rowValidity(at index: Int, now: Date, rowsChange: Bool) -> Date? {
        rowsChange ? cachedRow(at: index, now: now).validUntil : nil
    }

    private nonisolated static func earliest(_ times: [Date?], _ age: Date?) -> Date? {
        var earliest = age
        for case let time? in times where earliest.map({ time < $0 }) ?? true { earliest = time }
        return earliest
    }

    // MARK: Text and bookkeeping

    private var radiusText: String { SearchRadius.text(radius.value, units: context.units) }
    /// "within 2 km", or "anywhere" for a search of the whole store.
    private var withinText: String { SearchRadius.within(radius.value, units: context.units) }

    private var loadingText: String {
        let request = requested
        if !request.filter.isEmpty {
            return "Searching \(subject.pluralText) for “\(DisplayText.oneLine(request.filter))” \(withinText)…"
        }
        if let search = subject.searchText {
            return "Searching for “\(DisplayText.oneLine(search))” \(withinText)…"
        }
        return "Loading \(subject.pluralText) \(withinText)…"
    }

    /// Whether a wider radius could find more.
    private var canWiden: Bool { SearchRadius.wider(than: (applied ?? requested).radius) != nil }

    /// Names close to a search that found nothing ("did you mean …?"), once the source has said.
    private var suggestions: [String] = []

    private func requestSuggestions(for text: String, around center: Coordinate) {
        let provider = context.provider
        tracker.run(Self.suggestKey) { [weak self] in
            let names = await provider.nameSuggestions(for: text, near: center)
            guard !Task.isCancelled, let self, !names.isEmpty, self.hits.isEmpty else { return }
            self.suggestions = names
            self.bumpRows()
        }
    }

    private var emptyText: String {
        let request = applied ?? requested
        let within = SearchRadius.within(request.radius, units: context.units)
        let open = request.openDuring.map { " open \($0.label)" } ?? ""
        if !request.filter.isEmpty {
            return "No \(subject.pluralText) match “\(DisplayText.oneLine(request.filter))” \(within)" + open
        }
        if let search = subject.searchText {
            let guess = suggestions.isEmpty ? ""
                : ". Did you mean " + suggestions.map { "“\(DisplayText.oneLine($0))”" }.joined(separator: ", ") + "?"
            return "Nothing matches “\(DisplayText.oneLine(search))” \(within)" + open + guess
        }
        return "No \(subject.pluralText) \(within)" + open
    }

    private func updateTitle() {
        var parts = [subject.titleText]
        let within = withinText
        let request = applied ?? requested
        if let span = request.openDuring {
            let among = isTruncated ? " among the nearest \(DisplayText.count(Self.sortedLimit))" : ""
            let count = phase.isLoaded ? "\(DisplayText.count(hits.count)) " : ""
            parts.append("\(count)open \(span.label)\(among) \(within)")
        } else if !request.filter.isEmpty {
            // How many match: all of them once every match is held, else those held so far and a "+".
            let count = !phase.isLoaded ? "" : isComplete || next == nil ? "\(DisplayText.count(hits.count)) "
                : "\(DisplayText.count(hits.count))+ "
            parts.append("\(count)matching “\(DisplayText.oneLine(request.filter))” \(within)")
        } else if case .loaded = phase, isCapped, total == nil {
            parts.append("nearest \(DisplayText.count(hits.count)) \(within)")
        } else if case .loaded = phase, isTruncated {
            let of = total.map { " of \(DisplayText.count($0))" } ?? ""
            parts.append("nearest \(DisplayText.count(hits.count))\(of) \(within)")
        } else if case .loaded = phase, let total {
            parts.append("\(DisplayText.count(total)) \(within)")
        } else {
            parts.append(within)
        }
        parts.append(sortOrder.value.title)
        title.update(parts.joined(separator: " · "))
    }

    private func updateLoading() {
        isLoading.update(!tracker.isClosed && (isReloading || isLoadingMore))
    }

    private func bumpRows() {
        rowCellsRevision += 1
        bumpAppendedRows()
    }

    /// Rows came after the last one held (the next page, in the list's order): the rows before read as they did,
    /// and the row after them was the "Loading more" spinner, which no view keeps.
    private func bumpAppendedRows() {
        rowsRevision.value += 1
        select(selection.value)
        updateNextRefresh()
    }

    private static func trimmed(_ text: String) -> String {
        DisplayText.trimmed(text, newlines: true)
    }
}
