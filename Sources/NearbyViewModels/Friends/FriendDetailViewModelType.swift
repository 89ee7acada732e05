/// What the friend detail view reads and calls, so a render test can hand it a stub.
@MainActor
public protocol FriendDetailViewModelType: AnyObject {
    var title: Observable<String> { get }
    var content: Observable<FriendDetailContent> { get }
    var isLoading: Observable<Bool> { get }
    var isDeleting: Observable<Bool> { get }
    var status: Observable<StatusMessage?> { get }
    var confirmation: Observable<ConfirmationRequest?> { get }
    /// The friend's photo: none, loading, its bytes, or why it could not be read.
    var photo: Observable<PictureState> { get }

    func load()
    func retry()
    /// Reads the photo again after a failure.
    func retryPhoto()
    func edit()
    func requestDelete()
    func confirmDelete()
    func cancelDelete()
    func back()
    func dismissStatus()
    func close()
}

extension FriendDetailViewModelType {
    /// Binds the view once: `body` when the friend's lines (or the loading or error in their place) change,
    /// `redraw` when only the header, status or question does.
    public func observeAll(body: @escaping @MainActor () -> Void,
                           redraw: @escaping @MainActor () -> Void) -> [ObservationToken] {
        let rest: [any ChangeSource] = [title, isLoading, isDeleting, status, confirmation]
        return [content.onChange(body), photo.onChange(body)] + rest.onChange(redraw)
    }

    /// The shown value of the line labelled `label` ("Phone", "E-mail"), when the friend is loaded and has it.
    public func lineValue(_ label: String) -> String? {
        guard case .friend(let lines) = content.value else { return nil }
        return lines.first { $0.label == label }?.value
    }

    /// Says in the status line what a copy did.
    public func copied(_ what: String, sent: Bool) {
        status.value = sent ? .info("Copied \(what) (through the terminal's clipboard)")
            : .error("Nothing to copy, or too long for the terminal's clipboard")
    }
}
