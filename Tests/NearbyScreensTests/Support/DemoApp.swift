import Foundation
import NearbyCore
import NearbyData
import NearbyViewModels
import TerminalView
import TerminalTestSupport
@testable import NearbyScreens

/// The whole app on a 300-place Demo town in a temporary folder, on a clock the test moves: Home at the root.
@MainActor
final class DemoApp {
    /// Wednesday 2026-11-18 10:00 UTC: some places open, some closed, some about to change.
    nonisolated static let now = Date(timeIntervalSince1970: 1_795_000_000 - 4_000)
    nonisolated static let utc = ZoneRules.utc

    let folder: URL
    let runner: HeadlessRunner
    let coordinator: AppCoordinator
    let clock: ManualClock
    /// The time `t` chooses, when the app was made with one.
    let evaluationTime: EvaluationTime?
    /// What the app's places screens are made with.
    let places: PlacesContext

    /// - Parameters:
    ///   - folder: where the town lives; the same folder is reused (the town is generated once).
    ///   - walking: walking times and routes (the demo town has no paths of its own).
    ///   - choosesTime: whether `t` works (the app's one evaluation time on the test's clock).
    ///   - glyphs: the marks the memory terminal shows (ASCII, as a console's).
    init(folder: URL, size: Size = Size(width: 80, height: 24), units: UnitSystem = .metric,
         start: Date = DemoApp.now, walking: (any WalkingRouter)? = nil, choosesTime: Bool = false,
         glyphs: GlyphSet = .unicode) async throws {
        self.folder = folder
        let town = try await DemoTown.open(in: folder, places: 300)
        let store = LocalPlacesStore(database: town.database)
        let friends = LocalFriendsRepository(database: town.database)
        let navigator = Navigator()
        let clock = ManualClock(start)
        let now: @Sendable () -> Date = { clock.now }
        let time = choosesTime ? EvaluationTime(clock: now, zone: Self.utc) : nil
        evaluationTime = time
        var places = PlacesContext(provider: store, favourites: store, friends: friends, navigator: navigator,
                                   here: town.center, units: units, timeZone: Self.utc, now: now,
                                   evaluationTime: time, walking: walking)
        places.favouriteChanges = FavouriteChanges()
        let friendsContext = FriendsContext(repository: friends, navigator: navigator, here: town.center,
                                            timeZone: Self.utc)
        let table = RouteTable(places: places, friends: friendsContext)
        navigator.screens = { table.screen(for: $0) }
        var homeContext = HomeContext(
            places: store, friends: friends, navigator: navigator,
            here: HomeLocation(coordinate: town.center, name: town.name), units: units, now: now, timeZone: Self.utc,
            evaluationTime: time)
        // The store's gazetteer, as the app's `L` uses it.
        homeContext.locate = { text in
            guard let found = try? store.resolveNear(text) else { return .unknown }
            return .found(name: found.name ?? "", coordinate: found.coordinate)
        }
        homeContext.walking = walking
        homeContext.favourites = store
        homeContext.favouriteChanges = places.favouriteChanges
        self.places = places
        let home = HomeViewModel(context: homeContext)
        coordinator = AppCoordinator(navigator: navigator, root: .home(home),
                                     makeFriendsList: { .friendsList(FriendsListViewModel(context: friendsContext)) },
                                     evaluationTime: time)
        self.clock = clock
        runner = HeadlessRunner(app: coordinator, size: size, glyphs: glyphs, clock: clock)
        // Home loads when first shown.
        runner.renderIfNeeded()
        await home.idle()
        runner.renderIfNeeded()
    }

    /// A new temporary folder for a town; remove it with `removeFolder`.
    nonisolated static func makeFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("nearby-render-\(UUID().uuidString)")
    }

    nonisolated static func removeFolder(_ folder: URL) {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Waits for the screen on top to finish its work, then draws.
    func settle() async {
        await Self.settle(coordinator)
        runner.renderIfNeeded()
    }

    static func settle(_ coordinator: AppCoordinator) async {
        switch coordinator.topModel {
        case .home(let vm): await vm.idle()
        case .placesList(let vm): await vm.idle()
        case .placeDetail(let vm): await vm.idle()
        case .friendsList(let vm): await vm.idle()
        case .friendDetail(let vm): await vm.idle()
        case .friendForm(let vm): await vm.idle()
        case .favourites(let vm): await vm.idle()
        case .regions(let vm): await vm.idle()
        case .regionIndex(let vm): await vm.idle()
        case nil: break
        }
    }

    /// Presses keys, then waits for the screen's work.
    func press(_ keys: Key...) async {
        for key in keys {
            runner.press(key)
            await settle()
        }
    }

    var text: String { runner.text() }
    var rows: [String] { runner.textRows() }
}
