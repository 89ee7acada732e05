import FoundationEssentials
import NearbyCore

/// The one place a places list's state changes: an event in, the new state and the effects to run out. Pure
/// but for the environment's clock and hours, so tests assert event → state and effects as tables.
extension PlacesListState {
    typealias Effects = [PlacesListEffect]

    mutating func apply(_ event: PlacesListEvent, in env: PlacesListEnvironment) -> Effects {
        if isClosed, !event.isAnsweredWhenClosed { return [] }
        switch event {
        case .load:
            guard phase == .idle else { return [] }
            return startReload(env)
        case .retry:
            // A live source is asked again for real: what failed a moment ago may be remembered as failed.
            if case .failed = phase { return startReload(env, fresh: env.isLive) }
            guard moreFailure != nil else { return startReload(env, fresh: env.isLive) }
            moreFailure = nil
            bumpRows()
            return loadMore()
        case .refresh:
            return startReload(env, fresh: env.isLive)
        case .select(let index):
            select(index)
            return []
        case .selectLast:
            return selectLast()
        case .rowsShown(let rows):
            guard next != nil, rows.upperBound >= hits.count - Self.prefetchDistance else { return [] }
            return loadMore()
        case .filterTyped(let text):
            return setFilter(text, env)
        case .sortChosen(let order):
            return setOrder(order, env)
        case .sortCycled:
            var order = self.order.next
            // Walking time is offered only where there are walking times: a store with paths whose first answer
            // is in (before it, `s` pressed at once gave "by walking time" over a store that then said it had
            // none).
            if order == .walkingTime, !env.hasRouter || walking.availability != .available { order = order.next }
            if order == .rating, !env.sourceHasRatings { order = order.next }
            return setOrder(order, env)
        case .layoutToggled:
            layout = layout.toggled
            return [.rememberLayout(layout)]
        case .radiusWidened:
            return widenRadius(env)
        case .radiusNarrowed:
            guard let narrower = SearchRadius.narrower(than: radius) else {
                let text = SearchRadius.text(radius, units: env.units)
                return [.say(.info("The search is already as narrow as it goes (\(text))."))]
            }
            radius = narrower
            return rememberRadius(env) + startReload(env)
        case .nameMatchSought(let forward):
            return selectNameMatch(forward: forward, env)
        case .closed:
            isClosed = true
            isReloading = false
            isLoadingMore = false
            return []
        case .hereMoved(let coordinate):
            guard coordinate != here else { return [] }
            here = coordinate
            walking.reset()
            return startReload(env)
        case .timePassed:
            return readAgain(forgetting: .forgetExpiredRows, env)
        case .evaluationTimeChanged:
            return readAgain(forgetting: .forgetAllRows, env)
        case .openDuringChanged:
            guard isLoaded else { return [] }
            return startReload(env)
        case .favouritesChanged:
            bumpRows()
            return []
        case .reloaded(let outcome, let request):
            return finishReload(outcome, request: request, env)
        case .pageArrived(let outcome, let generation, let asked):
            guard generation == self.generation else { return [] }
            return pageArrived(outcome, selectionWhenAsked: asked, env)
        case .counted(let value, let generation):
            guard generation == self.generation else { return [] }
            count.value = value
            // A count that came before its page waits for it: an unfinished page keeps the title's words.
            if isLoaded, !isReloading, !isComplete { total = value }
            return []
        case .walksArrived(let outcome, let batch, let generation, let from):
            guard generation == self.generation, from == here else { return [] }
            return finishWalks(outcome, for: batch, env)
        case .walkProbeFailed(let error):
            guard walking.availability == .unknown else { return [] }
            walking.recordFailure(error)
            return []
        case .suggested(let names):
            guard !names.isEmpty, hits.isEmpty else { return [] }
            suggestions = names
            bumpRows()
            return []
        }
    }

    /// The rows read at another time (the clock moved on, or another time was chosen): their words change, and
    /// open first, an order in time, keeps the selected place selected as places open and close.
    private mutating func readAgain(forgetting rows: PlacesListEffect, _ env: PlacesListEnvironment) -> Effects {
        guard isLoaded else { return [] }
        if order == .openFirst {
            keepingSelectedPlace { $0.hits = $0.sorted($0.hits, by: .openFirst, env) }
        }
        bumpRows()
        return [rows]
    }

    mutating func select(_ index: Int) {
        selection = min(max(index, 0), rowCount - 1)
    }

    // MARK: Reloads

    /// What the user asks for now.
    func requested(_ env: PlacesListEnvironment) -> Request {
        Request(filter: Self.trimmed(filter), order: order, radius: radius, openDuring: env.openDuring())
    }

    /// Loads the list for what is asked now; the rows shown stay until the result arrives.
    mutating func startReload(_ env: PlacesListEnvironment, fresh: Bool = false,
                                      keepingUnfiltered: Bool = false) -> Effects {
        let request = requested(env)
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
        var effects = startNewGeneration()
        if !env.isLive, countsTotal(request, env) { effects += startCount(for: request) }
        effects += probeWalking(env)
        effects += [.loadFavourites, .reload(request, fresh: fresh)]
        return effects
    }

    private mutating func finishReload(_ outcome: Result<Loaded, PlacesError>, request: Request,
                                       _ env: PlacesListEnvironment) -> Effects {
        isReloading = false
        let changed = request != applied
        var effects: Effects = []
        switch outcome {
        case .success(let loaded):
            applied = request
            knownIDs = []
            hits = []
            append(loaded.hits)
            // Parsed hours are kept by their text; rows only where the place came back as it was.
            effects.append(.keepRows(unchanged: hits))
            if let span = request.openDuring {
                hits = hits.filter { env.isOpenThroughout($0, span) }
            }
            if request.order == .distance && request.openDuring == nil {
                next = loaded.next
                isTruncated = false
            } else {
                hits = sorted(hits, by: request.order, env)
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
            effects += requestWalks(for: hits, env)
            suggestions = []
            if hits.isEmpty, isComplete, let search = env.subject.searchText, request.filter.isEmpty {
                effects.append(.suggest(search, near: here))
            }
            if !isComplete, countsTotal(request, env), !count.started { effects += startCount(for: request) }
        case .failure(let error):
            if isLoaded, !changed {
                // A refresh failed: the rows shown are still the best we have.
                effects.append(.say(.error(PlacesErrorText.loading(error))))
            } else {
                applied = request
                hits = []
                knownIDs = []
                next = nil
                total = nil
                phase = .failed(error)
            }
        }
        if changed { selection = 0 }
        bumpRows()
        return effects
    }

    /// Drops page and count results for the places held before.
    mutating func startNewGeneration() -> Effects {
        generation += 1
        count = Count()
        isLoadingMore = false
        moreFailure = nil
        headingToEnd = false
        return [.cancelPagesAndCount]
    }

    /// Whether the title shows how many places lie within the radius (a filter or a span shows what it kept).
    private func countsTotal(_ request: Request, _ env: PlacesListEnvironment) -> Bool {
        request.filter.isEmpty && request.openDuring == nil && env.subject.searchText == nil
    }

    mutating func startCount(for request: Request) -> Effects {
        count.started = true
        return [.count(request, generation: generation)]
    }

    // MARK: Pages

    private mutating func loadMore() -> Effects {
        guard isLoaded, let cursor = next, !isLoadingMore, moreFailure == nil, !isReloading,
              let request = applied else { return [] }
        isLoadingMore = true
        return [.loadPage(request, after: cursor, generation: generation, selectionWhenAsked: nil)]
    }

    /// `G`: loads the pages up to the list's end (the header knows how many there are), then selects the last;
    /// at most `endReach` places are held for it.
    private mutating func selectLast() -> Effects {
        guard isLoaded else { return [] }
        guard let cursor = next, hits.count < Self.endReach, moreFailure == nil, !isReloading,
              let request = applied else {
            select(rowCount - 1)
            return []
        }
        selection = rowCount - 1
        headingToEnd = true
        isLoadingMore = true
        // One page after another (a page loading already is replaced: its effect is this one).
        return [.loadPage(request, after: cursor, generation: generation, selectionWhenAsked: selection)]
    }

    private mutating func pageArrived(_ outcome: Result<PlacesPage, PlacesError>, selectionWhenAsked: Int?,
                                      _ env: PlacesListEnvironment) -> Effects {
        guard headingToEnd, let asked = selectionWhenAsked else { return finishMore(outcome, env) }
        // The user moved meanwhile: the list stays where they went.
        guard selection == asked else {
            headingToEnd = false
            return finishMore(outcome, env)
        }
        var effects = finishMore(outcome, env)
        guard case .success = outcome else { return effects }
        selection = rowCount - 1
        if let cursor = next, hits.count < Self.endReach, let request = applied {
            isLoadingMore = true
            effects.append(.loadPage(request, after: cursor, generation: generation, selectionWhenAsked: selection))
        } else {
            headingToEnd = false
            select(rowCount - 1)
        }
        return effects
    }

    private mutating func finishMore(_ outcome: Result<PlacesPage, PlacesError>, _ env: PlacesListEnvironment) -> Effects {
        isLoadingMore = false
        switch outcome {
        case .success(let page):
            // The page follows the rows held, after the "Loading more" spinner; with none held, row 0 was the
            // "No places" row, which a view keeps.
            let appendedOnly = !hits.isEmpty
            append(page.hits)
            next = page.next
            isComplete = page.next == nil
            isCapped = isCapped || page.isCapped
            if let pageFetchedAt = page.fetchedAt { fetchedAt = min(fetchedAt ?? pageFetchedAt, pageFetchedAt) }
            if isComplete, !isCapped { total = hits.count }
            mergeAttributions(page.attributions)
            if appendedOnly { bumpAppendedRows() } else { bumpRows() }
            return requestWalks(for: page.hits, env)
        case .failure(let error):
            moreFailure = error
            headingToEnd = false
            bumpRows()
            return []
        }
    }

    /// Appends places not held yet (a source may repeat one across pages).
    private mutating func append(_ newHits: [PlaceHit]) {
        for hit in newHits where knownIDs.insert(hit.id).inserted {
            hits.append(hit)
        }
    }

    private mutating func mergeAttributions(_ new: [String]) {
        for text in new where !attributions.contains(text) { attributions.append(text) }
    }

    // MARK: Order

    /// `hits` in `order` (`PlacesSortOrder.sorted`).
    func sorted(_ hits: [PlaceHit], by order: PlacesSortOrder, _ env: PlacesListEnvironment) -> [PlaceHit] {
        let now = env.now()
        let walking = walking
        return order.sorted(hits, walkMetres: { walking.sortKey($0) }, openRank: { env.openRank($0, now) })
    }

    /// Runs `reorder` on the state, then selects the place selected before wherever it went (the first row,
    /// with `orFirst`, when it is gone).
    mutating func keepingSelectedPlace(orFirst: Bool = false, _ reorder: (inout PlacesListState) -> Void) {
        let selected = hits.indices.contains(selection) ? hits[selection].id : nil
        reorder(&self)
        if let selected, let index = hits.firstIndex(where: { $0.id == selected }) {
            selection = index
        } else if orFirst {
            selection = 0
        }
    }

    // MARK: Walking times

    /// Finds out, alongside the first page, whether walking times can be had at all: where they cannot, the
    /// note saying so is up before the rows arrive, which are then drawn once instead of moved down by it.
    private mutating func probeWalking(_ env: PlacesListEnvironment) -> Effects {
        guard walking.availability == .unknown, !hasProbedWalking else { return [] }
        guard env.hasRouter else {
            walking.markUnavailable(WalkingTimes.noRouterNote)
            return []
        }
        hasProbedWalking = true
        return [.probeWalking(here)]
    }

    /// Asks the router for the walks to the places not answered yet: one search from here per batch.
    mutating func requestWalks(for batch: [PlaceHit], _ env: PlacesListEnvironment) -> Effects {
        guard env.hasRouter else {
            walking.markUnavailable(WalkingTimes.noRouterNote)
            return []
        }
        if case .unavailable = walking.availability { return [] }
        let missing = walking.missing(batch)
        guard !missing.isEmpty else { return [] }
        return [.walks(missing, generation: generation, here: here)]
    }

    private mutating func finishWalks(_ outcome: Result<[WalkEstimate?], RoutingError>, for batch: [PlaceHit],
                                      _ env: PlacesListEnvironment) -> Effects {
        switch outcome {
        case .success(let walks): walking.record(walks, for: batch)
        case .failure(let error): walking.recordFailure(error)
        }
        if order == .walkingTime, applied?.order == .walkingTime {
            keepingSelectedPlace { $0.hits = $0.sorted($0.hits, by: .walkingTime, env) }
        }
        bumpRows()
        return [.forgetRows(batch.map(\.id))]
    }

    // MARK: Bookkeeping

    mutating func bumpRows() {
        rowCellsRevision += 1
        bumpAppendedRows()
    }

    /// Rows came after the last one held (the next page, in the list's order): the rows before read as they
    /// did, and the row after them was the "Loading more" spinner, which no view keeps.
    private mutating func bumpAppendedRows() {
        rowsRevision += 1
        select(selection)
    }

    static func trimmed(_ text: String) -> String {
        DisplayText.trimmed(text, newlines: true)
    }
}

private extension PlacesListEvent {
    /// Events that still count once the list is closed: the selection and the layout, which hold no work.
    var isAnsweredWhenClosed: Bool {
        switch self {
        case .select, .layoutToggled: true
        default: false
        }
    }
}
