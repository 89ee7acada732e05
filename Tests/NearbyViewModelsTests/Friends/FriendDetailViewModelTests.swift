import Foundation
import Testing
import NearbyCore
@testable import NearbyViewModels

@MainActor
struct FriendDetailViewModelTests {
    let repository = FakeFriendsRepository(friends: SampleFriends.all)
    let navigator = Navigator()
    var context: FriendsContext {
        FriendsContext(repository: repository, navigator: navigator, here: Coordinate(latitude: 47.14, longitude: 9.52),
                       distanceText: { _, _ in "1.1 km N" }, timeZone: .utc)
    }

    @Test func showsTheFriendsFieldsAsLines() {
        var anna = SampleFriends.anna
        anna.placeName = "Vaduz"
        anna.createdAt = Date(timeIntervalSince1970: 1_700_000_000)
        anna.updatedAt = Date(timeIntervalSince1970: 1_700_086_400)
        let detail = FriendDetailViewModel(friend: anna, context: context)
        #expect(detail.title.value == "Anna Beck")
        #expect(detail.content.value == .friend([
            FriendDetailLine(label: "Name", value: "Anna Beck"),
            FriendDetailLine(label: "Phone", value: "+423 555 0101"),
            FriendDetailLine(label: "E-mail", value: "anna@example.com"),
            FriendDetailLine(label: "Location", value: "Vaduz (47.15000, 9.52000)"),
            FriendDetailLine(label: "Distance", value: "1.1 km N"),
            FriendDetailLine(label: "Added", value: "2023-11-14 22:13"),
            FriendDetailLine(label: "Updated", value: "2023-11-15 22:13"),
        ]))
    }

    @Test func listsEveryNumberUnderTheMainOne() {
        var anna = SampleFriends.anna
        anna.otherPhones = ["0711/123456", "+1 555.123.4567 x12"]
        let detail = FriendDetailViewModel(friend: anna, context: context)
        guard case .friend(let lines) = detail.content.value else {
            Issue.record("expected lines")
            return
        }
        #expect(Array(lines[1...3]) == [
            FriendDetailLine(label: "Phone", value: "+423 555 0101"),
            FriendDetailLine(label: "", value: "0711/123456"),
            FriendDetailLine(label: "", value: "+1 555.123.4567 x12"),
        ])
    }

    @Test func leavesOutWhatTheFriendDoesNotHave() {
        let detail = FriendDetailViewModel(friend: SampleFriends.bob, context: context)
        guard case .friend(let lines) = detail.content.value else {
            Issue.record("expected lines")
            return
        }
        #expect(lines.map(\.label) == ["Name", "Phone", "Added", "Updated"])
    }

    @Test func fetchedByIDShowsLoadingThenTheFriend() async {
        let detail = FriendDetailViewModel(id: 3, context: context)
        await repository.hold(.friend)
        detail.load()
        #expect(detail.content.value == .loading("Loading friend…"))
        #expect(detail.isLoading.value)
        #expect(detail.title.value == "Friend")
        await repository.release(.friend)
        await detail.idle()
        #expect(!detail.isLoading.value)
        #expect(detail.title.value == "José Díaz")
        #expect(detail.friend == SampleFriends.jose)
    }

    @Test(arguments: [
        (FriendsError.unauthorized, "The friends service refused the token: set it with --friends-token, NEARBY_FRIENDS_TOKEN or friends_token in the config file."),
        (.notFound, "This friend was deleted elsewhere."),
        (.network("No answer from the friends service at http://10.0.0.2:8080 in time."),
         "Loading failed: No answer from the friends service at http://10.0.0.2:8080 in time."),
    ])
    func fetchFailureShowsAnErrorThatCannotBeEdited(error: FriendsError, message: String) async {
        await repository.fail(.friend, with: error)
        let detail = FriendDetailViewModel(id: 3, context: context)
        detail.load()
        await detail.idle()
        #expect(detail.content.value == .error(message))
        detail.edit()
        detail.requestDelete()
        #expect(navigator.recorded.isEmpty)
        #expect(detail.confirmation.value == nil)

        await repository.fail(.friend, with: nil)
        detail.retry()
        await detail.idle()
        #expect(detail.friend == SampleFriends.jose)
    }

    @Test func deleteAsksShowsProgressThenReportsAndPops() async {
        var changes: [FriendChange] = []
        let detail = FriendDetailViewModel(friend: SampleFriends.bob, context: context) { changes.append($0) }
        detail.requestDelete()
        #expect(detail.confirmation.value?.title == "Delete Bob Cole?")
        await repository.hold(.delete)
        detail.confirmDelete()
        #expect(detail.confirmation.value == nil)
        #expect(detail.isDeleting.value)
        detail.edit()  // no editing while the delete runs
        #expect(navigator.recorded.isEmpty)
        await repository.release(.delete)
        await detail.idle()
        #expect(!detail.isDeleting.value)
        #expect(changes == [.deleted(SampleFriends.bob)])
        #expect(navigator.recorded.count == 1)
        #expect(navigator.recorded.first?.isPop == true)
    }

    @Test func failedDeleteKeepsTheFriendAndSaysWhy() async {
        var changes: [FriendChange] = []
        let detail = FriendDetailViewModel(friend: SampleFriends.bob, context: context) { changes.append($0) }
        await repository.fail(.delete, with: .network("reset"))
        detail.requestDelete()
        detail.confirmDelete()
        await detail.idle()
        #expect(!detail.isDeleting.value)
        #expect(detail.status.value == .error("Deleting failed: reset."))
        #expect(detail.friend == SampleFriends.bob)
        #expect(changes.isEmpty)
        #expect(navigator.recorded.isEmpty)
    }

    @Test func cancelledDeleteDoesNothing() async {
        let detail = FriendDetailViewModel(friend: SampleFriends.bob, context: context)
        detail.requestDelete()
        detail.cancelDelete()
        detail.confirmDelete()
        await detail.idle()
        #expect(await repository.deletedIDs.isEmpty)
    }

    @Test func editPushesTheFormAndASaveUpdatesTheDetail() async throws {
        var changes: [FriendChange] = []
        let detail = FriendDetailViewModel(friend: SampleFriends.bob, context: context) { changes.append($0) }
        detail.edit()
        let form = try #require(navigator.recorded.first?.pushedForm)
        #expect(form.mode == .edit(SampleFriends.bob))
        form.firstName.setText("Robert")
        form.save()
        await form.idle()
        #expect(detail.title.value == "Robert Cole")
        #expect(detail.status.value == .info("Saved"))
        #expect(changes.count == 1)
        #expect(navigator.recorded.last?.isPop == true)
    }

    @Test func backPops() {
        let detail = FriendDetailViewModel(friend: SampleFriends.bob, context: context)
        detail.back()
        #expect(navigator.recorded.first?.isPop == true)
    }

    @Test func resultsAfterCloseAreDropped() async {
        let detail = FriendDetailViewModel(id: 3, context: context)
        await repository.hold(.friend)
        detail.load()
        detail.close()
        await repository.release(.friend)
        await detail.drained()
        #expect(detail.content.value == .loading("Loading friend…"))
        #expect(detail.friend == nil)
        detail.back()
        #expect(navigator.recorded.isEmpty)
    }
}
