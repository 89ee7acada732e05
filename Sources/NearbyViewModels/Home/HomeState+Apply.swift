import FoundationEssentials
import NearbyCore

/// The one place Home's state changes: an event in, the new state and the effects to run out. Pure, so tests
/// assert event → state and effects as tables.
extension HomeState {
    typealias Effects = [HomeEffect]

    mutating func apply(_ event: HomeEvent, in env: HomeEnvironment) -> Effects {
        if isClosed { return [] }
        switch event {
        case .load:
            guard !hasStarted else { return [] }
            hasStarted = true
            return loadEverything(env)
        case .refresh:
            return refresh(env)
        case .retry(let section):
            return retry(section, env)
        case .retryFailed:
            let failed = failedSections
            guard !failed.isEmpty else { return refresh(env) }
            if env.isLive, failed.contains(where: { $0 != .friends && $0 != .favourites }) {
                var effects: Effects = []
                if friends.hasFailed { effects += loadFriends() }
                if favourites.hasFailed { effects += loadFavourites(env) }
                return effects + refresh(env)
            }
            return failed.flatMap { retry($0, env) }
        case .timeChanged:
            return [.publish([.header, .places])]
        case .hereMoved(let coordinate):
            guard coordinate != here.coordinate else { return [] }
            // The place's name belonged to where Home started: a moved walker is at coordinates.
            here = HomeLocation(coordinate: coordinate)
            walking.reset()
            let header: Effects = [.publish(.header)]
            guard hasStarted else { return header }
            return header + loadEverything(env)
        case .moveTyped(let text):
            let words = DisplayText.trimmed(text)
            guard !words.isEmpty else { return [] }
            locationRetry = nil
            let cleared: Effects = [.publish(.locationRetry)]
            guard env.canLocate else {
                return cleared + [.say(.error("Moving needs the local store's towns; start with --near instead."))]
            }
            return cleared + [.locate(words, typed: text)]
        case .moveChosen(let location):
            locationRetry = nil
            return [.publish(.locationRetry)] + move(to: location, env)
        case .radiusAdopted(let newRadius):
            guard newRadius > 0, newRadius != radius else { return [] }
            radius = newRadius
            return refresh(env)
        case .favouritesChanged:
            guard hasStarted else { return [] }
            return loadFavourites(env)
        case .friendChanged:
            return loadFriends()
        case .dataChanged:
            // The first region of an empty store: Home moves to it rather than staying at no location.
            if here.isPlaceholder, env.canFindStart { return [.findStart] }
            return refresh(env)
        case .startFound(let location):
            guard here.isPlaceholder, let location else { return refresh(env) }
            return move(to: location, env)
        case .pickShown(let category):
            pickCategory = category
            return []
        case .placesShown(let hits):
            return requestWalks(for: hits, env)
        case .closed:
            isClosed = true
            return []
        case .areaRefreshed(let failure):
            let said: Effects = failure.map { [.say(.error("Could not refresh: " + HomeText.placesFailure($0)))] } ?? []
            return said + loadEverything(env)
        case .totalLoaded(let outcome):
            total.finish(outcome)
            return [.publish([.header, .places])]
        case .countsLoaded(let outcome):
            counts.finish(outcome)
            return [.publish([.categories, .places])]
        case .feedLoaded(let category, let outcome):
            feeds[category, default: Loadable()].finish(outcome)
            return [.publish(.places)]
        case .friendsLoaded(let outcome):
            friends.finish(outcome)
            return [.publish(.friends)]
        case .favouritesLoaded(let outcome):
            favourites.finish(outcome)
            return [.publish(.places)]
        case .located(let answer, let typed):
            return located(answer, typed: typed, env)
        case .walksArrived(let outcome, let batch, let from):
            guard from == here.coordinate else { return [] }
            switch outcome {
            case .success(let walks): walking.record(walks, for: batch)
            case .failure(let error): walking.recordFailure(error)
            }
            return [.publish(.places)]
        }
    }

    // MARK: Loading

    private mutating func loadEverything(_ env: HomeEnvironment) -> Effects {
        var effects = loadTotal() + loadCounts()
        for category in Category.allCases { effects += loadCategory(category) }
        return effects + loadFriends() + loadFavourites(env)
    }

    /// Loads everything again. A live source is asked for the area first, whatever its cache holds (`r`);
    /// when that fails, what is shown stays, with the reason in the status line.
    private mutating func refresh(_ env: HomeEnvironment) -> Effects {
        hasStarted = true
        guard env.isLive else { return loadEverything(env) }
        total.start()
        counts.start()
        for category in Category.allCases { feeds[category, default: Loadable()].start() }
        return [.publish([.header, .categories, .places]),
                .refreshArea(center: here.coordinate, radius: radius)]
    }

    private mutating func retry(_ section: HomeSectionID, _ env: HomeEnvironment) -> Effects {
        // On a live source every places section comes from one fetch of the area: retrying one asks for
        // the area again, once.
        if env.isLive, section != .friends, section != .favourites { return refresh(env) }
        switch section {
        case .count: return loadTotal()
        case .categories: return loadCounts()
        case .category(let category): return loadCategory(category)
        case .friends: return loadFriends()
        case .favourites: return loadFavourites(env)
        case .hotPicks:
            let failed = Category.allCases.filter { feeds[$0]?.hasFailed ?? false }
            return (failed.isEmpty ? Category.allCases : failed).flatMap { loadCategory($0) }
        }
    }

    private mutating func loadTotal() -> Effects {
        total.start()
        return [.publish(.header), .loadTotal(center: here.coordinate, radius: radius)]
    }

    private mutating func loadCounts() -> Effects {
        counts.start()
        return [.publish(.categories), .loadCounts(center: here.coordinate, radius: radius)]
    }

    private mutating func loadCategory(_ category: Category) -> Effects {
        feeds[category, default: Loadable()].start()
        return [.publish(.places), .loadCategory(category, center: here.coordinate, radius: radius)]
    }

    private mutating func loadFriends() -> Effects {
        friends.start()
        return [.publish(.friends), .loadFriends]
    }

    /// Reads every favourite, nearest to here first; without a store the section stays hidden.
    private mutating func loadFavourites(_ env: HomeEnvironment) -> Effects {
        guard env.hasFavourites else { return [] }
        favourites.start()
        return [.loadFavourites(nearestTo: here.coordinate)]
    }

    // MARK: Moving

    private mutating func located(_ answer: PlaceNameLookup, typed text: String, _ env: HomeEnvironment) -> Effects {
        let words = DisplayText.trimmed(text)
        switch answer {
        case .found(let name, let coordinate):
            // An empty name: a coordinate, shown alone.
            return move(to: HomeLocation(coordinate: coordinate, name: name.isEmpty ? nil : name), env)
        case .ambiguous(let localities):
            locationRetry = LocationRetry(text: text, choices: localities.map {
                LocationRetry.Choice(label: HomeText.choice($0),
                                     location: HomeLocation(coordinate: $0.coordinate, name: $0.name))
            })
            return [.say(.error(HomeText.locationProblem(answer, for: words, picking: true))),
                    .publish(.locationRetry)]
        default:
            // What was typed stays, to be mended rather than typed again.
            locationRetry = LocationRetry(text: text)
            return [.say(.error(HomeText.locationProblem(answer, for: words))), .publish(.locationRetry)]
        }
    }

    /// Home stands at `location` from now on and loads everything around it.
    private mutating func move(to location: HomeLocation, _ env: HomeEnvironment) -> Effects {
        guard location.coordinate.isValid else { return [] }
        here = location
        walking.reset()
        pickCategory = nil
        feeds.removeAll()
        total = Loadable()
        counts = Loadable()
        return [.adoptZone(of: location.coordinate), .remember(location),
                .say(.info("Now around \(HomeText.location(location))")), .publish(.header)] + refresh(env)
    }

    // MARK: Walking times

    /// One search from here for the places shown without a walking time, once no section is loading (a
    /// search per section would repeat the same work 25 times).
    private mutating func requestWalks(for hits: [PlaceHit], _ env: HomeEnvironment) -> Effects {
        guard env.hasRouter, walking.note == nil, !feeds.values.contains(where: \.isLoading) else { return [] }
        var seen = Set<PlaceID>()
        let missing = walking.missing(hits).filter { seen.insert($0.id).inserted }
        // Sections publish again while the search is under way; the same places need not be searched twice.
        guard !missing.isEmpty, walking.ask(missing) else { return [] }
        return [.walks(missing, here: here.coordinate)]
    }
}
