import FoundationEssentials
import NearbyCore

/// One friend's detail: their fields, edit and delete.
@MainActor
public final class FriendDetailViewModel: FriendDetailViewModelType {
    /// The friend's full name ("Friend" until known).
    public let title: Observable<String>
    public let content: Observable<FriendDetailContent>
    public let isLoading = Observable(false)
    /// The screen shows a spinner and refuses edit and delete while this is true.
    public let isDeleting = Observable(false)
    public let status = Observable<StatusMessage?>(nil)
    public let confirmation = Observable<ConfirmationRequest?>(nil)
    public let photo = Observable<PictureState>(.none)
    /// The friend shown, once known.
    public private(set) var friend: Friend?

    private static let loadKey = ActivityKey("load")
    private static let deleteKey = ActivityKey("delete")
    private static let photoKey = ActivityKey("photo")

    private let friendID: Friend.ID
    private let context: FriendsContext
    private let onChange: (@MainActor (FriendChange) -> Void)?
    private let tracker = ActivityTracker()
    private var isConfirmingDelete = false

    /// Shows a friend already in hand (opened from the list).
    public init(friend: Friend, context: FriendsContext, onChange: (@MainActor (FriendChange) -> Void)? = nil) {
        self.friend = friend
        self.friendID = friend.id
        self.context = context
        self.onChange = onChange
        title = Observable(DisplayText.oneLine(friend.fullName))
        content = Observable(.friend(FriendDetailLine.lines(for: friend, distance: context.distance(to: friend.coordinate),
                                                            timeZone: context.timeZone)))
        loadPhoto()
    }

    /// Shows the friend with this id once `load()` has fetched them.
    public init(id: Friend.ID, context: FriendsContext, onChange: (@MainActor (FriendChange) -> Void)? = nil) {
        self.friendID = id
        self.context = context
        self.onChange = onChange
        title = Observable("Friend")
        content = Observable(.loading("Loading friend…"))
    }

    /// Fetches the friend (again); the fields shown stay until the answer comes.
    public func load() {
        guard !tracker.isClosed else { return }
        if friend == nil { content.update(.loading("Loading friend…")) }
        isLoading.update(true)
        let repository = context.repository
        let id = friendID
        tracker.run(Self.loadKey) { [weak self] in
            let outcome: Result<Friend, FriendsError>
            do throws(FriendsError) {
                outcome = .success(try await repository.friend(id: id))
            } catch {
                outcome = .failure(error)
            }
            guard !Task.isCancelled, let self else { return }
            self.isLoading.update(false)
            switch outcome {
            case .success(let friend):
                self.show(friend)
            case .failure(let error):
                let name = self.friend.map { DisplayText.oneLine($0.fullName) } ?? "This friend"
                if self.friend == nil {
                    self.content.update(.error(FriendsErrorText.loadingFriend(name, error)))
                } else {
                    self.status.value = .error(FriendsErrorText.loadingFriend(name, error))
                }
            }
        }
    }

    public func retry() { load() }

    public func retryPhoto() {
        guard case .failed = photo.value else { return }
        loadPhoto()
    }

    /// Reads the friend's photo, where the friends' source keeps photos.
    private func loadPhoto() {
        guard !tracker.isClosed, let photos = context.photos else { return }
        photo.update(.loading)
        let id = friendID
        tracker.run(Self.photoKey) { [weak self] in
            let outcome: Result<[UInt8]?, FriendsError>
            do throws(FriendsError) {
                outcome = .success(try await photos.photo(of: id))
            } catch {
                outcome = .failure(error)
            }
            guard !Task.isCancelled, let self else { return }
            switch outcome {
            case .success(let bytes?): self.photo.update(.loaded(key: "friend:\(id):\(PictureState.digest(bytes))", bytes: bytes))
            case .success(nil), .failure(.notFound): self.photo.update(.none)
            case .failure(let error): self.photo.update(.failed(FriendsErrorText.loadingPhoto(error)))
            }
        }
    }

    public func edit() {
        guard !tracker.isClosed, let friend, !isDeleting.value else { return }
        let form = FriendFormViewModel(mode: .edit(friend), context: context) { [weak self] change in
            self?.apply(change)
        }
        context.navigator.push(.friendForm(form))
    }

    public func requestDelete() {
        guard !tracker.isClosed, let friend, !isDeleting.value else { return }
        isConfirmingDelete = true
        confirmation.value = ConfirmationRequest(
            title: "Delete \(DisplayText.oneLine(friend.fullName))?", detail: "This cannot be undone.",
            confirmLabel: "Delete", cancelLabel: "Cancel", isDestructive: true)
    }

    public func confirmDelete() {
        guard !tracker.isClosed, isConfirmingDelete, let friend else { return }
        isConfirmingDelete = false
        confirmation.value = nil
        isDeleting.update(true)
        let repository = context.repository
        tracker.run(Self.deleteKey) { [weak self] in
            var failure: FriendsError?
            do throws(FriendsError) {
                try await repository.deleteFriend(id: friend.id)
            } catch {
                failure = error
            }
            guard !Task.isCancelled, let self else { return }
            self.isDeleting.update(false)
            if let failure, failure != .notFound {
                self.status.value = .error(FriendsErrorText.deleting(DisplayText.oneLine(friend.fullName), failure))
            } else {
                // Deleted here, or elsewhere meanwhile: either way the friend is gone.
                self.onChange?(.deleted(friend))
                self.context.navigator.pop()
            }
        }
    }

    public func cancelDelete() {
        isConfirmingDelete = false
        confirmation.value = nil
    }

    public func back() {
        guard !tracker.isClosed else { return }
        context.navigator.pop()
    }

    public func dismissStatus() {
        status.update(nil)
    }

    public func close() {
        tracker.close()
        isConfirmingDelete = false
        isLoading.update(false)
    }

    /// Returns once no live work runs (for tests, instead of sleeping).
    public func idle() async { await tracker.idle() }

    /// Returns once every task has returned, cancelled ones included.
    public func drained() async { await tracker.drained() }

    private func apply(_ change: FriendChange) {
        guard !tracker.isClosed else { return }
        if case .updated(let updated) = change, updated.id == friendID {
            show(updated)
            status.value = .info("Saved")
        }
        onChange?(change)
    }

    private func show(_ friend: Friend) {
        let firstShown = self.friend == nil
        defer { if firstShown { loadPhoto() } }
        self.friend = friend
        title.update(DisplayText.oneLine(friend.fullName))
        content.update(.friend(FriendDetailLine.lines(for: friend, distance: context.distance(to: friend.coordinate),
                                                      timeZone: context.timeZone)))
    }
}
