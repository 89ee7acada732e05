/// What the friend detail view reads and calls, so a render test can hand it a stub.
@MainActor
public protocol FriendDetailViewModelType: AnyObject {
    var title: Observable<String> { get }
    var content: Observable<FriendDetailContent> { get }
    var isLoading: Observable<Bool> { get }
    var isDeleting: Observable<Bool> { get }
    var status: Observable<StatusMessage?> { get }
    var confirmation: Observable<ConfirmationRequest?> { get }

    func load()
    func retry()
    func edit()
    func requestDelete()
    func confirmDelete()
    func cancelDelete()
    func back()
    func dismissStatus()
    func close()
}
