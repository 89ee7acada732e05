import Foundation
import Testing
import NearbyCore
@testable import NearbyViewModels

/// The places list's state as a value: each row is the events sent (the last one under test), the effects it
/// returned and what the state then reads. No view model, no tasks, no waiting.
@Suite("Places list state")
struct PlacesListStateTests {
    typealias Effect = PlacesListEffect
    typealias Request = PlacesListState.Request

    static let here = PlacesSamples.here
    static let hits = PlacesSamples.cafes.map { PagingPlacesProvider.hit($0, from: here) }
        .sorted { $0.distance < $1.distance }
    static let cursor = PageCursor(token: "after-2")
    static let byDistance = Request(filter: "", order: .distance, radius: SearchRadius.standard, openDuring: nil)

    /// A local store without paths, at a fixed time.
    static func environment(live: Bool = false, router: Bool = false,
                            subject: PlacesListSubject = .category(.cafe)) -> PlacesListEnvironment {
        PlacesListEnvironment(
            subject: subject, units: .metric, isLive: live, hasRouter: router, sourceHasRatings: true,
            now: { PlacesSamples.instant("2026-03-02T10:00:00Z") }, openDuring: { nil },
            openRank: { hit, _ in hit.place.openingHours == nil ? 1 : 0 },
            isOpenThroughout: { hit, _ in hit.place.openingHours != nil })
    }

    static func loaded(_ hits: ArraySlice<PlaceHit>, next: PageCursor?) -> PlacesListEvent {
        .reloaded(.success(.init(hits: Array(hits), next: next, attributions: ["© OpenStreetMap contributors"])),
                  byDistance)
    }

    /// What a row of the tables checks of the state.
    struct Reading: Equatable, CustomStringConvertible {
        var phase: PlacesListState.Phase
        var names: [String]
        var selection: Int
        var hasNext: Bool
        var reloading: Bool
        var loadingMore: Bool

        init(_ state: PlacesListState) {
            phase = state.phase
            names = state.hits.map(\.place.name)
            selection = state.selection
            hasNext = state.next != nil
            reloading = state.isReloading
            loadingMore = state.isLoadingMore
        }

        init(_ phase: PlacesListState.Phase, _ names: [String], selection: Int = 0, hasNext: Bool = false,
             reloading: Bool = false, loadingMore: Bool = false) {
            self.phase = phase
            self.names = names
            self.selection = selection
            self.hasNext = hasNext
            self.reloading = reloading
            self.loadingMore = loadingMore
        }

        var description: String { "\(phase) \(names) sel \(selection) next \(hasNext) r \(reloading) m \(loadingMore)" }
    }

    /// Sends `events` to a new list and returns the state and the last event's effects.
    static func run(_ events: [PlacesListEvent], _ env: PlacesListEnvironment = environment())
        -> (PlacesListState, [Effect]) {
        var state = PlacesListState(here: here, radius: SearchRadius.standard)
        var effects: [Effect] = []
        for event in events { effects = state.apply(event, in: env) }
        return (state, effects)
    }

    static var firstTwo: [String] { hits.prefix(2).map(\.place.name) }
    static var allNames: [String] { hits.map(\.place.name) }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var events: @Sendable () -> [PlacesListEvent]
        var effects: [Effect]
        var reading: Reading
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "load from nothing: count, favourites and the first page are asked for at once",
            events: { [.load] },
            effects: [.cancelPagesAndCount, .count(byDistance, generation: 1), .loadFavourites,
                      .reload(byDistance, fresh: false)],
            reading: Reading(.loading, [], reloading: true)),
        Row(name: "load twice: the second does nothing",
            events: { [.load, .load] },
            effects: [],
            reading: Reading(.loading, [], reloading: true)),
        Row(name: "the first page arrives: rows, the next cursor, the row models of places unchanged kept",
            events: { [.load, loaded(hits.prefix(2), next: cursor)] },
            effects: [.keepRows(unchanged: Array(hits.prefix(2)))],
            reading: Reading(.loaded, firstTwo, hasNext: true)),
        Row(name: "rows shown when every place is held fetch nothing",
            events: { [.load, loaded(hits[...], next: nil), .rowsShown(0..<5)] },
            effects: [],
            reading: Reading(.loaded, allNames)),
        Row(name: "rows shown near the end fetch the next page",
            events: { [.load, loaded(hits.prefix(2), next: cursor), .rowsShown(0..<3)] },
            effects: [.loadPage(byDistance, after: cursor, generation: 1, selectionWhenAsked: nil)],
            reading: Reading(.loaded, firstTwo, hasNext: true, loadingMore: true)),
        Row(name: "a page of an older generation is dropped",
            events: { [.load, loaded(hits.prefix(2), next: cursor), .rowsShown(0..<3),
                       .pageArrived(.success(PlacesPage(hits: Array(hits.suffix(3)), next: nil)),
                                    generation: 0, selectionWhenAsked: nil)] },
            effects: [],
            reading: Reading(.loaded, firstTwo, hasNext: true, loadingMore: true)),
        Row(name: "the next page is appended",
            events: { [.load, loaded(hits.prefix(2), next: cursor), .rowsShown(0..<3),
                       .pageArrived(.success(PlacesPage(hits: Array(hits.suffix(3)), next: nil)),
                                    generation: 1, selectionWhenAsked: nil)] },
            effects: [],
            reading: Reading(.loaded, allNames)),
        Row(name: "a failed page keeps the rows; retry asks for that page again",
            events: { [.load, loaded(hits.prefix(2), next: cursor), .rowsShown(0..<3),
                       .pageArrived(.failure(.network("down")), generation: 1, selectionWhenAsked: nil), .retry] },
            effects: [.loadPage(byDistance, after: cursor, generation: 1, selectionWhenAsked: nil)],
            reading: Reading(.loaded, firstTwo, hasNext: true, loadingMore: true)),
        Row(name: "G goes to the spinner row and asks for the next page, noting where it stood",
            events: { [.load, loaded(hits.prefix(2), next: cursor), .selectLast] },
            effects: [.loadPage(byDistance, after: cursor, generation: 1, selectionWhenAsked: 2)],
            reading: Reading(.loaded, firstTwo, selection: 2, hasNext: true, loadingMore: true)),
        Row(name: "G: the last page arrives and the last place is selected",
            events: { [.load, loaded(hits.prefix(2), next: cursor), .selectLast,
                       .pageArrived(.success(PlacesPage(hits: Array(hits.suffix(3)), next: nil)),
                                    generation: 1, selectionWhenAsked: 2)] },
            effects: [],
            reading: Reading(.loaded, allNames, selection: 4)),
        Row(name: "G: a page with more after it asks for the next",
            events: { [.load, loaded(hits.prefix(2), next: cursor), .selectLast,
                       .pageArrived(.success(PlacesPage(hits: Array(hits.dropFirst(2).prefix(1)), next: cursor)),
                                    generation: 1, selectionWhenAsked: 2)] },
            effects: [.loadPage(byDistance, after: cursor, generation: 1, selectionWhenAsked: 3)],
            reading: Reading(.loaded, Array(allNames.prefix(3)), selection: 3, hasNext: true, loadingMore: true)),
        Row(name: "G: the user moved meanwhile; the page is added and the list stays where they went",
            events: { [.load, loaded(hits.prefix(2), next: cursor), .selectLast, .select(0),
                       .pageArrived(.success(PlacesPage(hits: Array(hits.dropFirst(2).prefix(1)), next: cursor)),
                                    generation: 1, selectionWhenAsked: 2)] },
            effects: [],
            reading: Reading(.loaded, Array(allNames.prefix(3)), selection: 0, hasNext: true)),
        Row(name: "a reload that fails with nothing shown is the error row",
            events: { [.load, .reloaded(.failure(.network("down")), byDistance)] },
            effects: [],
            reading: Reading(.failed(.network("down")), [])),
        Row(name: "a refresh that fails keeps the rows shown and says why",
            events: { [.load, loaded(hits.prefix(2), next: cursor), .refresh,
                       .reloaded(.failure(.network("down")), byDistance)] },
            effects: [.say(.error(PlacesErrorText.loading(.network("down"))))],
            reading: Reading(.loaded, firstTwo, hasNext: true)),
        Row(name: "the name order on a complete list sorts in memory and keeps the selected place",
            events: { [.load, loaded(hits[...], next: nil), .select(1), .sortChosen(.name)] },
            effects: [.rememberOrder(.name)],
            reading: Reading(.loaded, allNames.sorted { SearchFolding.fold($0) < SearchFolding.fold($1) },
                             selection: allNames.sorted { SearchFolding.fold($0) < SearchFolding.fold($1) }
                                 .firstIndex(of: allNames[1]) ?? -1)),
        Row(name: "the name order on a list of pages loads the nearest again",
            events: { [.load, loaded(hits.prefix(2), next: cursor), .sortChosen(.name)] },
            effects: [.rememberOrder(.name), .cancelPagesAndCount,
                      .count(Request(filter: "", order: .name, radius: SearchRadius.standard, openDuring: nil),
                             generation: 2),
                      .loadFavourites,
                      .reload(Request(filter: "", order: .name, radius: SearchRadius.standard, openDuring: nil),
                              fresh: false)],
            reading: Reading(.loaded, firstTwo, hasNext: true, reloading: true)),
        Row(name: "clearing the filter shows the unfiltered list again without loading it",
            events: { [.load, loaded(hits.prefix(2), next: cursor), .select(1), .filterTyped("son"),
                       .filterTyped("")] },
            effects: [.cancelPagesAndCount, .cancelReload, .keepRows(unchanged: Array(hits.prefix(2))),
                      .count(byDistance, generation: 3)],
            reading: Reading(.loaded, firstTwo, selection: 1, hasNext: true)),
        Row(name: "spaces added to the filter change nothing",
            events: { [.load, loaded(hits.prefix(2), next: cursor), .filterTyped("  ")] },
            effects: [],
            reading: Reading(.loaded, firstTwo, hasNext: true)),
        Row(name: "a category list at the widest radius says so and stays",
            events: { [.radiusWidened, .radiusWidened, .radiusWidened, .radiusWidened, .radiusWidened,
                       .radiusWidened, .radiusWidened, .radiusWidened, .radiusWidened, .radiusWidened] },
            effects: [.say(.info("The search already reaches 50 km — the widest it goes."))],
            reading: Reading(.loading, [], reloading: true)),
        Row(name: "once closed, results are dropped",
            events: { [.load, .closed, loaded(hits.prefix(2), next: cursor)] },
            effects: [],
            reading: Reading(.loading, [])),
    ]

    @Test("event → effects and state", arguments: rows)
    func table(_ row: Row) {
        let (state, effects) = Self.run(row.events())
        #expect(effects == row.effects)
        #expect(Reading(state) == row.reading)
    }

    @Test("with paths, the first load asks the router once whether it has any, and each batch its walks")
    func walks() {
        let env = Self.environment(router: true)
        var state = PlacesListState(here: Self.here, radius: SearchRadius.standard)
        #expect(state.apply(.load, in: env).contains(.probeWalking(Self.here)))
        let effects = state.apply(Self.loaded(Self.hits.prefix(2), next: Self.cursor), in: env)
        #expect(effects.contains(.walks(Array(Self.hits.prefix(2)), generation: 1, here: Self.here)))
        #expect(!state.apply(.refresh, in: env).contains(.probeWalking(Self.here)))
        // A walk from an older here is dropped; one from here is recorded and its rows made again.
        let ids = Self.hits.prefix(2).map(\.id)
        let stale = state.apply(.walksArrived(.success([nil, nil]), for: Array(Self.hits.prefix(2)), generation: 2,
                                              here: PlacesSamples.offset(north: 500)), in: env)
        #expect(stale.isEmpty)
        let fresh = state.apply(.walksArrived(.success([nil, nil]), for: Array(Self.hits.prefix(2)), generation: 2,
                                              here: Self.here), in: env)
        #expect(fresh == [.forgetRows(ids)])
        #expect(state.walking.text(for: ids[0], pace: .standard) == WalkingTimes.noPath)
    }

    @Test("a count that comes before its page waits for it; after it, the title has the number")
    func counts() {
        let env = Self.environment()
        var state = PlacesListState(here: Self.here, radius: SearchRadius.standard)
        _ = state.apply(.load, in: env)
        _ = state.apply(.counted(8_412, generation: 1), in: env)
        #expect(state.total == nil)
        _ = state.apply(Self.loaded(Self.hits.prefix(2), next: Self.cursor), in: env)
        #expect(state.total == 8_412)
        #expect(state.title(env) == "Cafés · 8,412 within 2 km · by distance")
        _ = state.apply(.counted(9, generation: 0), in: env)
        #expect(state.total == 8_412)
    }
}
