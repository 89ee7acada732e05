import NearbyCore

/// The folded forms of a friend's fields that the store sorts and filters by.
struct FriendKeys {
    var lastName: String
    var firstName: String
    /// Name, phone and e-mail, folded: what a filter is matched against.
    var search: String

    init(firstName: String, lastName: String, phoneNumber: String, email: String?) {
        // One fold instead of three (folding is slow on Linux); it works character by character, so the
        // separator survives and splits the result back into its fields.
        let separator: Character = "\u{1F}"
        let folded = SearchFolding.fold("\(firstName)\(separator)\(lastName)\(separator)\(phoneNumber) \(email ?? "")")
        let parts = folded.split(separator: separator, maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            // Only if a name held the separator itself (validation refuses control characters).
            self.firstName = SearchFolding.fold(firstName)
            self.lastName = SearchFolding.fold(lastName.isEmpty ? firstName : lastName)
            search = SearchFolding.fold("\(firstName) \(lastName) \(phoneNumber) \(email ?? "")")
            return
        }
        self.firstName = String(parts[0])
        // A friend of one name ("Mom", a company) sorts by it, among the last names.
        self.lastName = String(parts[1].isEmpty ? parts[0] : parts[1])
        search = "\(parts[0]) \(parts[1]) \(parts[2])"
        // A name shown family name first ("李小龍") is found as it is shown, too.
        let shown = PersonName.display(first: firstName, last: lastName)
        if !lastName.isEmpty, !firstName.isEmpty, !shown.contains(" ") {
            search += " " + SearchFolding.fold(shown)
        }
    }

    init(_ draft: FriendDraft) {
        // The other numbers are found too: digits and a few ASCII signs, which folding leaves as they are.
        let phones = ([draft.phoneNumber] + draft.otherPhones).joined(separator: " ")
        self.init(firstName: draft.firstName, lastName: draft.lastName, phoneNumber: phones, email: draft.email)
    }
}
