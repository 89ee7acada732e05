/// The one form in which every address book keeps a friend (the local store, the PostgreSQL service):
/// fields trimmed, the invisible characters that join nothing removed (`InvisibleCharacters`: a zero-width
/// space, a word joiner, a byte-order mark; an emoji's or a conjunct's joiner stays), empty optional fields
/// absent. Two friends that look the same are stored the same.
extension FriendDraft {
    /// One field's text as it is stored.
    public static func storedText(_ text: String) -> String {
        let visible = InvisibleCharacters.stripped(text)
        // Most fields need no trimming; checking first is much cheaper than a trim on every field.
        guard visible.first?.isWhitespace == true || visible.last?.isWhitespace == true else { return visible }
        return visible.trimmingSpaces()
    }

    public var normalized: FriendDraft {
        let clean = Self.storedText
        func optional(_ text: String?) -> String? {
            guard let text = text.map(clean), !text.isEmpty else { return nil }
            return text
        }
        let phone = clean(phoneNumber)
        // Blank numbers go, and a number given twice (or equal to the main one) is kept once. A set, not a search
        // of the list: this runs before validation, on a list of any length a request body brings.
        var seen: Set<String> = [phone]
        var others: [String] = []
        for other in otherPhones.map(clean) where !other.isEmpty && seen.insert(other).inserted {
            others.append(other)
        }
        return FriendDraft(firstName: clean(firstName), lastName: clean(lastName), phoneNumber: phone,
                           email: optional(email), coordinate: coordinate, placeName: optional(placeName),
                           otherPhones: others)
    }
}
