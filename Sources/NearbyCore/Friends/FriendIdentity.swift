/// When two entries are the same friend: the same first name, last name and phone number (blanks around
/// them aside). vCard import skips such duplicates and `friends add` asks for `--force`.
public enum FriendIdentity {
    public static func same(_ friend: Friend, as draft: FriendDraft) -> Bool {
        friend.firstName.trimmingBlanks() == draft.firstName.trimmingBlanks()
            && friend.lastName.trimmingBlanks() == draft.lastName.trimmingBlanks()
            && friend.phoneNumber.trimmingBlanks() == draft.phoneNumber.trimmingBlanks()
    }
}
