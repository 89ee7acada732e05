import FoundationEssentials
import NearbyCore

/// Whether the form adds a new friend or edits one.
public enum FriendFormMode: Hashable, Sendable {
    case add
    case edit(Friend)
}

/// Where a save stands.
public enum SaveState: Hashable, Sendable {
    case idle
    case saving
    /// The save failed; the message says why and everything typed is kept.
    case failed(String)
    /// The location names no town the store knows; saving again saves the friend with it as typed, without a
    /// coordinate (the view names its save key).
    case unknownPlace(String)
}

/// The add/edit friend form: fields validated as the user types, Save only when all are valid.
@MainActor
public final class FriendFormViewModel: FriendFormViewModelType {
    public let mode: FriendFormMode
    /// "New friend" or "Edit Anna Beck".
    public let title: String
    public let firstName: FormFieldModel
    public let lastName: FormFieldModel
    public let phone: FormFieldModel
    public let email: FormFieldModel
    public let location: FormFieldModel
    /// True when every field is valid and no save runs.
    public let canSave = Observable(false)
    public let saveState = Observable(SaveState.idle)
    /// Asked before discarding unsaved changes.
    public let confirmation = Observable<ConfirmationRequest?>(nil)

    private static let saveKey = ActivityKey("save")

    private let context: FriendsContext
    private let onSaved: (@MainActor (FriendChange) -> Void)?
    private let tracker = ActivityTracker()
    private let initialTexts: [String]
    private var isConfirmingDiscard = false
    /// A place name the gazetteer does not know that the user chose to save anyway (the second save).
    private var acceptedUnlocatedName: String?

    public init(mode: FriendFormMode, context: FriendsContext,
                onSaved: (@MainActor (FriendChange) -> Void)? = nil) {
        self.mode = mode
        self.context = context
        self.onSaved = onSaved
        let original: Friend? = if case .edit(let friend) = mode { friend } else { nil }
        title = original.map { "Edit \(DisplayText.oneLine($0.fullName))" } ?? "New friend"
        func limit(_ field: FriendField) -> Int { FriendValidation.maximumLength(of: field) }
        firstName = FormFieldModel(field: .firstName, label: "First name", placeholder: "", isRequired: true,
                                   text: original?.firstName ?? "", maximumLength: limit(.firstName),
                                   validate: FriendValidation.nameProblem)
        lastName = FormFieldModel(field: .lastName, label: "Last name", placeholder: "optional", isRequired: false,
                                  text: original?.lastName ?? "", maximumLength: limit(.lastName),
                                  validate: FriendValidation.lastNameProblem)
        phone = FormFieldModel(field: .phoneNumber, label: "Phone", placeholder: "+423 555 0101", isRequired: true,
                               text: original?.phoneNumber ?? "", maximumLength: limit(.phoneNumber),
                               validate: FriendValidation.phoneProblem)
        email = FormFieldModel(field: .email, label: "E-mail", placeholder: "optional", isRequired: false,
                               text: original?.email ?? "", maximumLength: limit(.email),
                               validate: { FriendValidation.emailProblem($0) })
        location = FormFieldModel(field: .location, label: "Location", placeholder: "optional: 47.141, 9.5209 or a town",
                                  isRequired: false,
                                  text: FriendLocationInput.text(coordinate: original?.coordinate,
                                                                 placeName: original?.placeName),
                                  maximumLength: limit(.location), validate: FriendLocationInput.problem(in:))
        initialTexts = [firstName, lastName, phone, email, location].map(\.text.value)
        for field in fields {
            field.onChange = { [weak self] in self?.updateCanSave() }
        }
        updateCanSave()
    }

    /// The fields in the order the form shows them.
    public var fields: [FormFieldModel] { [firstName, lastName, phone, email, location] }

    public func field(_ field: FriendField) -> FormFieldModel {
        switch field {
        case .firstName: firstName
        case .lastName: lastName
        case .phoneNumber: phone
        case .email: email
        case .location: location
        }
    }

    /// Something was typed that a save has not stored yet.
    public var hasUnsavedChanges: Bool {
        fields.map(\.text.value) != initialTexts
    }

    /// What would be saved, or nil while any field is refused.
    public var draft: FriendDraft? {
        guard fields.allSatisfy({ $0.problem == nil }),
              let locationInput = FriendLocationInput(text: location.text.value) else { return nil }
        let trimmedEmail = DisplayText.trimmed(email.text.value)
        var draft = FriendDraft(firstName: DisplayText.trimmed(firstName.text.value),
                                lastName: DisplayText.trimmed(lastName.text.value),
                                phoneNumber: DisplayText.trimmed(phone.text.value),
                                email: trimmedEmail.isEmpty ? nil : trimmedEmail)
        // The form edits the main number; the card's other numbers are kept as they are.
        if case .edit(let original) = mode { draft.otherPhones = original.otherPhones }
        if case .edit(let original) = mode, location.text.value == initialTexts[4] {
            // Untouched: keep both parts the friend had, even those the one field cannot show.
            draft.coordinate = original.coordinate
            draft.placeName = original.placeName
        } else {
            switch locationInput {
            case .none: break
            case .coordinate(let coordinate): draft.coordinate = coordinate
            case .placeName(let name): draft.placeName = name
            }
        }
        return FriendValidation.problems(in: draft).isEmpty ? draft : nil
    }

    /// Saves when every field is valid; otherwise shows every reason. Success reports back and pops.
    /// A location given as a town's name is looked up first (as `--near` is), so the friend gets a coordinate;
    /// a name that could mean several towns is refused beside the field, and one no town has is saved on a
    /// second save, without a coordinate.
    public func save() {
        guard !tracker.isClosed, saveState.value != .saving else { return }
        for field in fields { field.reveal() }
        guard let draft else { return updateCanSave() }
        saveState.value = .saving
        updateCanSave()
        let repository = context.repository
        let resolver = draft.coordinate == nil && draft.placeName != nil ? context.placeNames : nil
        let accepted = acceptedUnlocatedName
        let mode = mode
        tracker.run(Self.saveKey) { [weak self] in
            var draft = draft
            if let resolver, let name = draft.placeName {
                let lookup = await resolver.lookUp(name)
                guard !Task.isCancelled, let self else { return }
                switch lookup {
                case .found(let found, let coordinate):
                    draft.coordinate = coordinate
                    draft.placeName = found
                case .ambiguous:
                    self.location.showServerProblem(lookup.problem(for: name) ?? "")
                    self.saveState.value = .failed("Please correct the marked field.")
                    return self.updateCanSave()
                case .unknown, .misspelt, .unavailable:
                    guard accepted == name else {
                        self.acceptedUnlocatedName = name
                        self.location.showNote(lookup.problem(for: name) ?? "")
                        self.saveState.value = .unknownPlace(DisplayText.oneLine(name))
                        return self.updateCanSave()
                    }
                }
            }
            let outcome: Result<FriendChange, FriendsError>
            do throws(FriendsError) {
                switch mode {
                case .add:
                    outcome = .success(.added(try await repository.addFriend(draft)))
                case .edit(let original):
                    outcome = .success(.updated(try await repository.updateFriend(id: original.id, with: draft)))
                }
            } catch {
                outcome = .failure(error)
            }
            guard !Task.isCancelled, let self else { return }
            self.finishSave(outcome)
        }
    }

    /// Leaves the form; with unsaved changes, asks first. A save still running is abandoned.
    public func cancel() {
        guard !tracker.isClosed else { return }
        if saveState.value == .saving {
            tracker.cancel(Self.saveKey)
            saveState.value = .idle
            context.navigator.pop()
        } else if hasUnsavedChanges {
            isConfirmingDiscard = true
            confirmation.value = ConfirmationRequest(title: "Discard changes?", detail: nil,
                                                     confirmLabel: "Discard", cancelLabel: "Keep editing",
                                                     isDestructive: true)
        } else {
            context.navigator.pop()
        }
    }

    public func confirmDiscard() {
        guard !tracker.isClosed, isConfirmingDiscard else { return }
        isConfirmingDiscard = false
        confirmation.value = nil
        context.navigator.pop()
    }

    public func cancelDiscard() {
        isConfirmingDiscard = false
        confirmation.value = nil
    }

    public func close() {
        tracker.close()
        isConfirmingDiscard = false
    }

    /// Returns once no live work runs (for tests, instead of sleeping).
    public func idle() async { await tracker.idle() }

    /// Returns once every task has returned, cancelled ones included.
    public func drained() async { await tracker.drained() }

    private func finishSave(_ outcome: Result<FriendChange, FriendsError>) {
        switch outcome {
        case .success(let change):
            saveState.value = .idle
            onSaved?(change)
            context.navigator.pop()
        case .failure(let error):
            if case .invalid(let field, let reason) = error {
                self.field(field).showServerProblem(reason)
            }
            var editedName: String?
            if case .edit(let original) = mode {
                editedName = DisplayText.oneLine(original.fullName)
                // Deleted elsewhere: the list drops it and reads the service again; what was typed stays here.
                if error == .notFound { onSaved?(.deleted(original)) }
            }
            saveState.value = .failed(FriendsErrorText.saving(error, editing: editedName))
            updateCanSave()
        }
    }

    private func updateCanSave() {
        canSave.update(saveState.value != .saving && draft != nil)
    }
}
