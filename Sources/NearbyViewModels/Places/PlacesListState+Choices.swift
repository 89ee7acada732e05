import NearbyCore

/// What the user chooses on a places list: the filter, the order, the radius, the next name match.
extension PlacesListState {
    mutating func setFilter(_ text: String, _ env: PlacesListEnvironment) -> Effects {
        let before = Self.trimmed(filter)
        filter = text
        guard Self.trimmed(text) != before else { return [] }
        if before.isEmpty, isLoaded, !isReloading, let applied, applied.filter.isEmpty {
            unfiltered = Unfiltered(request: applied, hits: hits, knownIDs: knownIDs, next: next, isComplete: isComplete,
                                    isTruncated: isTruncated, isCapped: isCapped, fetchedAt: fetchedAt, total: total,
                                    attributions: attributions, selection: selection)
        }
        if let held = unfiltered, held.request == requested(env) {
            return restore(held, env)
        }
        return startReload(env, keepingUnfiltered: true)
    }

    /// Shows the unfiltered list held since the filter was typed, as it was.
    mutating func restore(_ held: Unfiltered, _ env: PlacesListEnvironment) -> Effects {
        unfiltered = nil
        var effects = startNewGeneration()
        effects.append(.cancelReload)
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
        effects.append(.keepRows(unchanged: hits))
        effects += requestWalks(for: hits, env)
        if total == nil, !isComplete, held.request.openDuring == nil, env.subject.searchText == nil {
            effects += startCount(for: held.request)
        }
        selection = held.selection
        bumpRows()
        return effects
    }

    /// Shows the list in `order`: sorted in memory when the places held allow it, else loaded again.
    mutating func setOrder(_ order: PlacesSortOrder, _ env: PlacesListEnvironment) -> Effects {
        guard order != self.order else { return [] }
        self.order = order
        let remember: Effects = [.rememberOrder(order)]
        guard isLoaded, !isReloading, var request = applied,
              isComplete || (isTruncated && (order != .distance || request.openDuring != nil)) else {
            return remember + startReload(env)
        }
        request.order = order
        applied = request
        // The selected place stays selected wherever the order puts it (htop keeps its row too).
        keepingSelectedPlace(orFirst: true) { $0.hits = $0.sorted($0.hits, by: order, env) }
        next = nil
        let walks = requestWalks(for: hits, env)
        bumpRows()
        return remember + walks
    }

    mutating func widenRadius(_ env: PlacesListEnvironment) -> Effects {
        if radius >= SearchRadius.everywhere {
            return [.say(.info("The search already looks through every place of the store."))]
        }
        // A search by name goes on past the widest circle to the whole store, as Home's `/` looks; a list of
        // a category stops there (every place of a country would be no list at all).
        let isSearch = if case .search = env.subject { true } else { false }
        let next = SearchRadius.wider(than: radius) ?? (isSearch && !env.isLive ? SearchRadius.everywhere : nil)
        guard let wider = next else {
            let text = SearchRadius.text(radius, units: env.units)
            return [.say(.info("The search already reaches \(text) — the widest it goes."))]
        }
        radius = wider
        return rememberRadius(env) + startReload(env)
    }

    /// The radius a category's list was widened or narrowed to is the next start's; a search's is not (it
    /// looks anywhere by default, and "anywhere" is no radius for Home).
    func rememberRadius(_ env: PlacesListEnvironment) -> Effects {
        if case .search = env.subject { return [] }
        guard radius < SearchRadius.everywhere else { return [] }
        return [.rememberRadius(radius)]
    }

    /// The words `n` and `N` look for in names: the search's, then the filter's.
    func matchText(_ subject: PlacesListSubject) -> String? {
        let words = [subject.searchText, Self.trimmed(filter)].compactMap { $0 }.filter { !$0.isEmpty }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// Selects the next place held whose name has every word of the search, wrapping round at the end. Rows
    /// that matched only by address or cuisine are passed over.
    mutating func selectNameMatch(forward: Bool, _ env: PlacesListEnvironment) -> Effects {
        guard isLoaded, !hits.isEmpty, let text = matchText(env.subject) else { return [] }
        let words = SearchFolding.fold(text).split(separator: " ")
        let count = hits.count
        let start = min(max(selection, 0), count - 1)
        for step in 1...count {
            let index = ((forward ? start + step : start - step) % count + count) % count
            let name = SearchFolding.fold(hits[index].place.name)
            guard words.allSatisfy({ name.contains($0) }) else { continue }
            selection = index
            if index == start {
                return [.say(.info("No other name matches “\(DisplayText.oneLine(text))”"))]
            } else if forward ? index < start : index > start {
                return [.say(.info(forward ? "Search went on from the top" : "Search went on from the bottom"))]
            }
            return []
        }
        return [.say(.info("No name matches “\(DisplayText.oneLine(text))”; the rows match by address or cuisine"))]
    }
}
