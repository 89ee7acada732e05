import NearbyCore

/// The folded forms of a friend's fields that the store sorts and filters by.
struct FriendKeys {
    var lastName: String
    var firstName: String
    /// Name, phone and e-mail, folded: what a filter is matched against.
    var search: String

    init(firstName: String, lastName: String, phoneNumber: String, email: String?) {
        self.lastName = SearchFolding.fold(lastName)
        self.firstName = SearchFolding.fold(firstName)
        search = SearchFolding.fold("\(firstName) \(lastName) \(phoneNumber) \(email ?? "")")
    }

    init(_ draft: FriendDraft) {
        self.init(firstName: draft.firstName, lastName: draft.lastName, phoneNumber: draft.phoneNumber,
                  email: draft.email)
    }
}
