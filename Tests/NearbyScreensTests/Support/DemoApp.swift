import Foundation
import NearbyCore
import NearbyData
import NearbyViewModels
import TerminalView
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

    /// - Parameter folder: where the town lives; the same folder is reused (the town is generated once).
    init(folder: URL, size: Size = Size(width: 80, height: 24), units: UnitSystem = .metric,
         start: Date = DemoApp.now) async throws {
        self.folder = folder
        let town = try await DemoTown.open(in: folder, places: 300)
        let store = LocalPlacesStore(database: town.database)
        let friends = LocalFriendsRepository(database: town.database)
        let navigator = Navigator()
        let clock = ManualClock(start)
        let now: @Sendable () -> Date = { clock.now }
        let places = PlacesContext(provider: store, favourites: store, friends: friends, navigator: navigator,
                                   here: town.center, units: units, timeZone: Self.utc, now: now)
        let friendsContext = FriendsContext(repository: friends, navigator: navigator, here: town.center,
                                            timeZone: Self.utc)
        var routes = HomeRoutes(placesList: HomeRoutes.placesList(context: places),
                                placeDetail: HomeRoutes.placeDetail(context: places),
                                friendDetail: HomeRoutes.friendDetail(context: friendsContext))
        routes.favourites = HomeRoutes.favourites(context: places)
        var homeContext = HomeContext(
            places: store, friends: friends, navigator: navigator,
            here: HomeLocation(coordinate: town.center, name: town.name), units: units, now: now, timeZone: Self.utc,
            routes: routes)
        // The store's gazetteer, as the app's `L` uses it.
        homeContext.locate = { text in
            guard let found = try? store.resolveNear(text) else { return .unknown }
            return .found(name: found.name ?? "", coordinate: found.coordinate)
        }
        let home = HomeViewModel(context: homeContext)
        coordinator = AppCoordinator(navigator: navigator, root: .home(home),
                                     makeFriendsList: { .friendsList(FriendsListViewModel(context: friendsContext)) })
        self.clock = clock
        runner = HeadlessRunner(app: coordinator, size: size, clock: clock)
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
