import FoundationEssentials
import NearbyCore

/// A places list: one category, every place, or a search, around "here" within a radius.
///
/// Its state is one value, `PlacesListState`, changed only by `PlacesListState.apply(_:in:)`; this view model
/// turns intents into events, runs the effects an event returns (fetches, counts, walks, preferences) and
/// publishes the state's parts to the view. Row models are built only for the rows the view asks for, and
/// cached by place until their open state changes.
@MainActor
public final class PlacesListViewModel: PlacesListViewModelType {
    public static var pageSize: Int { PlacesListState.pageSize }
    public static var sortedLimit: Int { PlacesListState.sortedLimit }
    static var prefetchDistance: Int { PlacesListState.prefetchDistance }
    static var endReach: Int { PlacesListState.endReach }

    public let subject: PlacesListSubject
    public let title = Observable("")
    public let filter = Observable("")
    public let sortOrder = Observable(PlacesSortOrder.distance)
    public let layout = Observable(PlacesLayout.compact)
    public let radius: Observable<Double>
    public let rowsRevision = Observable(0)
    public var rowCellsRevision: Int { state.rowCellsRevision }
    public let selection = Observable(0)
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

    private static let reloadKey = ActivityKey("reload")
    private static let moreKey = ActivityKey("more")
    private static let countKey = ActivityKey("count")
    private static let suggestKey = ActivityKey("suggest")

    private(set) var state: PlacesListState
    private var context: PlacesContext
    private var trackerTokens: [ObservationToken] = []
    private let tracker = ActivityTracker()
    private var hoursCache = ParsedHoursCache()
    private var rowCache = PlaceRowCache()
    private var visibleRows = 0..<40
    /// What the last refresh pass found: until when each row shown holds, and the data's age text.
    private var refreshTimes: (rows: Range<Int>, times: [Date?], age: Date?) = (0..<0, [], nil)
    private var bindings: [ObservationToken] = []
    /// The detailed rows' small pictures, where pictures may be fetched.
    public private(set) lazy var thumbnails: PlaceThumbnails? = context.pictures.map { PlaceThumbnails(fetcher: $0) }
    /// The ★ on favourite rows and `f` on the selected one.
    private lazy var favourites = ListFavourites(
        store: context.favourites, news: context.favouriteChanges, tracker: tracker,
        changed: { [weak self] in self?.send(.favouritesChanged) },
        report: { [weak self] message in self?.status.value = message })

    public init(subject: PlacesListSubject, context: PlacesContext, radius: Double = SearchRadius.standard) {
        self.subject = subject
        self.context = context
        self.radius = Observable(radius)
        state = PlacesListState(here: context.hereTracker?.here.value ?? context.here, radius: radius)
        self.context.here = state.here
        if let kept = context.preferences?.value {
            // An order this source cannot give (walking times without paths, ratings without ratings) falls
            // back to distance rather than a title that promises it.
            let possible = switch kept.sortOrder {
            case .walkingTime: context.walking != nil
            case .rating: context.sourceHasRatings
            default: true
            }
            state.order = possible ? kept.sortOrder : .distance
            state.layout = kept.layout
        }
        publish(from: nil)
        context.evaluationTime?.chosen.bind { [weak self] _ in self?.send(.evaluationTimeChanged) }.store(in: &bindings)
        context.evaluationTime?.openDuring.bind { [weak self] _ in self?.send(.openDuringChanged) }.store(in: &bindings)
        follow(context.hereTracker)
    }

    /// What the state's decisions need from the context. Made once: every keystroke sends an event, and the
    /// closures read the context when called.
    private lazy var environment = makeEnvironment()

    private func makeEnvironment() -> PlacesListEnvironment {
        let context = context
        return PlacesListEnvironment(
            subject: subject, units: context.units, isLive: context.provider.isLive, hasRouter: context.walking != nil,
            sourceHasRatings: context.sourceHasRatings, now: context.now,
            openDuring: { [unowned self] in self.context.evaluationTime?.openDuring.value },
            openRank: { [unowned self] hit, now in
                let hours = hoursCache.hours(of: hit.place)
                return PlacesSortOrder.openRank(hit.place.openingStatus(
                    hours: hours, at: now, in: self.context.hoursContext(for: hit.place)).state)
            },
            isOpenThroughout: { [unowned self] hit, span in
                hoursCache.hours(of: hit.place)?.isOpen(from: span.start, to: span.end,
                                                        in: self.context.hoursContext(for: hit.place)) ?? false
            })
    }

    /// The time opening hours are evaluated at, for the screen's `t` and header; nil: always now.
    public var evaluationTime: EvaluationTime? { context.evaluationTime }

    public var offersWalkingTimes: Bool { context.walking != nil && state.walking.note == nil }
    public var showsRatings: Bool { context.sourceHasRatings }

    // MARK: Events

    /// Applies `event` to the state, publishes what changed and runs the effects.
    private func send(_ event: PlacesListEvent) {
        let before = state
        let effects = state.apply(event, in: environment)
        // Row models first: the rows published next are drawn from them.
        for effect in effects where effect.isOnRows { run(effect) }
        publish(from: before)
        for effect in effects where !effect.isOnRows { run(effect) }
    }

    /// Hands the state's parts that changed to the view.
    private func publish(from before: PlacesListState?) {
        let env = environment
        if state.here != before?.here { context.here = state.here }
        if before.map(state.titleReadsDifferently) ?? true { title.update(state.title(env)) }
        filter.update(state.filter)
        sortOrder.update(state.order)
        layout.update(state.layout)
        radius.update(state.radius)
        walkingNote.update(state.walking.note)
        if state.attributions != before?.attributions { attribution.update(state.attributionText) }
        if state.rowsRevision != before?.rowsRevision {
            rowsRevision.value = state.rowsRevision
            selection.update(state.selection)
            updateNextRefresh()
        } else {
            selection.update(state.selection)
        }
        isLoading.update(state.isLoading)
    }

    private func run(_ effect: PlacesListEffect) {
        switch effect {
        case .reload(let request, let fresh):
            runReload(request, fresh: fresh)
        case .loadPage(let request, let cursor, let generation, let asked):
            let provider = context.provider
            let query = query(for: request, limit: PlacesListState.pageSize)
            tracker.run(Self.moreKey) { [weak self] in
                let outcome = await Self.page(query, after: cursor, from: provider)
                guard !Task.isCancelled, let self else { return }
                self.send(.pageArrived(outcome, generation: generation, selectionWhenAsked: asked))
            }
        case .count(let request, let generation):
            let provider = context.provider
            let (center, category) = (state.here, subject.category)
            tracker.run(Self.countKey) { [weak self] in
                // The title just goes without a count when counting fails, or when the source cannot say.
                let count = try? await provider.count(PlaceQuery(center: center, radius: request.radius,
                                                                 category: category))
                guard !Task.isCancelled, let self, let count, count.isExact else { return }
                self.send(.counted(count.value, generation: generation))
            }
        case .walks(let batch, let generation, let here):
            guard let router = context.walking else { return }
            // Unkeyed: a later page's batch must not cancel an earlier one; a reload drops both by generation.
            tracker.run { [weak self] in
                let outcome = await router.walkResults(from: here, to: batch)
                guard !Task.isCancelled, let self else { return }
                self.send(.walksArrived(outcome, for: batch, generation: generation, here: here))
            }
        case .probeWalking(let here):
            guard let router = context.walking else { return }
            tracker.run { [weak self] in
                do throws(RoutingError) {
                    _ = try await router.walks(from: here, to: [])
                } catch {
                    guard !Task.isCancelled, let self else { return }
                    self.send(.walkProbeFailed(error))
                }
            }
        case .suggest(let text, let center):
            let provider = context.provider
            tracker.run(Self.suggestKey) { [weak self] in
                let names = await provider.nameSuggestions(for: text, near: center)
                guard !Task.isCancelled, let self else { return }
                self.send(.suggested(names))
            }
        case .cancelPagesAndCount:
            tracker.cancel(Self.moreKey)
            tracker.cancel(Self.countKey)
        case .cancelReload:
            tracker.cancel(Self.reloadKey)
        case .rememberOrder(let order):
            context.preferences?.update { $0.sortOrder = order }
        case .rememberLayout(let layout):
            context.preferences?.update { $0.layout = layout }
        case .rememberRadius(let radius):
            context.preferences?.update { $0.radius = radius }
        case .loadFavourites:
            favourites.load()
        case .say(let message):
            status.value = message
        case .keepRows(let hits):
            rowCache.keep(unchanged: hits)
        case .forgetRows(let ids):
            rowCache.remove(ids)
        case .forgetAllRows:
            rowCache.removeAll()
        case .forgetExpiredRows:
            rowCache.removeExpired(at: context.now())
        }
    }

    // MARK: Rows

    public var rowCount: Int { state.rowCount }

    /// The row at `index` as held: a lookup that fetches nothing (`show(rows:)` does).
    public func row(at index: Int) -> PlacesListRow {
        switch state.phase {
        case .idle, .loading:
            return .loading(state.loadingText(environment))
        case .failed(let error):
            return .error(PlacesErrorText.loading(error))
        case .loaded:
            let hits = state.hits
            guard !hits.isEmpty else {
                let env = environment
                return .empty(state.emptyText(env), remedy: state.canWiden(env) ? .widenRadius : nil)
            }
            if hits.indices.contains(index) {
                var model = cachedRow(at: index, now: context.now()).model
                model.favourite = favourites.state(of: model.id)
                return .place(model)
            }
            guard state.next != nil else { return .empty("", remedy: nil) }
            if let moreFailure = state.moreFailure { return .error(PlacesErrorText.loading(moreFailure)) }
            return .moreLoading("Loading more \(subject.pluralText)…")
        }
    }

    public func canOpen(at index: Int) -> Bool {
        state.isLoaded && state.hits.indices.contains(index)
    }

    public var canRetry: Bool { state.canRetry }

    /// Watches the times of the rows shown, and fetches the next page once they come within
    /// `prefetchDistance` of the end of what is held.
    public func show(rows: Range<Int>) {
        if rows != visibleRows {
            let before = visibleRows
            visibleRows = rows
            noteShown(rows, besides: before)
        }
        send(.rowsShown(rows))
    }

    /// How many places are held now (for tests: pages, never everything).
    var heldPlaceCount: Int { state.hits.count }
    /// How many row models are cached now (for tests: only rows asked for).
    var cachedRowCount: Int { rowCache.count }

    // MARK: Intents

    public func load() { send(.load) }
    public func retry() { send(.retry) }
    /// Loads the list again; a live source is asked again first, whatever its cache holds.
    public func refresh() { send(.refresh) }
    public func select(_ index: Int) { send(.select(index)) }
    /// `G`: loads the pages up to the list's end, then selects the last.
    public func selectLast() { send(.selectLast) }
    public func setFilter(_ text: String) { send(.filterTyped(text)) }
    public func cycleSort() { send(.sortCycled) }
    /// Shows the list in `order`: sorted in memory when the places held allow it, else loaded again.
    public func setSortOrder(_ order: PlacesSortOrder) { send(.sortChosen(order)) }
    public func toggleLayout() { send(.layoutToggled) }
    public func widenRadius() { send(.radiusWidened) }
    public func narrowRadius() { send(.radiusNarrowed) }
    public func timeDidPass() { send(.timePassed) }
    /// Here moved (a GPS fix more than `HereTracker.moveThreshold` away): distances, walking times and the
    /// order are worked out again from the new point; the rows shown stay until the new ones arrive.
    public func moveHere(to coordinate: Coordinate) { send(.hereMoved(coordinate)) }

    /// The words `n` and `N` look for in names: the search's, then the filter's.
    public var matchText: String? { state.matchText(subject) }

    /// `n` (forward) and `N`: selects the next place held whose name has every word of the search.
    public func selectNameMatch(forward: Bool) { send(.nameMatchSought(forward: forward)) }

    public func open(at index: Int) {
        guard !state.isClosed, state.isLoaded, state.hits.indices.contains(index) else { return }
        let detail = PlaceDetailViewModel(hit: state.hits[index], context: context)
        context.navigator.push(.placeDetail(detail))
    }

    public var offersFavourites: Bool { favourites.isAvailable }

    public var isSavingFavourite: Bool { favourites.isSaving }

    /// `f`: saves or forgets the selected place as a favourite; after a failure, tries that change again.
    public func toggleFavourite() {
        guard !state.isClosed, state.isLoaded, state.hits.indices.contains(state.selection) else { return }
        favourites.toggle(state.hits[state.selection].place)
    }

    public func dismissStatus() {
        status.update(nil)
        favourites.dismissTick()
    }

    public func close() {
        favourites.close()
        thumbnails?.close()
        trackerTokens.forEach { $0.cancel() }
        trackerTokens = []
        tracker.close()
        send(.closed)
        nextRefresh.update(nil)
    }

    /// Returns once no live work runs (for tests, instead of sleeping).
    public func idle() async { await tracker.idle() }

    /// Returns once every task has returned, cancelled ones included (for tests of dropped results).
    public func drained() async { await tracker.drained() }

    /// Starts from the tracker's position and moves (reloads) when it does.
    private func follow(_ hereTracker: HereTracker?) {
        guard let hereTracker else { return }
        hereTracker.moves.bind { [weak self, weak hereTracker] _ in
            guard let self, let hereTracker else { return }
            self.moveHere(to: hereTracker.here.value)
        }.store(in: &trackerTokens)
        hereTracker.fallbackNotice.bindAndFire { [weak self] in self?.locationNotice.update($0) }
            .store(in: &trackerTokens)
        hereTracker.headerText.bindAndFire { [weak self] in self?.locationAccuracy.update($0) }
            .store(in: &trackerTokens)
    }

    // MARK: Loading

    private func query(for request: PlacesListState.Request, limit: Int) -> PlaceQuery {
        let words = [subject.searchText, request.filter.isEmpty ? nil : request.filter].compactMap { $0 }
        return PlaceQuery(center: state.here, radius: request.radius, category: subject.category,
                          searchText: words.isEmpty ? nil : words.joined(separator: " "), limit: limit)
    }

    /// Fetches the list for `request` and sends what came back; a reload under way is replaced.
    private func runReload(_ request: PlacesListState.Request, fresh: Bool) {
        let provider = context.provider
        // Keeping only places open for a span needs the nearest ones in hand, as the other orders do.
        let sortedQuery = request.order != .distance || request.openDuring != nil
        let query = query(for: request, limit: sortedQuery ? PlacesListState.sortedPageSize : PlacesListState.pageSize)
        tracker.run(Self.reloadKey) { [weak self] in
            let outcome: Result<PlacesListState.Loaded, PlacesError>
            do throws(PlacesError) {
                if fresh { try await provider.refresh(query) }
                outcome = .success(sortedQuery
                    ? try await Self.fetchNearest(provider, query, upTo: PlacesListState.sortedLimit)
                    : try await Self.fetchPage(provider, query))
            } catch {
                outcome = .failure(error)
            }
            guard !Task.isCancelled, let self else { return }
            self.send(.reloaded(outcome, request))
        }
    }

    private static func fetchPage(_ provider: any PlacesProvider, _ query: PlaceQuery) async throws(PlacesError)
        -> PlacesListState.Loaded {
        let page = try await provider.places(query, after: nil)
        return PlacesListState.Loaded(hits: page.hits, next: page.next, attributions: page.attributions,
                                      fetchedAt: page.fetchedAt, isCapped: page.isCapped)
    }

    /// The nearest `limit` places, page by page; `next` is left set when more lie within the radius.
    private static func fetchNearest(_ provider: any PlacesProvider, _ query: PlaceQuery,
                                     upTo limit: Int) async throws(PlacesError) -> PlacesListState.Loaded {
        var result = PlacesListState.Loaded(hits: [], next: nil, attributions: [])
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

    /// The page after `cursor`, or why it could not be had (the next page, and every page to the end for `G`).
    nonisolated private static func page(_ query: PlaceQuery, after cursor: PageCursor,
                                         from provider: any PlacesProvider) async -> Result<PlacesPage, PlacesError> {
        do throws(PlacesError) {
            return .success(try await provider.places(query, after: cursor))
        } catch {
            return .failure(error)
        }
    }

    // MARK: Row models and time

    private func cachedRow(at index: Int, now: Date) -> CachedPlaceRow {
        // The place is copied out only to make a row: a frame asks for every visible row.
        rowCache.row(at: index, id: state.hits[index].id, now: now) { makeRow(for: state.hits[index], now: now) }
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
            walk: state.walking.text(for: place.id, pace: context.walkingPace))
        return CachedPlaceRow(model: model, hit: hit, madeAt: now, validUntil: validUntil)
    }

    /// Sets the next refresh for rows scrolled into view. Only the rows that came in are looked up (a scroll
    /// brings one or two); the others keep the times the last pass found, which hold until a refresh, a
    /// reload or a walk bumps the rows and so passes over them all again.
    private func noteShown(_ rows: Range<Int>, besides before: Range<Int>) {
        guard state.isLoaded, !state.isClosed, refreshTimes.rows == before.clamped(to: 0..<state.hits.count)
        else { return updateNextRefresh() }
        let shown = rows.clamped(to: 0..<state.hits.count)
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
        guard state.isLoaded, !state.isClosed else {
            refreshTimes = (0..<0, [], nil)
            dataAge.update(nil)
            return nextRefresh.update(nil)
        }
        let now = context.now()
        let shown = visibleRows.clamped(to: 0..<state.hits.count)
        // The data's age is on the clock, whatever time the hours are read at.
        let age = state.fetchedAt.map { DataAgeText.text(fetchedAt: $0, now: context.clock()) }
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

    /// The walk to a held place, when known (the detail shows it before its route arrives).
    func walkingText(for id: PlaceID) -> String? { state.walking.text(for: id, pace: context.walkingPace) }
}
