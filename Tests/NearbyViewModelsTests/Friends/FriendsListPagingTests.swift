import Testing
import NearbyCore
@testable import NearbyViewModels

/// The list over 100,000 friends: windows of 200, placeholders filled in, never the whole list.
@MainActor
struct FriendsListPagingTests {
    let navigator = Navigator()

    private func makeList(_ repository: FakeFriendsRepository) -> FriendsListViewModel {
        FriendsListViewModel(context: FriendsContext(repository: repository, navigator: navigator))
    }

    private func name(_ list: FriendsListViewModel, _ index: Int) -> String? {
        if case .friend(let row) = list.row(at: index) { return row.name }
        return nil
    }

    @Test func hundredThousandFriendsAreCountedNotLoaded() async {
        let repository = FakeFriendsRepository(generated: 100_000)
        let list = makeList(repository)
        list.load()
        await list.idle()
        #expect(list.rowCount == 100_000)
        #expect(list.title.value == "Friends · 100,000")
        #expect(name(list, 0) == "Person N0")
        #expect(list.heldRowCount == 200)
        #expect(await repository.listCalls == 0)
        #expect(await repository.pageCalls == [.init(filter: nil, offset: 0, limit: 200)])
    }

    /// `row(at:)` is a lookup: only `show(rows:)` fetches, so drawing (which asks for rows) never loads.
    @Test func askingForEveryRowFetchesNothing() async {
        let repository = FakeFriendsRepository(generated: 5_000)
        let list = makeList(repository)
        list.load()
        await list.idle()
        let before = await repository.pageCalls.count
        for index in 0..<list.rowCount { _ = list.row(at: index) }
        await list.idle()
        #expect(await repository.pageCalls.count == before)
        #expect(!list.isLoading.value)
        #expect(list.row(at: 4_000) == .placeholder)
        list.show(rows: 3_990..<4_030)
        await list.idle()
        #expect(await repository.pageCalls.map(\.offset).contains(3_800), "the window of the rows shown")
        #expect(name(list, 4_000) == "Person N4000")
    }

    @Test func placeholdersAreFilledWhenTheirWindowArrives() async {
        let repository = FakeFriendsRepository(generated: 100_000)
        let list = makeList(repository)
        list.load()
        await list.idle()
        await repository.hold(.page)
        list.show(rows: 50_050..<50_090)
        #expect(list.row(at: 50_050) == .placeholder)
        #expect(list.isLoading.value)
        // Showing rows again while the window is on its way does not ask the store twice.
        list.show(rows: 50_060..<50_100)
        #expect(list.row(at: 50_060) == .placeholder)
        let revision = list.rowsRevision.value
        await repository.release(.page)
        await list.idle()
        #expect(await repository.pageCalls.count == 2)
        #expect(list.rowsRevision.value > revision)
        #expect(!list.isLoading.value)
        #expect(name(list, 50_050) == "Person N50050")
        #expect(await repository.pageCalls.last == .init(filter: nil, offset: 50_000, limit: 200))
    }

    @Test func nearingTheEndOfAWindowFetchesTheNextAhead() async {
        let repository = FakeFriendsRepository(generated: 1_000)
        let list = makeList(repository)
        list.load()
        await list.idle()
        list.show(rows: 100..<101)
        #expect(await repository.pageCalls.count == 1)
        list.show(rows: 160..<161)
        await list.idle()
        #expect(await repository.pageCalls.last == .init(filter: nil, offset: 200, limit: 200))
        #expect(name(list, 230) == "Person N230")
        // The window before is fetched too when the user scrolls up into the start of one.
        list.show(rows: 810..<811)
        await list.idle()
        let offsets = await repository.pageCalls.map(\.offset)
        #expect(offsets.contains(800))
        #expect(offsets.contains(600))
    }

    @Test func scrollingThroughEverythingKeepsOnlyAFewWindows() async {
        let repository = FakeFriendsRepository(generated: 100_000)
        let list = makeList(repository)
        list.load()
        await list.idle()
        for index in stride(from: 0, to: 100_000, by: 997) {
            list.show(rows: index..<(index + 1))
            await list.idle()
            #expect(name(list, index) == "Person N\(index)")
        }
        #expect(list.heldRowCount <= 1_400)
        let calls = await repository.pageCalls
        #expect(calls.allSatisfy { $0.limit == 200 })
        #expect(await repository.listCalls == 0)
    }

    @Test func aFailedWindowShowsErrorRowsUntilRetried() async {
        let repository = FakeFriendsRepository(generated: 1_000)
        let list = makeList(repository)
        list.load()
        await list.idle()
        await repository.fail(.page, with: .network("reset"))
        list.show(rows: 500..<501)
        await list.idle()
        let error = FriendsListRow.error("Loading failed: reset.")
        #expect(list.row(at: 500) == error)
        #expect(list.row(at: 599) == error)
        #expect(name(list, 5) == "Person N5")
        list.open(at: 500)
        #expect(navigator.recorded.isEmpty)

        await repository.fail(.page, with: nil)
        list.retry()
        await list.idle()
        #expect(name(list, 500) == "Person N500")
    }

    @Test func deletingShiftsTheRowsBelowUp() async throws {
        let friends = (0..<450).map(FakeFriendsRepository.generatedFriend)
        let repository = FakeFriendsRepository(friends: friends)
        let list = makeList(repository)
        list.load()
        await list.idle()
        list.show(rows: 190..<191)
        await list.idle()
        let before = name(list, 11)
        list.requestDelete(at: 10)
        list.confirmDelete()
        await list.idle()
        #expect(list.rowCount == 449)
        #expect(name(list, 10) == before)
        // Row 199 was row 200; whatever the cache holds, it reads the same as the store.
        list.show(rows: 199..<200)
        await list.idle()
        let stored = try await repository.friendsPage(filter: nil, offset: 199, limit: 1).friends.first
        #expect(name(list, 199) == stored?.fullName)
    }

    @Test func aListThatShrankBelowTheAnchorShowsItsEndOnRefresh() async {
        let repository = FakeFriendsRepository(friends: (0..<900).map(FakeFriendsRepository.generatedFriend))
        let list = makeList(repository)
        list.load()
        await list.idle()
        list.select(850)
        list.show(rows: 850..<851)
        await list.idle()
        await repository.setFriends((0..<300).map(FakeFriendsRepository.generatedFriend))
        list.refresh()
        await list.idle()
        #expect(list.rowCount == 300)
        #expect(list.selection.value == 299)
        #expect(name(list, 299) != nil)
    }

    @Test func aWindowFromAnOlderNumberingIsDropped() async throws {
        let repository = FakeFriendsRepository(friends: (0..<450).map(FakeFriendsRepository.generatedFriend))
        let list = makeList(repository)
        list.load()
        await list.idle()
        await repository.hold(.page)
        list.show(rows: 300..<301)            // window 1 on its way …
        await repository.waitUntilHeld(.page)
        await repository.stopHolding(.page)
        list.requestDelete(at: 0)        // … when a delete renumbers every row
        list.confirmDelete()
        await list.idle()
        await repository.release(.page)
        await list.drained()
        // The late window (old numbering) was dropped; showing the rows again fetches it anew.
        #expect(list.row(at: 300) == .placeholder)
        list.show(rows: 300..<301)
        await list.idle()
        let stored = try await repository.friendsPage(filter: nil, offset: 300, limit: 1).friends.first
        #expect(name(list, 300) == stored?.fullName)
    }
}
