import Foundation
import NearbyCore
import NearbyViewModels
import Testing
import TerminalView
import TerminalTestSupport
@testable import NearbyScreens

/// Every screen: each key its help lists acts, and keys it does not list do nothing.
@MainActor
@Suite(.serialized)
final class KeyWalkTests {
    private let folder = DemoApp.makeFolder()
    /// Letters bound nowhere on any screen: they must do nothing.
    private let unboundLetters: [Key] = ["b", "c", "i", "o", "p", "t", "u", "w", "x", "z"].map { .character($0) }

    deinit { DemoApp.removeFolder(folder) }

    /// Walks a view on a stub list, a fresh one for every key, with row `index` selected.
    private func walkList<Model: RecordingListModel>(_ makeModel: @escaping () -> Model, selecting index: Int,
                                                     unbound: [Key], keyTable: KeyTable = .standard,
                                                     sourceLocation: SourceLocation = #_sourceLocation,
                                                     view: @escaping @MainActor (Model, ScreenHost) -> ScreenView)
        async throws {
        try await KeyWalk.expectHelpListsExactlyTheKeysThatWork(open: {
            let model = makeModel()
            let (runner, coordinator) = StubApp.make(keyTable: keyTable) { view(model, $0) }
            model.select(index)
            runner.renderIfNeeded()
            return WalkedApp(runner: runner, coordinator: coordinator, probe: { model.calls })
        }, unbound: unbound, sourceLocation: sourceLocation)
    }

    @Test func friendsList() async throws {
        try await walkList({ StubFriendsList(count: 100_000) }, selecting: 50_000,
                           unbound: unboundLetters + [.escape, .backspace]) {
            FriendsListView(model: $0, isRoot: true, host: $1)
        }
    }

    @Test func friendsListAboveAnotherScreen() async throws {
        try await walkList({ StubFriendsList(count: 20).failing(row: 3) }, selecting: 3, unbound: unboundLetters) {
            FriendsListView(model: $0, isRoot: false, host: $1)
        }
    }

    @Test func placesList() async throws {
        try await walkList({ StubPlacesList(count: 100_000) }, selecting: 50_000, unbound: unboundLetters) {
            PlacesListView(model: $0, isRoot: false, host: $1)
        }
    }

    /// Keys rebound in the config file: the help lists them and they act; the keys they replaced do nothing,
    /// on the screen and everywhere (help).
    @Test func placesListWithReboundKeys() async throws {
        let table = try KeyTable(rebinding: [
            KeyBindingLine(name: "move_down", keys: ["J", "ctrl-n"], origin: "config.toml line 2"),
            KeyBindingLine(name: "places.sort", keys: ["o"], origin: "config.toml line 3"),
            KeyBindingLine(name: "help", keys: ["H"], origin: "config.toml line 4"),
            KeyBindingLine(name: "back", keys: ["esc", "backspace"], origin: "config.toml line 5"),
        ])
        try await walkList({ StubPlacesList(count: 100) }, selecting: 50, unbound: [
            .character("j"), .character("s"), .character("?"), .character("q"), .character("h"), .left,
            .character("b"), .character("z"), .down,
        ], keyTable: table) {
            PlacesListView(model: $0, isRoot: false, host: $1)
        }
    }

    /// The first screen: only q leaves; Esc, Backspace, ← and h do nothing.
    @Test func placesListAsTheFirstScreen() async throws {
        try await walkList({ StubPlacesList(count: 100) }, selecting: 50,
                           unbound: unboundLetters + [.escape, .backspace, .left, .character("h"), .character("n")]) {
            PlacesListView(model: $0, isRoot: true, host: $1)
        }
    }

    /// With a filter set: the way back clears it first, and n N look for it.
    @Test func placesListWithAFilter() async throws {
        for isRoot in [false, true] {
            try await walkList({ () -> StubPlacesList in
                let model = StubPlacesList(count: 100)
                model.setFilter("place 1")
                return model
            }, selecting: 50, unbound: unboundLetters + (isRoot ? [.backspace, .left, .character("h")] : [])) {
                PlacesListView(model: $0, isRoot: isRoot, host: $1)
            }
        }
    }

    /// On an error row: r retries, and nothing opens it.
    @Test func placesListOnAnErrorRow() async throws {
        try await walkList({ StubPlacesList(count: 20).failing(row: 5) }, selecting: 5,
                           unbound: unboundLetters + [.enter, .right, .character("l")]) {
            PlacesListView(model: $0, isRoot: false, host: $1)
        }
    }

    /// Favourites has the list keys and no places-list actions of its own.
    @Test func favourites() async throws {
        try await walkList({ StubPlacesList(count: 30) }, selecting: 15,
                           unbound: unboundLetters + ["f", "s", "v", "+", "-", "n"].map { .character($0) }) {
            FavouritesView(model: $0, isRoot: false, host: $1)
        }
    }

    @Test func home() async throws {
        try await KeyWalk.expectHelpListsExactlyTheKeysThatWork(open: {
            let app = try await DemoApp(folder: folder)
            // The second category chip: items above and below, chips either side.
            await app.press(.down, .right)
            return WalkedApp(runner: app.runner, coordinator: app.coordinator)
        }, settle: DemoApp.settle, unbound: unboundLetters + [.escape, .backspace])
    }

    /// On a place row ← → do nothing, so they are not offered.
    @Test func homeOnAPlaceRow() async throws {
        try await KeyWalk.expectHelpListsExactlyTheKeysThatWork(open: {
            let app = try await DemoApp(folder: folder)
            await app.press(.down, .down, .down)
            return WalkedApp(runner: app.runner, coordinator: app.coordinator)
        }, settle: DemoApp.settle, unbound: unboundLetters + [.escape, .backspace, .left, .right, .character("h")])
    }

    @Test func placeDetailScrollsAndMeets() async throws {
        try await KeyWalk.expectHelpListsExactlyTheKeysThatWork(open: {
            let app = try await DemoApp(folder: folder, size: Size(width: 60, height: 20))
            await app.press(.down, .enter, .enter)
            await app.press(.character("m"))
            await app.press(.down)
            return WalkedApp(runner: app.runner, coordinator: app.coordinator)
            // p copies the place's phone here: the help lists it and the walk presses it.
        }, settle: DemoApp.settle, unbound: unboundLetters.filter { $0 != .character("p") })
    }

    @Test func friendDetail() async throws {
        try await KeyWalk.expectHelpListsExactlyTheKeysThatWork(open: {
            // Seven lines in five rows: scrolled one down, every way has room.
            let app = try await friendsApp(size: Size(width: 40, height: 8))
            app.runner.press(.enter)
            await DemoApp.settle(app.coordinator)
            app.runner.press(.down)
            return app
        }, settle: DemoApp.settle, unbound: unboundLetters)
    }

    @Test func friendForm() async throws {
        try await KeyWalk.expectHelpListsExactlyTheKeysThatWork(open: {
            let app = try await friendsApp()
            app.runner.press(.character("e"))
            // The cursor in the middle of a name, so every editing key has something to do.
            app.runner.press(.left, .left)
            return app
        }, settle: DemoApp.settle)
    }

    @Test func deleteQuestion() async throws {
        try await KeyWalk.expectHelpListsExactlyTheKeysThatWork(open: {
            let app = try await friendsApp()
            app.runner.press(.character("d"))
            return app
        }, settle: DemoApp.settle, unbound: unboundLetters + [.enter, .down, .character("a")])
    }

    private func friendsApp(size: Size = Size(width: 80, height: 24)) async throws -> WalkedApp {
        let repository = InMemoryFriends(Fixture.friends)
        let navigator = Navigator()
        let context = FriendsContext(repository: repository, navigator: navigator,
                                     here: Coordinate(latitude: 47.141, longitude: 9.5209),
                                     distanceText: { _, _ in "900 m N" }, timeZone: DemoApp.utc)
        let list = FriendsListViewModel(context: context)
        let coordinator = AppCoordinator(navigator: navigator, root: .friendsList(list),
                                         makeFriendsList: { .friendsList(FriendsListViewModel(context: context)) })
        let runner = HeadlessRunner(app: coordinator, size: size)
        await list.idle()
        runner.renderIfNeeded()
        return WalkedApp(runner: runner, coordinator: coordinator)
    }
}

/// The Regions screen and the download index it opens.
@MainActor
@Suite(.serialized)
struct RegionsKeyWalkTests {
    private let unboundLetters: [Key] = ["b", "c", "i", "o", "p", "t", "w", "x", "z"].map { .character($0) }

    /// Regions with its own navigator, so `a` opens the index; `failing` makes a row whose update fails.
    private func regionsApp(failing: String? = nil, selecting index: Int = 0) async -> WalkedApp {
        let navigator = Navigator()
        let tasks = RegionTasks(service: StubRegions(names: ["liechtenstein", "andorra", "monaco"], failing: failing))
        let model = RegionsViewModel(tasks: tasks, navigator: navigator, clock: { Date(timeIntervalSince1970: 1_000_000_000) })
        let coordinator = AppCoordinator(navigator: navigator, root: .regions(model), makeFriendsList: {
            .friendsList(FriendsListViewModel(context: FriendsContext(repository: InMemoryFriends([]), navigator: Navigator())))
        })
        let runner = HeadlessRunner(app: coordinator, size: Size(width: 100, height: 16))
        await model.idle()
        runner.renderIfNeeded()
        for _ in 0..<index { runner.press(.down) }
        if failing != nil {
            runner.press(.character("u"))
            await model.idle()
        }
        runner.renderIfNeeded()
        return WalkedApp(runner: runner, coordinator: coordinator)
    }

    @Test func regions() async throws {
        try await KeyWalk.expectHelpListsExactlyTheKeysThatWork(open: { await regionsApp(selecting: 1) },
                                                                settle: DemoApp.settle, unbound: unboundLetters)
    }

    /// On a row whose update failed, r retries it (elsewhere r reads the regions again).
    @Test func regionsOnAFailedRow() async throws {
        try await KeyWalk.expectHelpListsExactlyTheKeysThatWork(open: { await regionsApp(failing: "andorra", selecting: 1) },
                                                                settle: DemoApp.settle, unbound: unboundLetters)
    }

    /// The index opens with its filter line: typed letters filter, the help's keys act.
    @Test func regionIndex() async throws {
        try await KeyWalk.expectHelpListsExactlyTheKeysThatWork(open: {
            let app = await regionsApp()
            app.runner.press(.character("a"))
            await DemoApp.settle(app.coordinator)
            // The filter line is open: Enter keeps it, so the list's own keys act.
            app.runner.press(.enter)
            await DemoApp.settle(app.coordinator)
            app.runner.press(.down)
            app.runner.renderIfNeeded()
            return app
        }, settle: DemoApp.settle)
    }
}
