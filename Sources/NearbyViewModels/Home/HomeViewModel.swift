import FoundationEssentials
import NearbyCore

/// Home: where here is, the hot picks pager, the categories, the nearest favourites, a section per category,
/// and friends nearby.
///
/// Every section loads and fails on its own: one task per category (its closest places, which also give its
/// hot pick), one for the counts per category, one for the total, one for friends. A failed section shows an
/// error row with retry; the others still show. Every places query is an overview (`reach: .overview`), so a
/// live source answers them all from one fetch of the area (Overpass: 1 request; Google: 3) instead of one
/// request per category; `r` asks the source for the area again before loading.
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

    /// The total around here, and when it is zero whether the store holds places anywhere.
    struct Total {
        var within: PlaceCount
        var anywhere: Bool
    }

    /// One category's places as the source answered them.
    struct Feed {
        var candidates: [HomeCandidate]
        /// When a live source fetched them; nil for the local store.
        var fetchedAt: Date?
        var attributions: [String]
    }

    private static let totalKey = ActivityKey("total")
    private static let countsKey = ActivityKey("counts")
    private static let friendsKey = ActivityKey("friends")
    private static let refreshKey = ActivityKey("refresh")
    private static let locateKey = ActivityKey("locate")
    private static let walksKey = ActivityKey("walks")
    private static let favouritesKey = ActivityKey("favourites")

    private let context: HomeContext
    /// How far Home looks: the context's at first, then whatever a list opened from Home was widened or
    /// narrowed to with + and -, so that coming back shows the same area.
    public private(set) var radius: Double
    /// Where Home stands: the context's at first, then wherever `moveHere(to:)` moved it.
    public private(set) var here: HomeLocation
    /// Follows the radius of the list opened from Home, while it is open.
    private var listRadius: ObservationToken?
    private let tracker = ActivityTracker()
    private var hasStarted = false
    /// The extract date asked for the place Home is centred on (`staleExtractAge`).
    private var extractDateAsked: (point: Coordinate, date: Date?)?
    private var total = Loadable<Total, PlacesError>()
    private var counts = Loadable<[CategoryCount], PlacesError>()
    private var feeds: [Category: Loadable<Feed, PlacesError>] = [:]
    private var friends = Loadable<[Friend], FriendsError>()
    /// Every favourite, nearest first: the section shows the first few, the ★ marks them all.
    private var favourites = Loadable<[FavouritePlace], PlacesError>()
    /// The category of the hot pick shown, so the page stays put while other picks arrive or leave.
    private var pickCategory: Category?
    /// Walking minutes of the rows and picks shown, from one search once every section has answered.
    private var walking = WalkingTimes()
    private var bindings: [ObservationToken] = []

    /// The time opening hours are evaluated at, for the screen's `t` and header; nil: always now.
    public var evaluationTime: EvaluationTime? { context.evaluationTime }

    public init(context: HomeContext) {
        self.context = context
        radius = context.radius
        here = context.here
        header = Observable(HomeHeader(location: HomeText.location(here)))
        hotPicks = Observable(HotPicksState(content: .loading("Finding what is open…")))
        tracker.isBusy.bind { [weak self] busy in self?.isLoading.update(busy) }.store(in: &bindings)
        // A chosen time (or now again) re-evaluates every section and hot pick at once.
        context.evaluationTime?.chosen.bind { [weak self] _ in self?.refreshTimes() }.store(in: &bindings)
        // A favourite saved or forgotten on another screen: the section and the ★ follow on return.
        context.favouriteChanges?.latest.bind { [weak self] (_: FavouriteChanges.Change?) in
            guard let self, self.hasStarted else { return }
            self.loadFavourites()
        }.store(in: &bindings)
        follow(context.hereTracker)
    }

    /// With the GPS: here starts where the tracker stands, every move past its threshold loads Home again
    /// around the new place, and the header shows the fix's accuracy (rounded, so jitter redraws nothing).
    private func follow(_ hereTracker: HereTracker?) {
        guard let hereTracker else { return }
        if hereTracker.here.value != here.coordinate {
            here = HomeLocation(coordinate: hereTracker.here.value)
            header.update(HomeHeader(location: HomeText.location(here)))
        }
        hereTracker.moves.bind { [weak self, weak hereTracker] _ in
            guard let self, let hereTracker else { return }
            self.moveHere(to: hereTracker.here.value)
        }.store(in: &bindings)
        hereTracker.headerText.bindAndFire { [weak self] _ in self?.publishHeader() }.store(in: &bindings)
    }

    /// Here moved (a GPS fix past the tracker's threshold): every section is loaded again around it, what
    /// is shown staying until the new answers arrive. Before `load()`, only where Home will look changes.
    public func moveHere(to coordinate: Coordinate) {
        guard !tracker.isClosed, coordinate != here.coordinate else { return }
        // The place's name belonged to where Home started: a moved walker is at coordinates.
        here = HomeLocation(coordinate: coordinate)
        walking.reset()
        publishHeader()
        guard hasStarted else { return }
        loadEverything()
    }

    // MARK: Intents

    public func load() {
        guard !tracker.isClosed, !hasStarted else { return }
        hasStarted = true
        loadEverything()
    }

    /// Loads everything again. A live source is asked for the area first, whatever its cache holds (`r`);
    /// when that fails, what is shown stays, with the reason in the status line.
    public func refresh() {
        guard !tracker.isClosed else { return }
        hasStarted = true
        guard context.places.isLive else { return loadEverything() }
        total.start()
        counts.start()
        for category in Category.allCases { feeds[category, default: Loadable()].start() }
        publishHeader()
        publishCategories()
        publishPlaces()
        let provider = context.places
        let area = PlaceQuery(center: here.coordinate, radius: radius, reach: .overview)
        tracker.run(Self.refreshKey) { [weak self] in
            var failure: PlacesError?
            do throws(PlacesError) {
                try await provider.refresh(area)
            } catch {
                failure = error
            }
            guard !Task.isCancelled, let self else { return }
            if let failure { self.status.value = .error("Could not refresh: " + HomeText.placesFailure(failure)) }
            self.loadEverything()
        }
    }

    public func retry(_ section: HomeSectionID) {
        guard !tracker.isClosed else { return }
        // On a live source every places section comes from one fetch of the area: retrying one asks for
        // the area again, once.
        if context.places.isLive, section != .friends, section != .favourites { return refresh() }
        switch section {
        case .count: loadTotal()
        case .categories: loadCounts()
        case .category(let category): loadCategory(category)
        case .friends: loadFriends()
        case .favourites: loadFavourites()
        case .hotPicks:
            let failed = Category.allCases.filter { feeds[$0]?.hasFailed ?? false }
            if failed.isEmpty {
                Category.allCases.forEach(loadCategory)
            } else {
                failed.forEach(loadCategory)
            }
        }
    }

    public func retryFailed() {
        guard !tracker.isClosed else { return }
        var failed: [HomeSectionID] = []
        if total.hasFailed { failed.append(.count) }
        if counts.hasFailed { failed.append(.categories) }
        for category in Category.allCases where feeds[category]?.hasFailed ?? false { failed.append(.category(category)) }
        if friends.hasFailed { failed.append(.friends) }
        if favourites.hasFailed { failed.append(.favourites) }
        guard !failed.isEmpty else { return refresh() }
        if context.places.isLive, failed.contains(where: { $0 != .friends && $0 != .favourites }) {
            if friends.hasFailed { loadFriends() }
            if favourites.hasFailed { loadFavourites() }
            return refresh()
        }
        failed.forEach(retry)
    }

    public func refreshTimes() {
        guard !tracker.isClosed else { return }
        publishHeader()
        publishPlaces()
    }

    /// "16:33 local" while here keeps another time than the computer: hours are read on here's clock, so the
    /// header says what that clock shows.
    private func localTimeText() -> String? {
        let zone = context.zones.zone(at: here.coordinate)
        let now = context.clock()
        guard !here.isPlaceholder, context.zones.differsFromComputer(zone, at: now) else { return nil }
        return OpeningHoursText.clock(zone.localDateTime(at: now).minuteOfDay) + " local"
    }

    /// The next minute on the clock, when the header shows the local time.
    private func nextLocalMinute() -> Date? {
        guard header.value.localTime != nil else { return nil }
        let seconds = context.clock().timeIntervalSince1970
        return Date(timeIntervalSince1970: (seconds / 60).rounded(.down) * 60 + 60)
    }

    public func pageLeft() { turnPage(by: -1) }
    public func pageRight() { turnPage(by: 1) }

    public func openHotPick() {
        guard let pick = hotPicks.value.current else { return }
        openPlace(pick.id)
    }

    public func openCategory(_ category: Category) {
        guard !tracker.isClosed else { return }
        let request = PlacesListRequest(center: here.coordinate, centerName: here.name,
                                        radius: radius, category: category)
        guard let screen = context.routes.placesList(request) else { return }
        if case .placesList(let list) = screen {
            listRadius = list.radius.bind { [weak self] radius in self?.adoptRadius(radius) }
        }
        context.navigator.push(screen)
    }

    /// A places list of what matches `text` (names, addresses, cuisines), nearest first: anywhere in the
    /// local store, or around here on a live source (which cannot be asked about the whole planet).
    public func openSearch(_ text: String) {
        let words = DisplayText.trimmed(text)
        guard !tracker.isClosed, !words.isEmpty else { return }
        let reach = context.places.isLive ? radius : SearchRadius.everywhere
        let request = PlacesListRequest(center: here.coordinate, centerName: here.name,
                                        radius: reach, searchText: words)
        if let screen = context.routes.placesList(request) { context.navigator.push(screen) }
    }

    /// The saved favourites, nearest to here first.
    public func openFavourites() {
        guard !tracker.isClosed, let screen = context.routes.favourites(here.coordinate) else { return }
        context.navigator.push(screen)
    }

    /// Moves here to what `text` names ("47.14,9.52", a town in the data, "gps") and loads everything again
    /// around it; a name that cannot be placed leaves here where it was and says why in the status line.
    public func moveHere(to text: String) {
        let words = DisplayText.trimmed(text)
        guard !tracker.isClosed, !words.isEmpty else { return }
        locationRetry.value = nil
        guard let locate = context.locate else {
            status.value = .error("Moving needs the local store's towns; start with --near instead.")
            return
        }
        tracker.run(Self.locateKey) { [weak self] in
            let answer = await locate(words)
            guard !Task.isCancelled, let self else { return }
            switch answer {
            case .found(let name, let coordinate):
                // An empty name: a coordinate, shown alone.
                self.move(to: HomeLocation(coordinate: coordinate, name: name.isEmpty ? nil : name))
            case .ambiguous(let localities):
                self.status.value = .error(HomeText.locationProblem(answer, for: words, picking: true))
                self.locationRetry.value = LocationRetry(text: text, choices: localities.map {
                    LocationRetry.Choice(label: HomeText.choice($0),
                                         location: HomeLocation(coordinate: $0.coordinate, name: $0.name))
                })
            default:
                self.status.value = .error(HomeText.locationProblem(answer, for: words))
                // What was typed stays, to be mended rather than typed again.
                self.locationRetry.value = LocationRetry(text: text)
            }
        }
    }

    public func moveHere(to location: HomeLocation) {
        guard !tracker.isClosed else { return }
        locationRetry.value = nil
        move(to: location)
    }

    private func move(to location: HomeLocation) {
        guard location.coordinate.isValid else { return }
        here = location
        // Times typed from now on are this place's, as its hours are.
        context.evaluationTime?.zone = context.zones.zone(at: location.coordinate)
        walking.reset()
        context.remember?(location)
        status.value = .info("Now around \(HomeText.location(location))")
        pickCategory = nil
        feeds.removeAll()
        total = Loadable()
        counts = Loadable()
        publishHeader()
        refresh()
    }

    public func openPlace(_ id: PlaceID) {
        guard !tracker.isClosed else { return }
        let candidates = feeds.values.lazy.compactMap { $0.value?.candidates }.joined()
        let hit: PlaceHit
        if let candidate = candidates.first(where: { $0.hit.id == id }) {
            hit = candidate.hit
        } else if let place = favourites.value?.lazy.compactMap(\.place).first(where: { $0.id == id }) {
            hit = PlaceHit(place: place, distance: here.coordinate.distance(to: place.coordinate),
                           bearing: here.coordinate.bearing(to: place.coordinate))
        } else {
            return
        }
        let request = PlaceDetailRequest(hit: hit, center: here.coordinate, radius: radius)
        if let screen = context.routes.placeDetail(request) { context.navigator.push(screen) }
    }

    public func openFriend(_ id: Friend.ID) {
        guard !tracker.isClosed, let friend = friends.value?.first(where: { $0.id == id }) else { return }
        let screen = context.routes.friendDetail(friend) { [weak self] _ in
            // A friend edited or deleted elsewhere: the section reads the store again.
            self?.loadFriends()
        }
        if let screen { context.navigator.push(screen) }
    }

    public func dismissStatus() {
        status.update(nil)
    }

    /// Looks `radius` around here from now on, reloading what depends on it.
    public func adoptRadius(_ newRadius: Double) {
        guard !tracker.isClosed, newRadius > 0, newRadius != radius else { return }
        radius = newRadius
        refresh()
    }

    public func close() {
        listRadius?.cancel()
        listRadius = nil
        tracker.close()
        nextRefresh.update(nil)
    }

    /// Returns once no live work runs (for tests, instead of sleeping).
    public func idle() async { await tracker.idle() }

    /// Returns once every task has returned, cancelled ones included (for tests of dropped results).
    public func drained() async { await tracker.drained() }

    // MARK: Loading

    private func loadEverything() {
        loadTotal()
        loadCounts()
        Category.allCases.forEach(loadCategory)
        loadFriends()
        loadFavourites()
    }

    /// Reads every favourite, nearest to here first; without a store the section stays hidden.
    private func loadFavourites() {
        guard !tracker.isClosed, let store = context.favourites else { return }
        favourites.start()
        let order = FavouritesOrder.distance(from: here.coordinate)
        tracker.run(Self.favouritesKey) { [weak self] in
            let outcome = await store.favouritePlacesOutcome(order: order)
            guard !Task.isCancelled, let self else { return }
            self.favourites.finish(outcome)
            self.publishPlaces()
        }
    }

    private func loadTotal() {
        guard !tracker.isClosed else { return }
        total.start()
        publishHeader()
        let provider = context.places, center = here.coordinate, radius = self.radius
        tracker.run(Self.totalKey) { [weak self] in
            let outcome: Result<Total, PlacesError>
            do throws(PlacesError) {
                let within = try await provider.count(PlaceQuery(center: center, radius: radius, reach: .overview))
                var anywhere = within.value > 0 || provider.isLive
                if !anywhere {
                    // Only an empty area of the local store asks further: is the whole store empty? (A live
                    // source's empty area says nothing about imports, and must not fetch half the planet.)
                    anywhere = try await provider.count(near: center, radius: Self.everywhere, category: nil) > 0
                }
                outcome = .success(Total(within: within, anywhere: anywhere))
            } catch {
                outcome = .failure(error)
            }
            guard !Task.isCancelled, let self else { return }
            self.total.finish(outcome)
            self.publishHeader()
            self.publishPlaces()
        }
    }

    private func loadCounts() {
        guard !tracker.isClosed else { return }
        counts.start()
        publishCategories()
        let provider = context.places, center = here.coordinate, radius = self.radius
        tracker.run(Self.countsKey) { [weak self] in
            var found: [CategoryCount] = []
            var failure: PlacesError?
            for category in Category.allCases {
                do throws(PlacesError) {
                    let count = try await provider.count(PlaceQuery(center: center, radius: radius, category: category,
                                                                    reach: .overview))
                    // A source that may not know them all (Google) keeps its chips, without a number.
                    if count.value > 0 || !count.isExact {
                        found.append(CategoryCount(category: category, count: count.value, isExact: count.isExact))
                    }
                } catch {
                    failure = error
                    break
                }
                if Task.isCancelled { return }
            }
            guard !Task.isCancelled, let self else { return }
            self.counts.finish(failure.map { .failure($0) } ?? .success(found))
            self.publishCategories()
            self.publishPlaces()
        }
    }

    private func loadCategory(_ category: Category) {
        guard !tracker.isClosed else { return }
        feeds[category, default: Loadable()].start()
        publishPlaces()
        let provider = context.places, now = context.now, zones = context.zones, holidays = context.holidays
        let query = PlaceQuery(center: here.coordinate, radius: radius, category: category,
                               limit: Self.candidatesPerPage, reach: .overview)
        tracker.run(ActivityKey("category-" + category.rawValue)) { [weak self] in
            let outcome: Result<Feed, PlacesError>
            do throws(PlacesError) {
                outcome = .success(try await Self.candidates(for: query, from: provider, now: now, zones: zones,
                                                             holidays: holidays))
            } catch {
                outcome = .failure(error)
            }
            guard !Task.isCancelled, let self else { return }
            self.feeds[category, default: Loadable()].finish(outcome)
            self.publishPlaces()
        }
    }

    /// The nearest places of the query; further pages only while none of them is open (for the hot pick).
    nonisolated private static func candidates(for query: PlaceQuery, from provider: any PlacesProvider,
                                               now: @Sendable () -> Date, zones: PlaceZones,
                                               holidays: HolidayDirectory) async throws(PlacesError) -> Feed {
        var result = Feed(candidates: [], fetchedAt: nil, attributions: [])
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

    private func loadFriends() {
        guard !tracker.isClosed else { return }
        friends.start()
        publishFriends()
        let repository = context.friends
        tracker.run(Self.friendsKey) { [weak self] in
            let outcome: Result<[Friend], FriendsError>
            do throws(FriendsError) {
                outcome = .success(try await repository.listFriends().filter { $0.coordinate != nil })
            } catch {
                outcome = .failure(error)
            }
            guard !Task.isCancelled, let self else { return }
            self.friends.finish(outcome)
            self.publishFriends()
        }
    }

    // MARK: Publishing

    private func publishHeader() {
        var header = HomeHeader(location: HomeText.location(here))
        if let failure = total.failure {
            header.failure = HomeText.placesFailure(failure)
        } else if let value = total.value, value.within.value > 0 || !value.within.isExact || value.anywhere {
            // An empty store has no "0 places within 2 km": the notice says how to fill it.
            header.summary = HomeText.summary(count: value.within.value, isExact: value.within.isExact,
                                              radius: radius, units: context.units)
        }
        header.age = dataAge()?.text
        header.gps = context.hereTracker?.headerText.value
        header.localTime = localTimeText()
        self.header.update(header)
        if let failure = total.failure {
            // A refusal (a denied key, a used-up quota) concerns every section: one note says it whole, wrapped,
            // where a row would cut it short.
            notice.update(Self.isRefusal(failure) ? HomeText.placesFailure(failure) : nil)
        } else if let value = total.value, value.within.value == 0, value.within.isExact {
            notice.update(value.anywhere ? HomeText.nothingWithin(radius: radius, units: context.units)
                                         : HomeText.emptyStore)
        } else {
            notice.update(nil)
        }
    }

    private func publishCategories() {
        if let failure = counts.failure {
            categories.update(.failed(message: HomeText.placesFailure(failure)))
        } else if let value = counts.value {
            categories.update(.loaded(value))
        } else {
            categories.update(.loading("Counting places…"))
        }
    }

    /// Sections, hot picks and the next refresh instant, all evaluated at one reading of the clock.
    private func publishPlaces() {
        let now = context.now()
        let timeZone = context.zones.zone(at: here.coordinate)
        var shown: [OpeningStatus] = []
        var changes: [Date] = []
        var newSections: [HomePlacesSection] = []
        var picks: [HotPick] = []
        var shownHits: [PlaceHit] = []
        // A failed category the counts know to be empty gets no error row: there is nothing to retry for.
        let counted = counts.value.map { Set($0.map(\.category)) }
        let saved = Set((favourites.value ?? []).compactMap { $0.place?.id })
        publishFavourites(now: now, shown: &shown, changes: &changes, hits: &shownHits)

        for category in Category.allCases {
            guard let feed = feeds[category] else { continue }
            let candidates = feed.value?.candidates ?? []
            let statuses = candidates.map { $0.status(at: now, zones: context.zones, holidays: context.holidays) }
            changes += statuses.compactMap(\.nextChange)
            let title = HomeText.sectionTitle(category)
            if let failure = feed.failure, counted?.contains(category) ?? true,
               !(Self.isRefusal(failure) && failure == total.failure) {
                newSections.append(HomePlacesSection(
                    category: category, title: title,
                    content: .failed(message: HomeText.placesFailure(failure))))
            } else if !candidates.isEmpty {
                let rows = zip(candidates, statuses).prefix(Self.rowsPerSection).map { candidate, status in
                    shown.append(status)
                    shownHits.append(candidate.hit)
                    var row = row(for: candidate.hit, status: status)
                    row.isFavourite = saved.contains(row.id)
                    return row
                }
                newSections.append(HomePlacesSection(category: category, title: title, content: .loaded(rows),
                                                     isRefreshing: feed.isLoading))
            }
            if let index = HotPickRule.pick(distances: candidates.map(\.hit.distance), states: statuses.map(\.state),
                                            eligible: candidates.map { HotPickRule.mayPick($0.hit.place) }) {
                let hit = candidates[index].hit
                shown.append(statuses[index])
                shownHits.append(hit)
                let distance = DistanceFormatting.distance(hit.distance, bearing: hit.bearing, units: context.units)
                // "2 min walk", but "no path" as it is: "no path walk" reads as nothing.
                let walk = walking.text(for: hit.id, pace: context.walkingPace)
                    .map { " · " + ($0 == WalkingTimes.noPath ? $0 : $0 + " walk") } ?? ""
                picks.append(HotPick(id: hit.id, category: category, text: HomeText.hotPick(
                    name: DisplayText.oneLine(hit.place.name), category: category, distance: distance + walk,
                    status: statuses[index], timeZone: context.zones.zone(for: hit.place)), distance: hit.distance))
            }
        }
        // Nearest first, whatever the category; ties in the category order.
        picks = picks.enumerated().sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }
            .map(\.element)

        sections.update(newSections)
        publishHotPicks(picks)
        requestWalks(for: shownHits)
        publishSource()
        let age = dataAge()
        if let age { changes.append(age.changesAt) }
        if let minute = nextLocalMinute() { changes.append(minute) }
        if !tracker.isClosed {
            // A chosen time stands still: only the data's age changes as the clock runs.
            let chosen = context.evaluationTime?.source.isChosen ?? false
            nextRefresh.update(chosen ? age?.changesAt
                : HomeRefreshSchedule.next(after: now, changes: changes, shown: shown, timeZone: timeZone))
        }
    }

    /// One search from here for the places shown without a walking time, once no section is loading (a
    /// search per section would repeat the same work 25 times).
    private func requestWalks(for hits: [PlaceHit]) {
        guard let router = context.walking, !tracker.isClosed, walking.note == nil,
              !feeds.values.contains(where: \.isLoading) else { return }
        var seen = Set<PlaceID>()
        let missing = walking.missing(hits).filter { seen.insert($0.id).inserted }
        // Sections publish again while the search is under way; the same places need not be searched twice.
        guard !missing.isEmpty, walking.ask(missing) else { return }
        let here = here.coordinate
        tracker.run(Self.walksKey) { [weak self] in
            let outcome: Result<[WalkEstimate?], RoutingError>
            do throws(RoutingError) {
                outcome = .success(try await router.walks(from: here, to: missing.map(\.place.coordinate)))
            } catch {
                outcome = .failure(error)
            }
            guard !Task.isCancelled, let self, here == self.here.coordinate else { return }
            switch outcome {
            case .success(let walks): self.walking.record(walks, for: missing)
            case .failure(let error): self.walking.recordFailure(error)
            }
            self.publishPlaces()
        }
    }

    private static func isRefusal(_ error: PlacesError) -> Bool {
        if case .refused = error { return true }
        return false
    }

    /// The attribution of the places shown and, for a live source's cache, their age in the header.
    private func publishSource() {
        var texts: [String] = []
        for category in Category.allCases {
            for text in feeds[category]?.value?.attributions ?? [] where !texts.contains(text) { texts.append(text) }
        }
        attribution.update(texts.map(DisplayText.oneLine).joined(separator: " · "))
        var header = self.header.value
        header.age = dataAge()?.text
        self.header.update(header)
    }

    /// "from 3 min ago" for the oldest places shown; nil when none came from a live source's cache.
    /// On the clock, whatever time the hours are read at.
    private func dataAge() -> (text: String, changesAt: Date)? {
        let oldest = Category.allCases.compactMap { feeds[$0]?.value?.fetchedAt }.min()
        if let oldest { return DataAgeText.text(fetchedAt: oldest, now: context.clock()) }
        return staleExtractAge()
    }

    /// "data from 45 days ago" when the extract around here is older than a month; asked of the store once
    /// per place Home is centred on.
    private func staleExtractAge() -> (text: String, changesAt: Date)? {
        guard let lookup = context.extractDate else { return nil }
        let point = here.coordinate
        if extractDateAsked?.point != point { extractDateAsked = (point, lookup(point)) }
        guard let date = extractDateAsked?.date else { return nil }
        let now = context.clock()
        guard now.timeIntervalSince(date) > HomeContext.staleExtractAge else {
            // Not yet: the header changes when the data turns a month old.
            return nil
        }
        let days = Int(now.timeIntervalSince(date) / 86_400)
        return ("data from \(NumberText.grouped(days)) days ago", date.addingTimeInterval(Double(days + 1) * 86_400))
    }

    private func publishHotPicks(_ picks: [HotPick]) {
        let feeds = Category.allCases.compactMap { self.feeds[$0] }
        let content: HomeSectionContent<[HotPick]>
        if !picks.isEmpty {
            content = .loaded(picks)
        } else if !feeds.isEmpty, feeds.allSatisfy(\.hasFailed), let failure = feeds.first?.failure {
            content = .failed(message: HomeText.placesFailure(failure))
        } else if feeds.isEmpty || feeds.contains(where: { $0.isLoading && $0.value == nil }) {
            content = .loading("Finding what is open…")
        } else {
            content = .loaded([])
        }
        // Until the user pages, the first pick (the nearest) shows, whatever order sections load in;
        // after that, the pick they chose stays put as pages come and go.
        let index: Int
        if let pickCategory, let same = picks.firstIndex(where: { $0.category == pickCategory }) {
            index = same
        } else {
            index = pickCategory == nil ? 0 : min(hotPicks.value.index, max(picks.count - 1, 0))
        }
        let emptyText: String
        if let total = total.value, total.within.value == 0, total.within.isExact {
            emptyText = total.anywhere ? HomeText.nothingWithin(radius: radius, units: context.units)
                                       : HomeText.nothingToPick
        } else {
            emptyText = HomeText.nothingOpen(radius: radius, units: context.units)
        }
        hotPicks.update(HotPicksState(content: content, index: index, emptyText: emptyText))
    }

    /// The nearest few favourites still in the data; hidden when there are none. Their open states join the
    /// others' for the next refresh, and their places the walking-time search.
    private func publishFavourites(now: Date, shown: inout [OpeningStatus], changes: inout [Date],
                                   hits: inout [PlaceHit]) {
        if let failure = favourites.failure {
            favouritesSection.update(HomeFavouritesSection(content: .failed(message: HomeText.placesFailure(failure))))
            return
        }
        let places = (favourites.value ?? []).compactMap(\.place).prefix(Self.favouritesShown)
        guard !places.isEmpty else { return favouritesSection.update(nil) }
        var rows: [HomePlaceRow] = []
        for place in places {
            let hit = PlaceHit(place: place, distance: here.coordinate.distance(to: place.coordinate),
                               bearing: here.coordinate.bearing(to: place.coordinate))
            let status = HomeCandidate(hit: hit).status(at: now, zones: context.zones, holidays: context.holidays)
            shown.append(status)
            if let change = status.nextChange { changes.append(change) }
            hits.append(hit)
            var row = row(for: hit, status: status)
            row.isFavourite = true
            rows.append(row)
        }
        favouritesSection.update(HomeFavouritesSection(content: .loaded(rows)))
    }

    private func publishFriends() {
        if let failure = friends.failure {
            friendsSection.update(HomeFriendsSection(
                content: .failed(message: FriendsErrorText.loading(failure))))
            return
        }
        guard let located = friends.value else { return friendsSection.update(nil) }
        let here = here.coordinate
        // Within Home's radius, as every other section; the title says how far and how many are left out.
        let within = located.compactMap { friend -> (Friend, Coordinate, Double)? in
            guard let coordinate = friend.coordinate else { return nil }
            let distance = here.distance(to: coordinate)
            return distance <= radius ? (friend, coordinate, distance) : nil
        }
        .sorted { ($0.2, $0.0.id) < ($1.2, $1.0.id) }
        guard !within.isEmpty else { return friendsSection.update(nil) }
        let rows = within.prefix(Self.friendsShown).map { friend, coordinate, distance in
            HomeFriendRow(id: friend.id, name: DisplayText.oneLine(friend.fullName),
                          distance: DistanceFormatting.distance(distance, units: context.units),
                          bearing: bearingText(from: here, to: coordinate, distance: distance),
                          phone: DisplayText.oneLine(friend.phoneNumber))
        }
        let title = HomeText.friendsTitle(shown: rows.count, of: within.count, radius: radius, units: context.units)
        friendsSection.update(HomeFriendsSection(title: title, content: .loaded(Array(rows))))
    }

    private func row(for hit: PlaceHit, status: OpeningStatus) -> HomePlaceRow {
        HomePlaceRow(id: hit.id, name: DisplayText.oneLine(hit.place.name),
                     distance: DistanceFormatting.distance(hit.distance, units: context.units),
                     bearing: hit.distance < 0.5 ? "" : CompassPoint(bearing: hit.bearing)?.abbreviation ?? "",
                     openText: DisplayText.oneLine(status.rowText(timeZone: context.zones.zone(for: hit.place))), openState: status.state,
                     isClosingSoon: status.isClosingSoon, walk: walking.text(for: hit.id, pace: context.walkingPace))
    }

    private func bearingText(from here: Coordinate, to coordinate: Coordinate, distance: Double) -> String {
        guard distance >= 0.5 else { return "" }
        return CompassPoint(bearing: here.bearing(to: coordinate))?.abbreviation ?? ""
    }

    private func turnPage(by step: Int) {
        guard !tracker.isClosed else { return }
        var state = hotPicks.value
        let count = state.pages.count
        guard count > 1 else { return }
        // Wraps: right on the last page shows the first.
        state.index = ((state.index + step) % count + count) % count
        pickCategory = state.current?.category
        hotPicks.update(state)
    }
}
