import Testing
import NearbyCore
@testable import NearbyViewModels

@MainActor
struct FriendFormViewModelTests {
    let repository = FakeFriendsRepository(friends: SampleFriends.all)
    let navigator = Navigator()
    var context: FriendsContext { FriendsContext(repository: repository, navigator: navigator) }

    private func fill(_ form: FriendFormViewModel, first: String = "Dora", last: String = "Eck",
                      phone: String = "+423 555 0104", email: String = "", location: String = "") {
        form.firstName.setText(first)
        form.lastName.setText(last)
        form.phone.setText(phone)
        form.email.setText(email)
        form.location.setText(location)
    }

    @Test func anEditedCoordinateShowsFiveDecimals() {
        let far = Friend(id: 9, firstName: "Ed", lastName: "Ge", phoneNumber: "+423 555 0109",
                         coordinate: Coordinate(latitude: 47.00600267062831, longitude: 8.002947209213325))
        let form = FriendFormViewModel(mode: .edit(far), context: context)
        #expect(form.location.text.value == "47.00600, 8.00295")
        // Untouched, the full coordinate is kept.
        #expect(form.draft?.coordinate == far.coordinate)
    }

    /// The form edits the main number; a card's other numbers survive any edit.
    @Test func anEditKeepsTheOtherNumbers() {
        var anna = SampleFriends.anna
        anna.otherPhones = ["0711/123456"]
        let form = FriendFormViewModel(mode: .edit(anna), context: context)
        form.phone.setText("+423 555 0199")
        form.location.setText("47.1, 9.5")
        #expect(form.draft?.phoneNumber == "+423 555 0199")
        #expect(form.draft?.otherPhones == ["0711/123456"])
    }

    @Test func aFieldAtItsLengthCapSaysSo() {
        let form = FriendFormViewModel(mode: .add, context: context)
        #expect(form.firstName.maximumLength == 40)
        form.firstName.setText(String(repeating: "a", count: 40))
        #expect(form.firstName.message.value == "At most 40 characters")
        #expect(form.firstName.problem == nil)
        form.email.setText(String(repeating: "e", count: 242) + "@example.org")
        #expect(form.email.text.value.count == form.email.maximumLength)
        #expect(form.email.message.value == "At most 254 characters")
    }

    /// A new friend's form with a gazetteer, saved once with `location` typed.
    private func savedWithGazetteer(location: String) async -> FriendFormViewModel {
        var located = context
        located.placeNames = FakeGazetteer()
        let form = FriendFormViewModel(mode: .add, context: located)
        fill(form, location: location)
        form.save()
        await form.idle()
        return form
    }

    @Test func aTownsNameIsLocatedWithTheGazetteer() async {
        _ = await savedWithGazetteer(location: "vaduz")
        let added = await repository.addedDrafts.last
        #expect(added?.coordinate == FakeGazetteer.vaduz)
        #expect(added?.placeName == "Vaduz")
    }

    @Test func anAmbiguousTownIsRefusedBesideTheField() async {
        let form = await savedWithGazetteer(location: "Triesen")
        #expect(await repository.addedDrafts.isEmpty)
        #expect(form.location.message.value?.hasPrefix("“Triesen” could mean Triesen (village") == true)
        #expect(!form.canSave.value)
        form.location.setText("47.107, 9.528")
        #expect(form.canSave.value)
    }

    @Test func anUnknownPlaceIsSavedOnlyOnASecondSave() async {
        let form = await savedWithGazetteer(location: "Grandma's house")
        #expect(await repository.addedDrafts.isEmpty)
        #expect(form.location.message.value?.hasPrefix("No town called “Grandma's house”") == true)
        #expect(form.canSave.value)
        form.save()
        await form.idle()
        let added = await repository.addedDrafts.last
        #expect(added?.placeName == "Grandma's house")
        #expect(added?.coordinate == nil)
    }

    @Test func anUntouchedEmptyFormSaysNothingAndCannotSave() {
        let form = FriendFormViewModel(mode: .add, context: context)
        #expect(form.title == "New friend")
        #expect(form.fields.map(\.label) == ["First name", "Last name", "Phone", "E-mail", "Location"])
        #expect(form.fields.allSatisfy { $0.message.value == nil })
        #expect(!form.canSave.value)
        #expect(form.saveState.value == .idle)
    }

    @Test func reasonsAppearAsTheUserTypes() {
        let form = FriendFormViewModel(mode: .add, context: context)
        form.firstName.setText("Anna\u{1B}[2J")
        #expect(form.firstName.message.value == FriendValidation.nameRule)
        form.firstName.setText("Anna")
        #expect(form.firstName.message.value == nil)
        form.firstName.setText("")
        #expect(form.firstName.message.value == "Required")
        // The next field has not been reached: it stays quiet until the user leaves it.
        #expect(form.phone.message.value == nil)
        form.phone.leave()
        #expect(form.phone.message.value == "Required")
        // A last name is optional: leaving it empty says nothing.
        form.lastName.leave()
        #expect(form.lastName.message.value == nil)
    }

    @Test(arguments: ["李", "Владимир", "محمد", "O'Brien", "O’Neil", "Mary-Jane", "van der Berg", "Zoë",
                      "Anna (work)", "Smith & Co", "R2D2", String(repeating: "a", count: 40)])
    func namesOfAnyScriptAreAccepted(name: String) {
        let form = FriendFormViewModel(mode: .add, context: context)
        fill(form, first: name, last: name)
        #expect(form.firstName.problem == nil)
        #expect(form.lastName.problem == nil)
        // Nothing to say, except at the length cap, where the field says why typing stops.
        let expected = name.count == 40 ? "At most 40 characters" : nil
        #expect(form.firstName.message.value == expected)
        #expect(form.lastName.message.value == expected)
        #expect(form.canSave.value)
    }

    @Test(arguments: [
        (String(repeating: "a", count: 41), "At most 40 characters"),
        ("Eve\u{1B}[2J", FriendValidation.nameRule),
        ("Eve\u{202E}", FriendValidation.nameRule),
    ])
    func badNamesAreRefusedWithAReason(name: String, reason: String) {
        let form = FriendFormViewModel(mode: .add, context: context)
        fill(form, last: name)
        #expect(form.lastName.message.value == reason)
        #expect(!form.canSave.value)
    }

    @Test(arguments: [
        ("+423 555 0101", nil),
        ("(071) 555-01", nil),
        ("123", nil),
        ("12", "At least 3 digits"),
        (String(repeating: "9", count: 21), "At most 20 digits"),
        ("555-CALL", nil),
        ("+1 555.123.4567 x12", nil),
        ("0711/123456", nil),
        ("555\u{7}", FriendValidation.nameRule),
    ] as [(String, String?)])
    func phoneRules(phone: String, reason: String?) {
        let form = FriendFormViewModel(mode: .add, context: context)
        fill(form, phone: phone)
        #expect(form.phone.message.value == reason)
        #expect(form.canSave.value == (reason == nil))
    }

    @Test func emailIsOptionalButMustLookLikeOne() {
        let form = FriendFormViewModel(mode: .add, context: context)
        fill(form, email: "")
        #expect(form.email.message.value == nil)
        #expect(form.canSave.value)
        form.email.setText("dora@")
        #expect(form.email.message.value == "Not an e-mail address")
        #expect(!form.canSave.value)
        form.email.setText("dora@example.li")
        #expect(form.canSave.value)
    }

    @Test(arguments: [
        ("47.141, 9.5209", nil),
        ("-33.9,18.4", nil),
        ("Vaduz", nil),
        ("Café Sonne, Vaduz", nil),
        ("95, 10", "Latitude -90…90, longitude -180…180"),
        ("47.141 9.5209", nil), ("47.141 9.5209 3", "Write latitude, longitude (47.141, 9.5209)"),
        ("12,", "Write latitude, longitude (47.141, 9.5209)"),
        ("Vaduz\u{1B}[31m", "Only printable characters"),
    ] as [(String, String?)])
    func locationIsCoordinatesOrAPlaceName(text: String, reason: String?) {
        let form = FriendFormViewModel(mode: .add, context: context)
        fill(form, location: text)
        #expect(form.location.message.value == reason)
        #expect(form.canSave.value == (reason == nil))
    }

    @Test func saveIsRefusedUntilValidAndThenShowsEveryReason() async {
        let form = FriendFormViewModel(mode: .add, context: context)
        form.firstName.setText("Dora")
        form.save()
        #expect(form.lastName.message.value == nil, "a last name is optional")
        #expect(form.phone.message.value == "Required")
        #expect(form.email.message.value == nil)
        #expect(form.saveState.value == .idle)
        await form.idle()
        #expect(await repository.addedDrafts.isEmpty)
        #expect(navigator.recorded.isEmpty)
    }

    @Test func savingShowsProgressThenReportsBackAndPops() async {
        var changes: [FriendChange] = []
        let form = FriendFormViewModel(mode: .add, context: context) { changes.append($0) }
        fill(form, first: " Dora ", email: " dora@example.li ", location: "47.141, 9.5209")
        await repository.hold(.add)
        form.save()
        #expect(form.saveState.value == .saving)
        #expect(!form.canSave.value)
        form.save()  // a second press while saving does nothing
        await repository.release(.add)
        await form.idle()
        let drafts = await repository.addedDrafts
        #expect(drafts == [FriendDraft(firstName: "Dora", lastName: "Eck", phoneNumber: "+423 555 0104",
                                       email: "dora@example.li",
                                       coordinate: Coordinate(latitude: 47.141, longitude: 9.5209))])
        #expect(form.saveState.value == .idle)
        #expect(changes.count == 1)
        if case .added(let friend)? = changes.first {
            #expect(friend.fullName == "Dora Eck")
        } else {
            Issue.record("expected .added")
        }
        #expect(navigator.recorded.count == 1)
        #expect(navigator.recorded.first?.isPop == true)
    }

    @Test(arguments: [
        (FriendsError.network("Could not connect to the friends service at http://127.0.0.1:1; is it running?"),
         "Saving failed: Could not connect to the friends service at http://127.0.0.1:1; is it running?"),
        (.unauthorized, "Not saved: the friends service refused the token (set it with --friends-token, NEARBY_FRIENDS_TOKEN or friends_token in the config file)."),
        (.notFound, "Not saved: the friends service has no such address (HTTP 404): check --friends-url."),
        (.storage("database is locked"), "Could not save: database is locked."),
    ])
    func failedSaveKeepsEverythingTypedAndSaysWhy(error: FriendsError, message: String) async {
        var changes: [FriendChange] = []
        let form = FriendFormViewModel(mode: .add, context: context) { changes.append($0) }
        fill(form, email: "dora@example.li", location: "Vaduz")
        await repository.fail(.add, with: error)
        form.save()
        await form.idle()
        #expect(form.saveState.value == .failed(message))
        #expect(form.fields.map(\.text.value) == ["Dora", "Eck", "+423 555 0104", "dora@example.li", "Vaduz"])
        #expect(form.canSave.value)
        #expect(changes.isEmpty)
        #expect(navigator.recorded.isEmpty)
    }

    @Test func editingAFriendDeletedElsewhereSaysSoAndReloadsTheList() async {
        var changes: [FriendChange] = []
        let form = FriendFormViewModel(mode: .edit(SampleFriends.bob), context: context) { changes.append($0) }
        form.phone.setText("+423 555 0199")
        await repository.fail(.update, with: .notFound)
        form.save()
        await form.idle()
        #expect(form.saveState.value == .failed("Not saved: Bob Cole was deleted elsewhere; the list has been reloaded."))
        #expect(changes == [.deleted(SampleFriends.bob)])
        #expect(form.phone.text.value == "+423 555 0199")
        #expect(navigator.recorded.isEmpty)
    }

    @Test func aFieldTheServiceRefusesShowsTheReasonBesideIt() async {
        let form = FriendFormViewModel(mode: .add, context: context)
        fill(form)
        await repository.fail(.add, with: .invalid(field: .phoneNumber, reason: "Already someone else's"))
        form.save()
        await form.idle()
        #expect(form.phone.message.value == "Already someone else's")
        #expect(form.saveState.value == .failed("Please correct the marked field."))
        #expect(!form.canSave.value)
        #expect(form.firstName.message.value == nil)

        form.phone.setText("+423 555 0199")
        #expect(form.phone.message.value == nil)
        #expect(form.canSave.value)
    }

    @Test func editingStartsFromTheFriendAndKeepsWhatTheFieldCannotShow() async {
        let friend = Friend(id: 1, firstName: "Anna", lastName: "Beck", phoneNumber: "+423 555 0101",
                            email: "anna@example.com", coordinate: Coordinate(latitude: 47.15, longitude: 9.52),
                            placeName: "Vaduz")
        var changes: [FriendChange] = []
        let form = FriendFormViewModel(mode: .edit(friend), context: context) { changes.append($0) }
        #expect(form.title == "Edit Anna Beck")
        #expect(form.fields.map(\.text.value) == ["Anna", "Beck", "+423 555 0101", "anna@example.com", "Vaduz"])
        #expect(form.canSave.value)
        #expect(!form.hasUnsavedChanges)

        form.phone.setText("+423 555 0111")
        form.save()
        await form.idle()
        let updates = await repository.updates
        #expect(updates.count == 1)
        #expect(updates.first?.id == 1)
        #expect(updates.first?.draft == FriendDraft(firstName: "Anna", lastName: "Beck", phoneNumber: "+423 555 0111",
                                                    email: "anna@example.com",
                                                    coordinate: Coordinate(latitude: 47.15, longitude: 9.52),
                                                    placeName: "Vaduz"))
        if case .updated(let updated)? = changes.first {
            #expect(updated.phoneNumber == "+423 555 0111")
        } else {
            Issue.record("expected .updated")
        }
    }

    @Test func editingShowsAStoredProblemAtOnce() {
        let friend = Friend(id: 5, firstName: "Al", lastName: "X", phoneNumber: "12")
        let form = FriendFormViewModel(mode: .edit(friend), context: context)
        #expect(form.phone.message.value == "At least 3 digits")
        #expect(!form.canSave.value)
    }

    @Test func cancelPopsAtOnceWhenNothingChanged() {
        let form = FriendFormViewModel(mode: .add, context: context)
        form.cancel()
        #expect(form.confirmation.value == nil)
        #expect(navigator.recorded.first?.isPop == true)
    }

    @Test func cancelAsksBeforeDiscardingTypedText() {
        let form = FriendFormViewModel(mode: .add, context: context)
        form.firstName.setText("Do")
        form.cancel()
        #expect(form.confirmation.value?.title == "Discard changes?")
        #expect(form.confirmation.value?.confirmLabel == "Discard")
        #expect(navigator.recorded.isEmpty)

        form.cancelDiscard()
        #expect(form.confirmation.value == nil)
        #expect(form.firstName.text.value == "Do")
        #expect(navigator.recorded.isEmpty)

        form.cancel()
        form.confirmDiscard()
        #expect(form.confirmation.value == nil)
        #expect(navigator.recorded.count == 1)
        #expect(navigator.recorded.first?.isPop == true)
    }

    @Test func cancellingARunningSaveLeavesAndDropsItsResult() async {
        var changes: [FriendChange] = []
        let form = FriendFormViewModel(mode: .add, context: context) { changes.append($0) }
        fill(form)
        await repository.hold(.add)
        form.save()
        form.cancel()
        #expect(navigator.recorded.count == 1)
        await repository.release(.add)
        await form.drained()
        #expect(changes.isEmpty)
        #expect(navigator.recorded.count == 1)
    }

    @Test func saveFinishingAfterCloseIsDropped() async {
        var changes: [FriendChange] = []
        let form = FriendFormViewModel(mode: .add, context: context) { changes.append($0) }
        fill(form)
        await repository.hold(.add)
        form.save()
        form.close()
        await repository.release(.add)
        await form.drained()
        #expect(changes.isEmpty)
        #expect(navigator.recorded.isEmpty)
        #expect(form.saveState.value == .saving)
        form.save()
        await form.idle()
        #expect(await repository.addedDrafts.count == 1)
    }

    @Test func settingTheTextObservableDirectlyAlsoRevalidates() {
        let form = FriendFormViewModel(mode: .add, context: context)
        form.phone.text.value = "1"
        #expect(form.phone.message.value == "At least 3 digits")
    }

    @Test func aFriendOfOneNameIsSaved() async {
        let form = FriendFormViewModel(mode: .add, context: context)
        form.firstName.setText("Mom")
        form.phone.setText("+423 555 0101")
        #expect(form.canSave.value)
        form.save()
        await form.idle()
        #expect(await repository.addedDrafts.map(\.firstName) == ["Mom"])
        #expect(await repository.addedDrafts.map(\.lastName) == [""])
    }
}
