import Foundation
import NearbyCore
import NearbyViewModels
import Testing
import TerminalView
import TerminalTestSupport
@testable import NearbyScreens

@MainActor
struct FriendsScreensRenderTests {
    private func makeApp(_ friends: [Friend] = Fixture.friends, size: Size = Size(width: 80, height: 24),
                         configure: (InMemoryFriends) async -> Void = { _ in })
        async -> (HeadlessRunner, FriendsListViewModel, InMemoryFriends, AppCoordinator) {
        let repository = InMemoryFriends(friends)
        await configure(repository)
        let navigator = Navigator()
        let context = FriendsContext(repository: repository, navigator: navigator,
                                     here: Coordinate(latitude: 47.141, longitude: 9.5209),
                                     distanceText: { _, _ in "900 m N" }, timeZone: .utc)
        let list = FriendsListViewModel(context: context)
        let coordinator = AppCoordinator(navigator: navigator, root: .friendsList(list),
                                         makeFriendsList: { .friendsList(FriendsListViewModel(context: context)) })
        let runner = HeadlessRunner(app: coordinator, size: size)
        await list.idle()
        runner.renderIfNeeded()
        return (runner, list, repository, coordinator)
    }

    @Test func listAt80x24() async {
        let (runner, _, _, _) = await makeApp()
        expectSnapshot(runner.text(), named: "friends-list-80x24")
        // The hostile name is drawn with visible placeholders, never as an escape sequence.
        #expect(!runner.lastFrame.cells.contains { $0.text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 } })
        #expect(runner.lastFrame.styleRows(legend: [runner.theme.selection: "S"])[1].hasPrefix("SSSS"))
    }

    /// On a very wide terminal the phone stays beside the name (the name's column stops at the places list's
    /// limit), not 200 columns away.
    @Test func aVeryWideListKeepsThePhoneBesideTheName() async {
        let (runner, _, _, _) = await makeApp(size: Size(width: 250, height: 24))
        let row = runner.textRows().first { $0.contains("900 m N") } ?? ""
        let phone = row.firstIndex(of: "+").map { row.distance(from: row.startIndex, to: $0) } ?? 0
        #expect(phone > 0 && phone <= 2 + PlaceRowLayout.nameLimit, "\(row)")
    }

    @Test func listAt40x12() async {
        let (runner, _, _, _) = await makeApp(size: Size(width: 40, height: 12))
        expectSnapshot(runner.text(), named: "friends-list-40x12")
    }

    @Test func emptyAndErrorRows() async {
        let (empty, _, _, _) = await makeApp([])
        #expect(empty.textRows()[1].contains("You have no friends yet — a adds one"))
        let (failing, list, repository, _) = await makeApp { await $0.failListing(with: .unauthorized) }
        expectSnapshot(failing.text(), named: "friends-list-error-80x24")
        await repository.failListing(with: nil)
        failing.press(.character("r"))
        await list.idle()
        failing.renderIfNeeded()
        #expect(failing.text().contains("Anna Beck"))
    }

    @Test func detailAndFormAt80x24And40x12() async {
        for size in [Size(width: 80, height: 24), Size(width: 40, height: 12)] {
            let (runner, _, _, _) = await makeApp(size: size)
            runner.press(.enter) // Anna Beck, the first row
            expectSnapshot(runner.text(), named: "friend-detail-\(size)")
            runner.press(.character("e"))
            expectSnapshot(runner.text(), named: "friend-form-edit-\(size)")
            runner.press(.escape)
            runner.press(.escape)
            #expect(runner.textRows()[0].contains("Friends · 5"))
        }
    }

    @Test func addFormValidatesAsYouTypeAndSaves() async {
        let (runner, list, _, coordinator) = await makeApp()
        runner.press(.character("a"))
        runner.type("Zoë")
        runner.press(.tab)
        runner.press(.tab) // last name left empty: it is optional, so nothing is said
        runner.type("12")
        expectSnapshot(runner.text(), named: "friend-form-add-invalid-80x24")
        #expect(!runner.text().contains("ctrl-s save"))
        runner.press(.backTab)
        runner.type("Nguyễn")
        runner.press(.tab)
        runner.type("3 4567")
        #expect(runner.text().contains("ctrl-s save"))
        runner.press(.control("s"))
        if case .friendForm(let form) = coordinator.topModel { await form.idle() }
        await list.idle()
        runner.renderIfNeeded()
        #expect(runner.textRows()[0].contains("Friends · 6"))
        #expect(runner.text().contains("Zoë Nguyễn"))
    }

    @Test func deleteAsksThenRemovesOrKeepsOnFailure() async {
        let (runner, list, repository, _) = await makeApp()
        runner.press(.character("d"))
        expectSnapshot(runner.text(), named: "friends-delete-confirm-80x24")
        runner.press(.character("n"))
        #expect(!runner.text().contains("Confirm"))
        await repository.failDeleting(with: .network("offline"))
        runner.press(.character("d"), .character("y"))
        await list.idle()
        runner.renderIfNeeded()
        #expect(runner.text().contains("Anna Beck"))
        expectSnapshot(runner.text(), named: "friends-delete-failed-80x24")
        await repository.failDeleting(with: nil)
        runner.press(.character("d"), .character("y"))
        await list.idle()
        runner.renderIfNeeded()
        #expect(!runner.textRows().dropLast().contains { $0.contains("Anna Beck") })
        #expect(runner.textRows().last?.contains("Deleted Anna Beck") == true)
        #expect(runner.textRows()[0].contains("Friends · 4"))
    }

    @Test func filterHelpAndTooSmall() async {
        let (runner, list, _, _) = await makeApp()
        runner.press(.character("/"))
        runner.type("ANNA")
        await list.idle()
        runner.renderIfNeeded()
        let rows = runner.textRows()
        #expect(rows.contains { $0.contains("Anna Beck") })
        #expect(!rows.contains { $0.contains("Liam") })
        runner.press(.escape)
        await list.idle()
        runner.renderIfNeeded()
        #expect(runner.text().contains("Liam"))
        runner.press(.character("?"))
        expectSnapshot(runner.text(), named: "friends-help-80x24")
        runner.press(.escape)
        runner.resize(to: Size(width: 20, height: 5))
        #expect(runner.text().contains("Terminal too small"))
        runner.resize(to: Size(width: 80, height: 24))
        #expect(runner.text().contains("Anna Beck"))
    }

    @Test func downKeyRewritesOnlyTwoRows() async {
        let many = (1...500).map { Fixture.friend(Friend.ID($0), "Person", String(format: "Number%04d", $0), "+41 44 \($0)") }
        let (runner, list, _, _) = await makeApp(many, size: Size(width: 120, height: 40))
        await list.idle()
        runner.renderIfNeeded(force: true)
        runner.press(.down)
        // The old and the new selected row, and the status bar's position if any: never the whole screen.
        #expect(runner.terminal.lastCellsWritten <= 3 * 120)
        #expect(runner.terminal.lastCellsWritten > 0)
    }
}
