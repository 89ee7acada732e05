import Locking
import NearbyCore
import Testing
@testable import NearbyViewModels

/// Photos a test hands out by friend, failing as told; records what it was asked.
final class FakeFriendPhotos: FriendPhotos {
    let photos: Locked<[Friend.ID: [UInt8]]>
    let failure = Locked<FriendsError?>(nil)
    let asked = Locked<[Friend.ID]>([])

    init(_ photos: [Friend.ID: [UInt8]]) { self.photos = Locked(photos) }

    func photo(of id: Friend.ID) async throws(FriendsError) -> [UInt8]? {
        asked.withLock { $0.append(id) }
        if let failure = failure.withLock({ $0 }) { throw failure }
        return photos.withLock { $0[id] }
    }

    func setPhoto(_ photo: [UInt8]?, of id: Friend.ID) async throws(FriendsError) {
        photos.withLock { $0[id] = photo }
    }
}

/// The detail's photo: read once when the friend is shown, none when there is none or the source keeps none,
/// and a failure said in words that `r` reads again.
@MainActor
struct FriendDetailPhotoTests {
    let repository = FakeFriendsRepository(friends: SampleFriends.all)
    let navigator = Navigator()

    func context(_ photos: (any FriendPhotos)?) -> FriendsContext {
        var context = FriendsContext(repository: repository, navigator: navigator, timeZone: .utc)
        context.photos = photos
        return context
    }

    @Test func aFriendWithAPhotoHasItOnceRead() async {
        let photos = FakeFriendPhotos([SampleFriends.anna.id: [0xFF, 0xD8, 0xFF, 1]])
        let detail = FriendDetailViewModel(friend: SampleFriends.anna, context: context(photos))
        #expect(detail.photo.value == .loading)
        await detail.idle()
        guard case .loaded(let key, let bytes) = detail.photo.value else {
            Issue.record("expected the photo, got \(detail.photo.value)")
            return
        }
        #expect(bytes == [0xFF, 0xD8, 0xFF, 1])
        #expect(key.hasPrefix("friend:\(SampleFriends.anna.id):"))
        #expect(photos.asked.withLock { $0 } == [SampleFriends.anna.id])
    }

    @Test func aChangedPhotoGetsAnotherKey() async throws {
        let photos = FakeFriendPhotos([SampleFriends.anna.id: [1, 2, 3]])
        let first = FriendDetailViewModel(friend: SampleFriends.anna, context: context(photos))
        await first.idle()
        try await photos.setPhoto([1, 2, 4], of: SampleFriends.anna.id)
        let second = FriendDetailViewModel(friend: SampleFriends.anna, context: context(photos))
        await second.idle()
        guard case .loaded(let one, _) = first.photo.value, case .loaded(let two, _) = second.photo.value else {
            Issue.record("expected both photos")
            return
        }
        #expect(one != two)
    }

    @Test func noPhotoOrNoPhotoStoreShowsNone() async {
        let detail = FriendDetailViewModel(friend: SampleFriends.bob, context: context(FakeFriendPhotos([:])))
        await detail.idle()
        #expect(detail.photo.value == .none)
        let remote = FriendDetailViewModel(friend: SampleFriends.bob, context: context(nil))
        #expect(remote.photo.value == .none)
    }

    @Test func aPhotoThatCannotBeReadSaysWhyAndIsReadAgainOnRetry() async {
        let photos = FakeFriendPhotos([SampleFriends.anna.id: [9]])
        photos.failure.withLock { $0 = .storage("disk I/O error") }
        let detail = FriendDetailViewModel(friend: SampleFriends.anna, context: context(photos))
        await detail.idle()
        #expect(detail.photo.value == .failed("the store could not read it"))
        photos.failure.withLock { $0 = nil }
        detail.retryPhoto()
        await detail.idle()
        guard case .loaded = detail.photo.value else {
            Issue.record("expected the photo after a retry, got \(detail.photo.value)")
            return
        }
        #expect(photos.asked.withLock { $0 }.count == 2)
    }

    @Test func aFriendOpenedByIdReadsThePhotoOnceLoaded() async {
        let photos = FakeFriendPhotos([SampleFriends.anna.id: [7]])
        let detail = FriendDetailViewModel(id: SampleFriends.anna.id, context: context(photos))
        #expect(detail.photo.value == .none)
        detail.load()
        await detail.idle()
        guard case .loaded(_, let bytes) = detail.photo.value else {
            Issue.record("expected the photo, got \(detail.photo.value)")
            return
        }
        #expect(bytes == [7])
        // Loading the friend again does not read the photo again.
        detail.load()
        await detail.idle()
        #expect(photos.asked.withLock { $0 }.count == 1)
    }
}
