/// What the friend form view reads and calls, so a render test can hand it a stub.
@MainActor
public protocol FriendFormViewModelType: AnyObject {
    var title: String { get }
    /// In the order the form shows them.
    var fields: [FormFieldModel] { get }
    var canSave: Observable<Bool> { get }
    var saveState: Observable<SaveState> { get }
    var confirmation: Observable<ConfirmationRequest?> { get }
    /// Something was typed that a save has not stored yet.
    var hasUnsavedChanges: Bool { get }

    func save()
    /// Leaves, or asks first when something typed would be lost.
    func cancel()
    func confirmDiscard()
    func cancelDiscard()
    func close()
}

extension FriendFormViewModelType {
    /// Calls `redraw` when anything the form draws beside the typed text changes (the view keeps that).
    public func observeAll(_ redraw: @escaping @MainActor () -> Void) -> [ObservationToken] {
        let form: [any ChangeSource] = [canSave, saveState, confirmation]
        return (form + fields.map(\.message)).onChange(redraw)
    }
}
