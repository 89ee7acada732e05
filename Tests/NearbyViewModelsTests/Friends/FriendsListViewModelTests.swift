import Foundation
import Testing
import NearbyCore
@testable import NearbyViewModels

@MainActor
struct FriendsListViewModelTests {
    let repository: FakeFriendsRepository
    let navigator = Navigator()
    let list: FriendsListViewModel

    init(friends: [Friend] = SampleFriends.all) {
        repository = FakeFriendsRepository(friends: friends)
        list = FriendsListViewModel(context: FriendsContext(repository: repository, navigator: navigator))
    }

    init() {
        self.init(friends: SampleFriends.all)
    }

    private func friendRow(_ index: Int) -> FriendRowModel? {
        if case .friend(let row) = list.row(at: index) { return row }
        return nil
    }

    private func names() -> [String] {
        (0..<list.rowCount).compactMap { friendRow($0)?.name }
    }

    @Test func showsLoadingRowAndSpinnerUntilFriendsArrive() async {
        await repository.hold(.page)
        list.load()
        #expect(list.rowCount == 1)
        #expect(list.row(at: 0) == .loading("Loading friends…"))
        #expect(list.isLoading.value)
        #expect(list.title.value == "Friends")

        await repository.release(.page)
        await list.idle()
        #expect(!list.isLoading.value)
        #expect(list.rowCount == 3)
        #expect(list.title.value == "Friends · 3")
        #expect(list.row(at: 0) == .friend(FriendRowModel(id: 1, name: "Anna Beck", phone: "+423 555 0101")))
        #expect(names() == ["Anna Beck", "Bob Cole", "José Díaz"])
    }

    @Test(arguments: [
        (FriendsError.unauthorized, "The friends service refused the token: set it with --friends-token, NEARBY_FRIENDS_TOKEN or friends_token in the config file."),
        (.notFound, "The friends service has no friends list at this address (HTTP 404): check --friends-url."),
        (.network("Could not connect to the friends service at http://127.0.0.1:1; is it running?"),
         "Loading failed: Could not connect to the friends service at http://127.0.0.1:1; is it running?"),
        (.storage("disk I/O error"), "Could not read your friends: disk I/O error."),
    ])
    func errorRowSaysWhatWentWrongForThisScreen(error: FriendsError, message: String) async {
        await repository.fail(.page, with: error)
        list.load()
        await list.idle()
        #expect(list.rowCount == 1)
        #expect(list.row(at: 0) == .error(message))
        #expect(!list.isLoading.value)
        #expect(list.title.value == "Friends")
    }

    @Test func errorRowsCannotBeOpenedEditedOrDeleted() async {
        await repository.fail(.page, with: .network("down"))
        list.load()
        await list.idle()
        list.open(at: 0)
        list.edit(at: 0)
        list.requestDelete(at: 0)
        #expect(navigator.recorded.isEmpty)
        #expect(list.confirmation.value == nil)
    }

    @Test func storageMessagesCannotCarryEscapeSequences() async {
        await repository.fail(.page, with: .storage("bad\u{1B}[2J\nthing"))
        list.load()
        await list.idle()
        guard case .error(let message) = list.row(at: 0) else {
            Issue.record("expected an error row")
            return
        }
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 })
        #expect(message == "Could not read your friends: bad\u{FFFD}[2J thing.")
    }

    @Test func retryAfterAnErrorLoadsTheFriends() async {
        await repository.fail(.page, with: .network("down"))
        list.load()
        await list.idle()
        await repository.fail(.page, with: nil)
        await repository.hold(.page)
        list.retry()
        #expect(list.row(at: 0) == .loading("Loading friends…"))
        #expect(list.isLoading.value)
        await repository.release(.page)
        await list.idle()
        #expect(names() == ["Anna Beck", "Bob Cole", "José Díaz"])
    }

    @Test func emptyListSaysHowToAddOne() async {
        await repository.setFriends([])
        list.load()
        await list.idle()
        #expect(list.rowCount == 1)
        #expect(list.row(at: 0) == .empty("You have no friends yet", suggestsAdding: true))
        #expect(list.title.value == "Friends · 0")
    }

    @Test func filterIsPassedOnAndTitledAndCanMatchNothing() async {
        list.load()
        await list.idle()
        list.select(2)
        list.setFilter("jose")
        await list.idle()
        #expect(names() == ["José Díaz"])
        #expect(list.title.value == "Friends · 1 matching “jose”")
        #expect(list.selection.value == 0)
        #expect(await repository.pageCalls.last?.filter == "jose")

        list.setFilter("zz")
        await list.idle()
        #expect(list.row(at: 0) == .empty("No friends match “zz”", suggestsAdding: false))

        list.setFilter("")
        await list.idle()
        #expect(list.rowCount == 3)
        #expect(list.title.value == "Friends · 3")
        #expect(await repository.pageCalls.last?.filter == nil)
    }

    @Test func keepsShowingRowsWhileANewFilterLoads() async {
        list.load()
        await list.idle()
        await repository.hold(.page)
        list.setFilter("Beck")
        #expect(list.isLoading.value)
        #expect(list.rowCount == 3)
        await repository.release(.page)
        await list.idle()
        #expect(names() == ["Anna Beck"])
    }

    @Test func staleFilterResultIsDroppedWhenTheNewerFinishedFirst() async {
        list.load()
        await list.idle()
        await repository.hold(.page)
        list.setFilter("b")
        list.setFilter("bo")
        await repository.releasePage(filter: "bo")
        await list.idle()
        #expect(names() == ["Bob Cole"])
        let revision = list.rowsRevision.value

        // The older request ("b" would match Anna Beck and Bob Cole) comes back late.
        await repository.releasePage(filter: "b")
        await list.drained()
        #expect(names() == ["Bob Cole"])
        #expect(list.title.value == "Friends · 1 matching “bo”")
        #expect(list.rowsRevision.value == revision)
        #expect(!list.isLoading.value)
    }

    @Test func typingTheSameFilterAgainDoesNotRefetch() async {
        list.load()
        await list.idle()
        list.setFilter("bob")
        await list.idle()
        let calls = await repository.pageCalls.count
        list.setFilter("bob ")
        await list.idle()
        #expect(await repository.pageCalls.count == calls)
        #expect(list.filter.value == "bob ")
    }

    @Test func distanceShowsOnlyWhenBothLocationsAreKnown() async {
        let here = Coordinate(latitude: 47.14, longitude: 9.52)
        let context = FriendsContext(repository: repository, navigator: navigator, here: here,
                                     distanceText: { from, to in
                                         from == here && to == SampleFriends.anna.coordinate ? "1.1 km N" : "?"
                                     })
        let list = FriendsListViewModel(context: context)
        list.load()
        await list.idle()
        #expect(list.row(at: 0) == .friend(FriendRowModel(id: 1, name: "Anna Beck", phone: "+423 555 0101",
                                                           distance: "1.1 km N")))
        guard case .friend(let bob) = list.row(at: 1) else {
            Issue.record("expected Bob's row")
            return
        }
        #expect(bob.distance == nil)
    }

    @Test func hostileNamesAreDrawnWithoutControlCharacters() async {
        await repository.setFriends([Friend(id: 9, firstName: "Eve\u{1B}]0;owned\u{07}", lastName: "X",
                                            phoneNumber: "1\n2")])
        list.load()
        await list.idle()
        #expect(friendRow(0) == FriendRowModel(id: 9, name: "Eve\u{FFFD}]0;owned\u{FFFD} X", phone: "1 2"))
    }

    @Test func deleteAsksThenShowsSpinnerThenRemovesTheRow() async {
        list.load()
        await list.idle()
        list.select(2)
        list.requestDelete(at: 1)
        #expect(list.confirmation.value == ConfirmationRequest(
            title: "Delete Bob Cole?", detail: "This cannot be undone.", confirmLabel: "Delete",
            cancelLabel: "Cancel", isDestructive: true))
        #expect(await repository.deletedIDs.isEmpty)

        await repository.hold(.delete)
        list.confirmDelete()
        #expect(list.confirmation.value == nil)
        #expect(friendRow(1)?.isDeleting == true)
        #expect(friendRow(0)?.isDeleting == false)

        let pageCalls = await repository.pageCalls.count
        await repository.release(.delete)
        await list.idle()
        #expect(names() == ["Anna Beck", "José Díaz"])
        #expect(list.title.value == "Friends · 2")
        #expect(list.status.value == .info("Deleted Bob Cole"))
        #expect(list.selection.value == 1)
        #expect(await repository.deletedIDs == [2])
        // The row went away in place, without fetching the list again.
        #expect(await repository.pageCalls.count == pageCalls)
    }

    @Test(arguments: [
        (FriendsError.network("reset"), "Deleting failed: reset."),
        (.unauthorized, "Could not delete Bob Cole: the friends service refused the token (set it with --friends-token, NEARBY_FRIENDS_TOKEN or friends_token in the config file)."),
        (.storage("locked"), "Could not delete Bob Cole: locked."),
    ])
    func failedDeleteKeepsTheFriendAndSaysWhy(error: FriendsError, message: String) async {
        list.load()
        await list.idle()
        await repository.fail(.delete, with: error)
        list.requestDelete(at: 1)
        list.confirmDelete()
        await list.idle()
        #expect(names() == ["Anna Beck", "Bob Cole", "José Díaz"])
        #expect(friendRow(1)?.isDeleting == false)
        #expect(list.status.value == .error(message))
        list.dismissStatus()
        #expect(list.status.value == nil)
    }

    @Test func aFriendDeletedElsewhereIsGoneNotAnError() async {
        list.load()
        await list.idle()
        await repository.fail(.delete, with: .notFound)
        list.requestDelete(at: 1)
        list.confirmDelete()
        await list.idle()
        #expect(names() == ["Anna Beck", "José Díaz"])
        #expect(list.status.value == .info("Bob Cole was already deleted elsewhere."))
    }

    @Test func cancelledDeleteDoesNothing() async {
        list.load()
        await list.idle()
        list.requestDelete(at: 0)
        list.cancelDelete()
        #expect(list.confirmation.value == nil)
        list.confirmDelete()
        await list.idle()
        #expect(await repository.deletedIDs.isEmpty)
        #expect(list.rowCount == 3)
    }

    @Test func deletingTheLastFriendLeavesTheEmptyRow() async {
        await repository.setFriends([SampleFriends.anna])
        list.load()
        await list.idle()
        list.requestDelete(at: 0)
        list.confirmDelete()
        await list.idle()
        #expect(list.row(at: 0) == .empty("You have no friends yet", suggestsAdding: true))
    }

    @Test func intentsBecomeNavigation() async {
        list.load()
        await list.idle()
        list.open(at: 1)
        list.add()
        list.edit(at: 2)
        let intents = navigator.recorded
        #expect(intents.count == 3)
        #expect(intents[0].pushedDetail?.friend == SampleFriends.bob)
        #expect(intents[1].pushedForm?.mode == .add)
        #expect(intents[2].pushedForm?.mode == .edit(SampleFriends.jose))
    }

    @Test func openingOutsideTheRowsDoesNothing() async {
        list.load()
        await list.idle()
        list.open(at: 7)
        list.open(at: -1)
        #expect(navigator.recorded.isEmpty)
    }

    @Test func refreshKeepsTheRowsUntilTheNewOnesArrive() async {
        list.load()
        await list.idle()
        await repository.setFriends(SampleFriends.all + [Friend(id: 4, firstName: "Dora", lastName: "Eck",
                                                                phoneNumber: "555 0104")])
        await repository.hold(.page)
        list.refresh()
        #expect(list.isLoading.value)
        #expect(list.rowCount == 3)
        await repository.release(.page)
        await list.idle()
        #expect(list.rowCount == 4)
        #expect(!list.isLoading.value)
    }

    @Test func failedRefreshShowsTheErrorRowThenRetryBringsTheRowsBack() async {
        list.load()
        await list.idle()
        await repository.fail(.page, with: .unauthorized)
        list.refresh()
        await list.idle()
        #expect(list.rowCount == 1)
        #expect(list.row(at: 0) == .error("The friends service refused the token: set it with --friends-token, NEARBY_FRIENDS_TOKEN or friends_token in the config file."))
        await repository.fail(.page, with: nil)
        list.retry()
        await list.idle()
        #expect(names() == ["Anna Beck", "Bob Cole", "José Díaz"])
    }

    @Test func resultsAfterCloseAreDropped() async {
        await repository.hold(.page)
        list.load()
        let revision = list.rowsRevision.value
        list.close()
        #expect(!list.isLoading.value)
        await repository.release(.page)
        await list.drained()
        #expect(list.row(at: 0) == .loading("Loading friends…"))
        #expect(list.rowsRevision.value == revision)
        #expect(list.title.value == "Friends")

        list.refresh()
        list.setFilter("x")
        await list.idle()
        #expect(await repository.pageCalls.count == 1)
    }

    @Test func deleteFinishingAfterCloseIsDropped() async {
        list.load()
        await list.idle()
        await repository.hold(.delete)
        list.requestDelete(at: 0)
        list.confirmDelete()
        list.close()
        await repository.release(.delete)
        await list.drained()
        #expect(list.status.value == nil)
        #expect(list.rowCount == 3)
    }

    @Test func savedFormAddsToTheListByFetchingOneWindow() async throws {
        list.load()
        await list.idle()
        list.add()
        let form = try #require(navigator.recorded.last?.pushedForm)
        form.firstName.setText("Dora")
        form.lastName.setText("Eck")
        form.phone.setText("555 0104")
        form.save()
        await form.idle()
        await list.idle()
        #expect(names() == ["Anna Beck", "Bob Cole", "José Díaz", "Dora Eck"])
        #expect(list.selection.value == 3, "the selection follows the new friend")
        #expect(list.status.value == .info("Added Dora Eck"))
        #expect(navigator.recorded.last?.isPop == true)
        let calls = await repository.pageCalls
        #expect(calls.count == 2)
        #expect(calls.allSatisfy { $0.limit == FriendsListViewModel.windowSize })
    }

    @Test func editedFriendShowsAtOnceAndTheWindowIsFetchedAgain() async throws {
        list.load()
        await list.idle()
        list.edit(at: 0)
        let form = try #require(navigator.recorded.last?.pushedForm)
        form.firstName.setText("Annabel")
        await repository.hold(.page)
        form.save()
        await form.idle()
        #expect(friendRow(0)?.name == "Annabel Beck")
        #expect(list.status.value == .info("Saved Annabel Beck"))
        await repository.release(.page)
        await list.idle()
        #expect(names() == ["Annabel Beck", "Bob Cole", "José Díaz"])
    }

    @Test func friendDeletedInTheDetailLeavesTheList() async throws {
        list.load()
        await list.idle()
        list.open(at: 2)
        let detail = try #require(navigator.recorded.last?.pushedDetail)
        detail.requestDelete()
        detail.confirmDelete()
        await detail.idle()
        await list.idle()
        #expect(names() == ["Anna Beck", "Bob Cole"])
        #expect(list.status.value == .info("Deleted José Díaz"))
        #expect(navigator.recorded.last?.isPop == true)
    }

    /// After adding, the selection is on the new friend wherever the list order puts them, found with a few
    /// window reads rather than the whole list.
    @Test func addedFriendIsSelectedWhereverItSorts() async throws {
        // Last names "Aaa", "Aab", … "Bml": one block in list order, so a new name can sort into its middle.
        func word(_ index: Int) -> String {
            let letters = Array("abcdefghijklmnopqrstuvwxyz")
            return String(letters[index / 676 % 26]).uppercased() + String(letters[index / 26 % 26])
                + String(letters[index % 26])
        }
        let friends = (0..<1_000).map { Friend(id: Friend.ID($0 + 1), firstName: "Person", lastName: word($0),
                                                phoneNumber: "+41 \($0)") }
        let repository = FakeFriendsRepository(friends: friends)
        let list = FriendsListViewModel(context: FriendsContext(repository: repository, navigator: navigator))
        list.load()
        await list.idle()
        for (first, last) in [("Zed", "Zulu"), ("Adam", "Aaaa"), ("Nina", "Baz")] {
            list.add()
            let form = try #require(navigator.recorded.last?.pushedForm)
            form.firstName.setText(first)
            form.lastName.setText(last)
            form.phone.setText("555 0199")
            let calls = await repository.pageCalls.count
            form.save()
            await form.idle()
            await list.idle()
            let selected = list.selection.value
            guard case .friend(let row) = list.row(at: selected) else {
                Issue.record("no friend row at the selection \(selected)")
                continue
            }
            #expect(row.name == "\(first) \(last)")
            #expect(await repository.pageCalls.count - calls <= 6, "a few windows read, not the list")
        }
        #expect(list.rowCount == 1_003)
    }

    @Test func renamedFriendStaysSelectedWhereTheNewNameSorts() async throws {
        list.load()
        await list.idle()
        list.select(0)
        list.edit(at: 0)
        let form = try #require(navigator.recorded.last?.pushedForm)
        form.lastName.setText("Zimmer")
        form.save()
        await form.idle()
        await list.idle()
        #expect(names() == ["Bob Cole", "José Díaz", "Anna Zimmer"])
        #expect(list.selection.value == 2)
    }
}
