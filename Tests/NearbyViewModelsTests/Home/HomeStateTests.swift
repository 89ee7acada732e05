import Foundation
import Testing
import NearbyCore
@testable import NearbyViewModels

/// Home's state as a value: each row is the events sent (the last one under test), the effects it returned
/// and what the state then reads. No view model, no tasks, no waiting.
@Suite("Home state")
struct HomeStateTests {
    typealias Effect = HomeEffect

    static let vaduz = HomeLocation(coordinate: Coordinate(latitude: 47.141, longitude: 9.521), name: "Vaduz")
    static let schaan = HomeLocation(coordinate: Coordinate(latitude: 47.165, longitude: 9.51), name: "Schaan")
    static let center = vaduz.coordinate
    static let radius = 2_000.0
    static let local = HomeEnvironment(isLive: false, hasFavourites: true, canLocate: true, hasRouter: false)
    static let live = HomeEnvironment(isLive: true, hasFavourites: true, canLocate: true, hasRouter: false)
    static let noTowns = HomeEnvironment(isLive: false, hasFavourites: false, canLocate: false, hasRouter: false)
    /// A local store that can say where here is (the app with a Regions screen).
    static let findsStart = HomeEnvironment(isLive: false, hasFavourites: true, canLocate: true, hasRouter: false,
                                            canFindStart: true)

    /// What `r` does on a loaded Home at `here`: a data change with a real place for here does the same.
    static func refreshes(at here: HomeLocation, in env: HomeEnvironment) -> [Effect] {
        var state = HomeState(here: here, radius: radius)
        _ = state.apply(.load, in: env)
        return state.apply(.refresh, in: env)
    }

    /// Every load of a local store's Home, in the order it starts them.
    static func loadsEverything(around center: Coordinate = center, favourites: Bool = true) -> [Effect] {
        var effects: [Effect] = [.publish(.header), .loadTotal(center: center, radius: radius),
                                 .publish(.categories), .loadCounts(center: center, radius: radius)]
        for category in Category.allCases {
            effects += [.publish(.places), .loadCategory(category, center: center, radius: radius)]
        }
        effects += [.publish(.friends), .loadFriends]
        if favourites { effects.append(.loadFavourites(nearestTo: center)) }
        return effects
    }

    /// What a row of the tables checks of the state.
    struct Reading: Equatable {
        var here: HomeLocation
        var radius: Double
        var started: Bool
        var totalLoading: Bool
        var failed: [HomeSectionID]
        var retryText: String?

        init(_ state: HomeState) {
            here = state.here
            radius = state.radius
            started = state.hasStarted
            totalLoading = state.total.isLoading
            failed = state.failedSections
            retryText = state.locationRetry?.text
        }

        init(here: HomeLocation = vaduz, radius: Double = HomeStateTests.radius, started: Bool, totalLoading: Bool,
             failed: [HomeSectionID] = [], retryText: String? = nil) {
            self.here = here
            self.radius = radius
            self.started = started
            self.totalLoading = totalLoading
            self.failed = failed
            self.retryText = retryText
        }
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var environment: HomeEnvironment
        var events: [HomeEvent]
        var effects: [Effect]
        var reading: Reading
        /// Where Home starts before the events.
        var start: HomeLocation = HomeStateTests.vaduz
        var testDescription: String { name }
    }

    static let down = PlacesError.network("down")
    static let vaduzTotal = HomeState.Total(within: PlaceCount(12), anywhere: true)

    static let rows: [Row] = [
        Row(name: "load starts every section of a local store at once",
            environment: local, events: [.load],
            effects: loadsEverything(),
            reading: Reading(started: true, totalLoading: true)),
        Row(name: "load twice: the second does nothing",
            environment: local, events: [.load, .load], effects: [],
            reading: Reading(started: true, totalLoading: true)),
        Row(name: "without a favourites store, no favourites are loaded",
            environment: noTowns, events: [.load],
            effects: loadsEverything(favourites: false),
            reading: Reading(started: true, totalLoading: true)),
        Row(name: "on a live source, r asks for the area once before loading",
            environment: live, events: [.load, .refresh],
            effects: [.publish([.header, .categories, .places]), .refreshArea(center: center, radius: radius)],
            reading: Reading(started: true, totalLoading: true)),
        Row(name: "a failed refresh of the area says so and loads from what is held",
            environment: live, events: [.refresh, .areaRefreshed(down)],
            effects: [.say(.error("Could not refresh: " + HomeText.placesFailure(down)))] + loadsEverything(),
            reading: Reading(started: true, totalLoading: true)),
        Row(name: "the total arrives: the header and the places are built again",
            environment: local, events: [.load, .totalLoaded(.success(vaduzTotal))],
            effects: [.publish([.header, .places])],
            reading: Reading(started: true, totalLoading: false)),
        Row(name: "a failed section is retried alone on a local store",
            environment: local, events: [.load, .totalLoaded(.failure(down)), .retryFailed],
            effects: [.publish(.header), .loadTotal(center: center, radius: radius)],
            reading: Reading(started: true, totalLoading: true, failed: [.count])),
        Row(name: "a failed places section on a live source asks for the area again",
            environment: live, events: [.load, .feedLoaded(.cafe, .failure(down)), .retry(.category(.cafe))],
            effects: [.publish([.header, .categories, .places]), .refreshArea(center: center, radius: radius)],
            reading: Reading(started: true, totalLoading: true, failed: [.category(.cafe)])),
        Row(name: "a GPS move before load only moves where Home will look",
            environment: local, events: [.hereMoved(schaan.coordinate)],
            effects: [.publish(.header)],
            reading: Reading(here: HomeLocation(coordinate: schaan.coordinate), started: false, totalLoading: false)),
        Row(name: "a GPS move after load loads everything around the new place",
            environment: local, events: [.load, .hereMoved(schaan.coordinate)],
            effects: [.publish(.header)] + loadsEverything(around: schaan.coordinate),
            reading: Reading(here: HomeLocation(coordinate: schaan.coordinate), started: true, totalLoading: true)),
        Row(name: "L with nothing typed does nothing",
            environment: local, events: [.moveTyped("   ")], effects: [],
            reading: Reading(started: false, totalLoading: false)),
        Row(name: "L asks where the typed name is",
            environment: local, events: [.moveTyped(" Schaan ")],
            effects: [.publish(.locationRetry), .locate("Schaan", typed: " Schaan ")],
            reading: Reading(started: false, totalLoading: false)),
        Row(name: "L without the store's towns says how to move instead",
            environment: noTowns, events: [.moveTyped("Schaan")],
            effects: [.publish(.locationRetry),
                      .say(.error("Moving needs the local store's towns; start with --near instead."))],
            reading: Reading(started: false, totalLoading: false)),
        Row(name: "a name found moves here, remembers it and loads around it",
            environment: local, events: [.load, .moveTyped("Schaan"),
                                         .located(.found(name: "Schaan", coordinate: schaan.coordinate), typed: "Schaan")],
            effects: [.adoptZone(of: schaan.coordinate), .remember(schaan),
                      .say(.info("Now around \(HomeText.location(schaan))")), .publish(.header)]
                + loadsEverything(around: schaan.coordinate),
            reading: Reading(here: schaan, started: true, totalLoading: true)),
        Row(name: "a name not found keeps here and what was typed, to be mended",
            environment: local, events: [.moveTyped("Schan"), .located(.unknown, typed: "Schan")],
            effects: [.say(.error(HomeText.locationProblem(.unknown, for: "Schan"))), .publish(.locationRetry)],
            reading: Reading(started: false, totalLoading: false, retryText: "Schan")),
        Row(name: "an invalid place is not moved to",
            environment: local, events: [.moveChosen(HomeLocation(coordinate: Coordinate(latitude: 123, longitude: 0)))],
            effects: [.publish(.locationRetry)],
            reading: Reading(started: false, totalLoading: false)),
        Row(name: "a list's radius widened is Home's on return",
            environment: local, events: [.load, .radiusAdopted(5_000)],
            effects: loadsEverything().map { effect in
                switch effect {
                case .loadTotal(let c, _): .loadTotal(center: c, radius: 5_000)
                case .loadCounts(let c, _): .loadCounts(center: c, radius: 5_000)
                case .loadCategory(let category, let c, _): .loadCategory(category, center: c, radius: 5_000)
                default: effect
                }
            },
            reading: Reading(radius: 5_000, started: true, totalLoading: true)),
        Row(name: "the same radius again changes nothing",
            environment: local, events: [.load, .radiusAdopted(radius)], effects: [],
            reading: Reading(started: true, totalLoading: true)),
        Row(name: "a favourite changed elsewhere before load is left for the load",
            environment: local, events: [.favouritesChanged], effects: [],
            reading: Reading(started: false, totalLoading: false)),
        Row(name: "the first region in a store that started nowhere: Home asks the data where here is",
            environment: findsStart, events: [.load, .dataChanged], effects: [.findStart],
            reading: Reading(here: .unknown, started: true, totalLoading: true), start: .unknown),
        Row(name: "the data's start found: Home moves there, remembers it and loads around it",
            environment: findsStart, events: [.load, .dataChanged, .startFound(vaduz)],
            effects: [.adoptZone(of: center), .remember(vaduz), .say(.info("Now around \(HomeText.location(vaduz))")),
                      .publish(.header)] + loadsEverything(),
            reading: Reading(started: true, totalLoading: true), start: .unknown),
        Row(name: "no start in the data (the region went again): Home stays nowhere and loads again",
            environment: findsStart, events: [.load, .dataChanged, .startFound(nil)],
            effects: refreshes(at: .unknown, in: findsStart),
            reading: Reading(here: .unknown, started: true, totalLoading: true), start: .unknown),
        Row(name: "a data change where here is a real place loads again, as r does",
            environment: findsStart, events: [.load, .dataChanged], effects: refreshes(at: vaduz, in: findsStart),
            reading: Reading(started: true, totalLoading: true)),
        Row(name: "a start found after here moved (L) is not taken",
            environment: findsStart, events: [.load, .dataChanged, .moveChosen(schaan), .startFound(vaduz)],
            effects: refreshes(at: schaan, in: findsStart),
            reading: Reading(here: schaan, started: true, totalLoading: true), start: .unknown),
        Row(name: "without a way to ask the data, a data change loads again where Home is",
            environment: local, events: [.load, .dataChanged], effects: refreshes(at: .unknown, in: local),
            reading: Reading(here: .unknown, started: true, totalLoading: true), start: .unknown),
        Row(name: "once closed, answers are dropped",
            environment: local, events: [.load, .closed, .totalLoaded(.failure(down))], effects: [],
            reading: Reading(started: true, totalLoading: true)),
    ]

    @Test("event → effects and state", arguments: rows)
    func table(_ row: Row) {
        var state = HomeState(here: row.start, radius: Self.radius)
        var effects: [Effect] = []
        for event in row.events { effects = state.apply(event, in: row.environment) }
        #expect(effects == row.effects)
        #expect(Reading(state) == row.reading)
    }

    @Test("walks are asked for once every section has answered, once per place, and dropped after a move")
    func walks() {
        let env = HomeEnvironment(isLive: false, hasFavourites: false, canLocate: true, hasRouter: true)
        var state = HomeState(here: Self.vaduz, radius: Self.radius)
        let place = PlacesSamples.place("w1", "Walk Café", north: 100)
        let hit = PlaceHit(place: place, distance: 100, bearing: 0)
        _ = state.apply(.load, in: env)
        #expect(state.apply(.placesShown([hit]), in: env).isEmpty, "sections still loading")
        for category in Category.allCases {
            _ = state.apply(.feedLoaded(category, .success(HomeState.Feed(candidates: [], attributions: []))), in: env)
        }
        #expect(state.apply(.placesShown([hit, hit]), in: env) == [.walks([hit], here: Self.center)])
        #expect(state.apply(.placesShown([hit]), in: env).isEmpty, "the search under way covers it")
        let elsewhere = state.apply(.walksArrived(.success([nil]), for: [hit], here: Self.schaan.coordinate), in: env)
        #expect(elsewhere.isEmpty)
        #expect(state.apply(.walksArrived(.success([nil]), for: [hit], here: Self.center), in: env) == [.publish(.places)])
        #expect(state.walking.text(for: hit.id, pace: .standard) == WalkingTimes.noPath)
    }
}
