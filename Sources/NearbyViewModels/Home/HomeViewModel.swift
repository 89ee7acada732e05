import FoundationEssentials
import NearbyCore

/// Home: where here is, the hot picks pager, the categories, the nearest favourites, a section per category,
/// and friends nearby.
///
/// Its state is one value, `HomeState`, changed only by `HomeState.apply(_:in:)`; this view model turns
/// intents into events, runs the effects (one task per section, so each loads and fails on its own) and
/// builds the screen's parts from the state (HomeViewModel+Publishing.swift). Every places query is an
/// overview (`reach: .overview`), so a live source answers them all from one fetch of the area (Overpass: 1
/// request; Google: 3) instead of one request per category; `r` asks the source for the area again first.
@MainActor
public final class HomeViewModel: HomeViewModelType {
    /// Places fetched per category: enough for the section's rows and usually for an open one among them.
    nonisolated public static let candidatesPerPage = 20
    /// Pages a category may fetch while looking for an open place for its hot pick.
    nonisolated public static let maxCandidatePages = 3
    nonisolated public static let rowsPerSection = 3
    nonisolated public static let friendsShown = 5
    /// Favourites in their section: the nearest few, as a category's section shows its closest.
    nonisolated public static let favouritesShown = 3
    /// Half the earth's circumference: a radius that holds every place, to tell an empty store from an empty area.
    nonisolated static let everywhere = SearchRadius.everywhere

    public let header: Observable<HomeHeader>
    public let isLoading = Observable(false)
    public let hotPicks: Observable<HotPicksState>
    public let categories = Observable<HomeSectionContent<[CategoryCount]>>(.loading("Counting places…"))
    public let sections = Observable<[HomePlacesSection]>([])
    public let friendsSection = Observable<HomeFriendsSection?>(nil)
    public let favouritesSection = Observable<HomeFavouritesSection?>(nil)
    public let notice = Observable<String?>(nil)
    public let nextRefresh = Observable<Date?>(nil)
    public let status = Observable<StatusMessage?>(nil)
    public let locationRetry = Observable<LocationRetry?>(nil)
    public let attribution = Observable("")

    private static let totalKey = ActivityKey("total")
    private static let countsKey = ActivityKey("counts")
    private static let friendsKey = ActivityKey("friends")
    private static let refreshKey = ActivityKey("refresh")
    private static let locateKey = ActivityKey("locate")
    /// Its own key: a start looked for after a download must not cancel the user's `L`.
    private static let findStartKey = ActivityKey("findStart")
    private static let walksKey = ActivityKey("walks")
    private static let favouritesKey = ActivityKey("favourites")

    private(set) var state: HomeState
    let context: HomeContext
    private let environment: HomeEnvironment
    /// How far Home looks (see `HomeState.radius`).
    public var radius: Double { state.radius }
    /// Where Home stands: the context's at first, then wherever it was moved.
    public var here: HomeLocation { state.here }
    /// Follows the radius of the list opened from Home, while it is open.
    private var listRadius: ObservationToken?
    let tracker = ActivityTracker()
    /// The extract date asked for the place Home is centred on (`staleExtractAge`).
    var extractDateAsked: (point: Coordinate, date: Date?)?
    private var bindings: [ObservationToken] = []

    /// The time opening hours are evaluated at, for the screen's `t` and header; nil: always now.
    public var evaluationTime: EvaluationTime? { context.evaluationTime }

    /// The hot pick's picture, where pictures may be fetched.
    public private(set) lazy var thumbnails: PlaceThumbnails? = context.pictures.map { PlaceThumbnails(fetcher: $0) }

    public init(context: HomeContext) {
        self.context = context
        // With the GPS, Home starts where the tracker stands (a place's name belonged to where it was asked).
        let start = context.hereTracker.map { tracker in
            tracker.here.value == context.here.coordinate ? context.here : HomeLocation(coordinate: tracker.here.value)
        } ?? context.here
        state = HomeState(here: start, radius: context.radius)
        environment = HomeEnvironment(isLive: context.places.isLive, hasFavourites: context.favourites != nil,
                                      canLocate: context.locate != nil, hasRouter: context.walking != nil,
                                      canFindStart: context.defaultHere != nil)
        header = Observable(HomeHeader(location: HomeText.location(start)))
        hotPicks = Observable(HotPicksState(content: .loading("Finding what is open…")))
        tracker.isBusy.bind { [weak self] busy in self?.isLoading.update(busy) }.store(in: &bindings)
        context.dataChanged?.bind { [weak self] _ in self?.send(.dataChanged) }.store(in: &bindings)
        // A chosen time (or now again) re-evaluates every section and hot pick at once.
        context.evaluationTime?.chosen.bind { [weak self] _ in self?.refreshTimes() }.store(in: &bindings)
        // A favourite saved or forgotten on another screen: the section and the ★ follow on return.
        context.favouriteChanges?.latest.bind { [weak self] (_: FavouriteChanges.Change?) in
            self?.send(.favouritesChanged)
        }.store(in: &bindings)
        follow(context.hereTracker)
    }

    /// With the GPS: every move past the tracker's threshold loads Home again
    /// around the new place, and the header shows the fix's accuracy (rounded, so jitter redraws nothing).
    private func follow(_ hereTracker: HereTracker?) {
        guard let hereTracker else { return }
        hereTracker.moves.bind { [weak self, weak hereTracker] _ in
            guard let self, let hereTracker else { return }
            self.moveHere(to: hereTracker.here.value)
        }.store(in: &bindings)
        hereTracker.headerText.bindAndFire { [weak self] _ in self?.publishHeader() }.store(in: &bindings)
    }

    // MARK: Events

    /// Applies `event` to the state and runs the effects; the parts of the screen they name are built once,
    /// after the loads have started.
    func send(_ event: HomeEvent) {
        let effects = state.apply(event, in: environment)
        var parts: HomeParts = []
        for effect in effects {
            if case .publish(let named) = effect { parts.formUnion(named) } else { run(effect) }
        }
        if !parts.isEmpty { publish(parts) }
    }

    private func run(_ effect: HomeEffect) {
        let provider = context.places
        switch effect {
        case .loadTotal(let center, let radius):
            tracker.run(Self.totalKey) { [weak self] in
                let outcome = await Self.total(around: center, radius: radius, from: provider)
                guard !Task.isCancelled, let self else { return }
                self.send(.totalLoaded(outcome))
            }
        case .loadCounts(let center, let radius):
            tracker.run(Self.countsKey) { [weak self] in
                guard let outcome = await Self.counts(around: center, radius: radius, from: provider),
                      !Task.isCancelled, let self else { return }
                self.send(.countsLoaded(outcome))
            }
        case .loadCategory(let category, let center, let radius):
            let (now, zones, holidays) = (context.now, context.zones, context.holidays)
            let query = PlaceQuery(center: center, radius: radius, category: category,
                                   limit: Self.candidatesPerPage, reach: .overview)
            tracker.run(ActivityKey("category-" + category.rawValue)) { [weak self] in
                let outcome: Result<HomeState.Feed, PlacesError>
                do throws(PlacesError) {
                    outcome = .success(try await Self.candidates(for: query, from: provider, now: now, zones: zones,
                                                                 holidays: holidays))
                } catch {
                    outcome = .failure(error)
                }
                guard !Task.isCancelled, let self else { return }
                self.send(.feedLoaded(category, outcome))
            }
        case .loadFriends:
            let repository = context.friends
            tracker.run(Self.friendsKey) { [weak self] in
                let outcome: Result<[Friend], FriendsError>
                do throws(FriendsError) {
                    outcome = .success(try await repository.listFriends().filter { $0.coordinate != nil })
                } catch {
                    outcome = .failure(error)
                }
                guard !Task.isCancelled, let self else { return }
                self.send(.friendsLoaded(outcome))
            }
        case .loadFavourites(let point):
            guard let store = context.favourites else { return }
            tracker.run(Self.favouritesKey) { [weak self] in
                let outcome = await store.favouritePlacesOutcome(order: .distance(from: point))
                guard !Task.isCancelled, let self else { return }
                self.send(.favouritesLoaded(outcome))
            }
        case .refreshArea(let center, let radius):
            let area = PlaceQuery(center: center, radius: radius, reach: .overview)
            tracker.run(Self.refreshKey) { [weak self] in
                var failure: PlacesError?
                do throws(PlacesError) {
                    try await provider.refresh(area)
                } catch {
                    failure = error
                }
                guard !Task.isCancelled, let self else { return }
                self.send(.areaRefreshed(failure))
            }
        case .locate(let words, let typed):
            guard let locate = context.locate else { return }
            tracker.run(Self.locateKey) { [weak self] in
                let answer = await locate(words)
                guard !Task.isCancelled, let self else { return }
                self.send(.located(answer, typed: typed))
            }
        case .findStart:
            guard let defaultHere = context.defaultHere else { return }
            tracker.run(Self.findStartKey) { [weak self] in
                let location = await defaultHere()
                guard !Task.isCancelled, let self else { return }
                self.send(.startFound(location))
            }
        case .walks(let missing, let here):
            guard let router = context.walking else { return }
            tracker.run(Self.walksKey) { [weak self] in
                let outcome = await router.walkResults(from: here, to: missing)
                guard !Task.isCancelled, let self else { return }
                self.send(.walksArrived(outcome, for: missing, here: here))
            }
        case .adoptZone(let coordinate):
            context.evaluationTime?.zone = context.zones.zone(at: coordinate)
        case .remember(let location):
            context.remember?(location)
        case .say(let message):
            status.value = message
        case .publish(let parts):
            publish(parts)
        }
    }

    // MARK: Intents

    public func load() { send(.load) }
    /// Loads everything again; a live source is asked for the area first (`r`).
    public func refresh() { send(.refresh) }
    public func retry(_ section: HomeSectionID) { send(.retry(section)) }
    public func retryFailed() { send(.retryFailed) }
    public func refreshTimes() { send(.timeChanged) }
    /// Here moved (a GPS fix past the tracker's threshold): every section is loaded again around it, what
    /// is shown staying until the new answers arrive. Before `load()`, only where Home will look changes.
    public func moveHere(to coordinate: Coordinate) { send(.hereMoved(coordinate)) }
    /// Moves here to what `text` names ("47.14,9.52", a town in the data, "gps") and loads everything again
    /// around it; a name that cannot be placed leaves here where it was and says why in the status line.
    public func moveHere(to text: String) { send(.moveTyped(text)) }
    public func moveHere(to location: HomeLocation) { send(.moveChosen(location)) }
    /// Looks `radius` around here from now on, reloading what depends on it.
    public func adoptRadius(_ newRadius: Double) { send(.radiusAdopted(newRadius)) }

    public func pageLeft() { turnPage(by: -1) }
    public func pageRight() { turnPage(by: 1) }

    public func openHotPick() {
        guard let pick = hotPicks.value.current else { return }
        openPlace(pick.id)
    }

    public func openCategory(_ category: Category) {
        guard !state.isClosed else { return }
        let request = PlacesListRequest(center: here.coordinate, centerName: here.name,
                                        radius: radius, category: category)
        if case .placesList(let list)? = context.navigator.open(.placesList(request)) {
            listRadius = list.radius.bind { [weak self] radius in self?.adoptRadius(radius) }
        }
    }

    /// A places list of what matches `text` (names, addresses, cuisines), nearest first: anywhere in the
    /// local store, or around here on a live source (which cannot be asked about the whole planet).
    public func openSearch(_ text: String) {
        let words = DisplayText.trimmed(text)
        guard !state.isClosed, !words.isEmpty else { return }
        let reach = context.places.isLive ? radius : SearchRadius.everywhere
        let request = PlacesListRequest(center: here.coordinate, centerName: here.name,
                                        radius: reach, searchText: words)
        context.navigator.open(.placesList(request))
    }

    /// The saved favourites, nearest to here first.
    public func openFavourites() {
        guard !state.isClosed else { return }
        context.navigator.open(.favourites(near: here.coordinate))
    }

    /// The imported regions: their age, updates, removal.
    public func openRegions() {
        guard !state.isClosed, canOpenRegions else { return }
        context.navigator.open(.regions)
    }

    public var canOpenRegions: Bool { context.offersRegions }

    public func openPlace(_ id: PlaceID) {
        guard !state.isClosed else { return }
        let candidates = state.feeds.values.lazy.compactMap { $0.value?.candidates }.joined()
        let hit: PlaceHit
        if let candidate = candidates.first(where: { $0.hit.id == id }) {
            hit = candidate.hit
        } else if let place = state.favourites.value?.lazy.compactMap(\.place).first(where: { $0.id == id }) {
            hit = PlaceHit(place: place, distance: here.coordinate.distance(to: place.coordinate),
                           bearing: here.coordinate.bearing(to: place.coordinate))
        } else {
            return
        }
        let request = PlaceDetailRequest(hit: hit, center: here.coordinate, radius: radius)
        context.navigator.open(.placeDetail(request))
    }

    public func openFriend(_ id: Friend.ID) {
        guard !state.isClosed, let friend = state.friends.value?.first(where: { $0.id == id }) else { return }
        context.navigator.open(.friendDetail(friend, onChange: { [weak self] _ in
            // A friend edited or deleted elsewhere: the section reads the store again.
            self?.send(.friendChanged)
        }))
    }

    public func dismissStatus() {
        status.update(nil)
    }

    public func close() {
        thumbnails?.close()
        listRadius?.cancel()
        listRadius = nil
        tracker.close()
        send(.closed)
        nextRefresh.update(nil)
    }

    /// Returns once no live work runs (for tests, instead of sleeping).
    public func idle() async { await tracker.idle() }

    /// Returns once every task has returned, cancelled ones included (for tests of dropped results).
    public func drained() async { await tracker.drained() }

    private func turnPage(by step: Int) {
        guard !state.isClosed else { return }
        var picks = hotPicks.value
        let count = picks.pages.count
        guard count > 1 else { return }
        // Wraps: right on the last page shows the first.
        picks.index = ((picks.index + step) % count + count) % count
        send(.pickShown(picks.current?.category))
        hotPicks.update(picks)
    }

    // MARK: Loading

    private static func total(around center: Coordinate, radius: Double,
                              from provider: any PlacesProvider) async -> Result<HomeState.Total, PlacesError> {
        do throws(PlacesError) {
            let within = try await provider.count(PlaceQuery(center: center, radius: radius, reach: .overview))
            var anywhere = within.value > 0 || provider.isLive
            if !anywhere {
                // Only an empty area of the local store asks further: is the whole store empty? (A live
                // source's empty area says nothing about imports, and must not fetch half the planet.)
                anywhere = try await provider.count(near: center, radius: Self.everywhere, category: nil) > 0
            }
            return .success(HomeState.Total(within: within, anywhere: anywhere))
        } catch {
            return .failure(error)
        }
    }

    /// The count of each category with places around here; nil when cancelled half-way.
    private static func counts(around center: Coordinate, radius: Double,
                               from provider: any PlacesProvider) async -> Result<[CategoryCount], PlacesError>? {
        var found: [CategoryCount] = []
        for category in Category.allCases {
            do throws(PlacesError) {
                let count = try await provider.count(PlaceQuery(center: center, radius: radius, category: category,
                                                                reach: .overview))
                // A source that may not know them all (Google) keeps its chips, without a number.
                if count.value > 0 || !count.isExact {
                    found.append(CategoryCount(category: category, count: count.value, isExact: count.isExact))
                }
            } catch {
                return .failure(error)
            }
            if Task.isCancelled { return nil }
        }
        return .success(found)
    }

    /// The nearest places of the query; further pages only while none of them is open (for the hot pick).
    nonisolated private static func candidates(for query: PlaceQuery, from provider: any PlacesProvider,
                                               now: @Sendable () -> Date, zones: PlaceZones,
                                               holidays: HolidayDirectory) async throws(PlacesError) -> HomeState.Feed {
        var result = HomeState.Feed(candidates: [], fetchedAt: nil, attributions: [])
        var cursor: PageCursor?
        var pages = 0
        repeat {
            let page = try await provider.places(query, after: cursor)
            result.candidates += page.hits.map(HomeCandidate.init)
            if let fetchedAt = page.fetchedAt { result.fetchedAt = min(result.fetchedAt ?? fetchedAt, fetchedAt) }
            result.attributions += page.attributions.filter { !result.attributions.contains($0) }
            cursor = page.next
            pages += 1
            let instant = now()
            if result.candidates.contains(where: {
                $0.status(at: instant, zones: zones, holidays: holidays).state == .open
            }) { break }
        } while cursor != nil && pages < maxCandidatePages && !Task.isCancelled
        return result
    }

    /// "16:33 local" while here keeps another time than the computer: hours are read on here's clock, so the
    /// header says what that clock shows.
    func localTimeText() -> String? {
        let zone = context.zones.zone(at: here.coordinate)
        let now = context.clock()
        guard !here.isPlaceholder, context.zones.differsFromComputer(zone, at: now) else { return nil }
        return OpeningHoursText.clock(zone.localDateTime(at: now).minuteOfDay) + " local"
    }

    /// The next minute on the clock, when the header shows the local time.
    func nextLocalMinute() -> Date? {
        guard header.value.localTime != nil else { return nil }
        let seconds = context.clock().timeIntervalSince1970
        return Date(timeIntervalSince1970: (seconds / 60).rounded(.down) * 60 + 60)
    }
}
