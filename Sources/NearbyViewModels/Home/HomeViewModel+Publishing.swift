import FoundationEssentials
import NearbyCore

/// Home's screen built from its state: the header, the categories, the sections of places with the hot picks,
/// the favourites and the friends, all evaluated at one reading of the clock.
extension HomeViewModel {
    /// Builds again the parts of the screen an effect names.
    func publish(_ parts: HomeParts) {
        if parts.contains(.header) { publishHeader() }
        if parts.contains(.categories) { publishCategories() }
        if parts.contains(.places) { publishPlaces() }
        if parts.contains(.friends) { publishFriends() }
        if parts.contains(.locationRetry) { locationRetry.update(state.locationRetry) }
    }

    func publishHeader() {
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

    func publishCategories() {
        if let failure = counts.failure {
            categories.update(.failed(message: HomeText.placesFailure(failure)))
        } else if let value = counts.value {
            categories.update(.loaded(value))
        } else {
            categories.update(.loading("Counting places…"))
        }
    }

    /// Sections, hot picks and the next refresh instant, all evaluated at one reading of the clock.
    func publishPlaces() {
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
                    status: statuses[index], timeZone: context.zones.zone(for: hit.place)), distance: hit.distance,
                    picture: hit.place.picture))
            }
        }
        // Nearest first, whatever the category; ties in the category order.
        picks = picks.enumerated().sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }
            .map(\.element)

        sections.update(newSections)
        publishHotPicks(picks)
        send(.placesShown(shownHits))
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
    static func isRefusal(_ error: PlacesError) -> Bool {
        if case .refused = error { return true }
        return false
    }

    /// The attribution of the places shown and, for a live source's cache, their age in the header.
    func publishSource() {
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

    func publishHotPicks(_ picks: [HotPick]) {
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
    func publishFavourites(now: Date, shown: inout [OpeningStatus], changes: inout [Date],
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

    func publishFriends() {
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

    private var total: Loadable<HomeState.Total, PlacesError> { state.total }
    private var counts: Loadable<[CategoryCount], PlacesError> { state.counts }
    private var feeds: [Category: Loadable<HomeState.Feed, PlacesError>] { state.feeds }
    private var friends: Loadable<[Friend], FriendsError> { state.friends }
    private var favourites: Loadable<[FavouritePlace], PlacesError> { state.favourites }
    private var walking: WalkingTimes { state.walking }
    private var pickCategory: Category? { state.pickCategory }
}
