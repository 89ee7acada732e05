import FoundationEssentials

/// A field of the friend form.
public enum FriendField: String, CaseIterable, Hashable, Sendable, Codable {
    case firstName, lastName, phoneNumber, email, location
}

/// The rules every way of adding a friend shares: the form, the command line, the server, vCard import.
public enum FriendValidation {
    public static let nameLengthRange = 1...40
    public static let phoneDigitRange = 3...20
    /// What the name and phone rules refuse, said the same way wherever one is refused: names and numbers are
    /// written every way people write them ("Anna (work)", "Smith & Co", "0711/123456 x12"), but nothing that
    /// moves the cursor, restyles the terminal or reorders text on screen.
    public static let nameRule = "No control or direction-changing characters"
    /// Characters a phone number may take, spaces and signs included.
    public static let phoneLength = 32
    /// The longest e-mail address (RFC 5321).
    public static let emailLength = 254

    /// The longest each field may be, in characters: the form's fields stop there (and say so), and
    /// `friends add`, vCard import and the server refuse longer values with the same reason.
    public static func maximumLength(of field: FriendField) -> Int {
        switch field {
        case .firstName, .lastName: nameLengthRange.upperBound
        case .phoneNumber: phoneLength
        case .email: emailLength
        case .location: FriendLocationInput.placeNameLengthRange.upperBound
        }
    }

    /// Scalars a field may hold per character of its limit. A character is what one sees: "é" written as two
    /// scalars, a family emoji as seven; but one "a" with 30,000 accents is one character too, so the
    /// character limit alone bounds nothing (a 40-character name of 240 KB).
    public static let scalarsPerCharacter = 8

    /// The reason `text` is refused for holding too many scalars for `limit` characters, or nil.
    static func scalarProblem(_ text: String, limit: Int) -> String? {
        text.unicodeScalars.count > limit * scalarsPerCharacter ? "Too many accents or joined characters" : nil
    }

    /// Characters no field may hold, whichever way it arrives: C0 and C1 controls and DEL (escape sequences
    /// start with them), bidirectional embeddings, overrides and isolates (they reorder the text around them
    /// on screen), and line and paragraph separators.
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069: true
        case 0x2028, 0x2029: true
        default: false
        }
    }

    /// Whether `text` holds a character no field may hold.
    public static func hasForbiddenCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isForbidden)
    }

    /// The reason a first name is refused, or nil when it is fine. Every friend has one; a friend of one name
    /// ("Mom", "Cher", a company) has only that.
    public static func nameProblem(_ name: String) -> String? {
        let trimmed = name.trimmingSpaces()
        if trimmed.isEmpty { return "Required" }
        return optionalNameProblem(trimmed)
    }

    /// The reason a last name is refused, or nil when it is fine or empty (it is optional).
    public static func lastNameProblem(_ name: String) -> String? {
        let trimmed = name.trimmingSpaces()
        return trimmed.isEmpty ? nil : optionalNameProblem(trimmed)
    }

    private static func optionalNameProblem(_ trimmed: String) -> String? {
        if trimmed.count > nameLengthRange.upperBound { return "At most \(nameLengthRange.upperBound) characters" }
        if let problem = scalarProblem(trimmed, limit: nameLengthRange.upperBound) { return problem }
        if hasForbiddenCharacter(trimmed) { return nameRule }
        // U+FFFD stands where bytes could not be read as text (a damaged card): not a name anyone wrote.
        if trimmed.unicodeScalars.contains("\u{FFFD}") { return "Holds text that could not be read" }
        return nil
    }

    /// The reason a phone number is refused, or nil when it is fine. Written as people write them: dots,
    /// slashes, an extension ("+1 555.123.4567 x12", "0711/123456", "1-800-FLOWERS"); the digits counted.
    public static func phoneProblem(_ phone: String) -> String? {
        let trimmed = phone.trimmingSpaces()
        if trimmed.isEmpty { return "Required" }
        if trimmed.count > phoneLength { return "At most \(phoneLength) characters" }
        if hasForbiddenCharacter(trimmed) { return nameRule }
        var digits = 0
        for ch in trimmed {
            if ch.isASCII, ch.isNumber { digits += 1; continue }
            if ch.isASCII, ch.isLetter || " +-()./,;#*=".contains(ch) { continue }
            return "Only digits, letters, spaces and + - ( ) . / , ; # * ="
        }
        if digits < phoneDigitRange.lowerBound { return "At least \(phoneDigitRange.lowerBound) digits" }
        if digits > phoneDigitRange.upperBound { return "At most \(phoneDigitRange.upperBound) digits" }
        return nil
    }

    /// The reason an e-mail address is refused, or nil when it is fine or empty (it is optional).
    public static func emailProblem(_ email: String?) -> String? {
        guard let email = email?.trimmingSpaces(), !email.isEmpty else { return nil }
        if email.count > emailLength || scalarProblem(email, limit: emailLength) != nil { return "Too long" }
        if hasForbiddenCharacter(email) { return "Only printable characters" }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return "Not an e-mail address" }
        let domain = parts[1]
        guard domain.contains("."), !domain.hasPrefix("."), !domain.hasSuffix("."), !domain.contains("..") else {
            return "Not an e-mail address"
        }
        if email.unicodeScalars.contains(where: { $0.properties.isWhitespace }) {
            return "Not an e-mail address"
        }
        return nil
    }

    /// The reason a place name is refused, or nil when it is fine.
    public static func placeNameProblem(_ name: String) -> String? {
        let limit = maximumLength(of: .location)
        if name.count > limit { return "At most \(limit) characters" }
        if let problem = scalarProblem(name, limit: limit) { return problem }
        if hasForbiddenCharacter(name) { return "Only printable characters" }
        if !name.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) { return "Needs at least one letter" }
        return nil
    }

    /// The most numbers a friend keeps beside the main one: more than any real card has (a vCard with hundreds
    /// of `TEL`s is a damaged or hostile one), few enough to list on the detail screen.
    public static let maxOtherPhones = 8

    /// Why the numbers beside the main one cannot be saved, or nil: each is held to the main number's rules.
    public static func otherPhonesProblem(_ phones: [String]) -> String? {
        if phones.count > maxOtherPhones { return "At most \(maxOtherPhones + 1) phone numbers" }
        for (index, phone) in phones.enumerated() {
            if let problem = phoneProblem(phone) { return "Phone number \(index + 2): \(problem)" }
        }
        return nil
    }

    /// Every problem of a draft, by field; empty when the draft can be saved.
    public static func problems(in draft: FriendDraft) -> [FriendField: String] {
        var result: [FriendField: String] = [:]
        if let p = nameProblem(draft.firstName) { result[.firstName] = p }
        if let p = lastNameProblem(draft.lastName) { result[.lastName] = p }
        if let p = phoneProblem(draft.phoneNumber) {
            result[.phoneNumber] = p
        } else if let p = otherPhonesProblem(draft.otherPhones) {
            result[.phoneNumber] = p
        }
        if let p = emailProblem(draft.email) { result[.email] = p }
        if let c = draft.coordinate, !c.isValid {
            result[.location] = "Not a valid coordinate"
        } else if let place = draft.placeName, let p = placeNameProblem(place) {
            result[.location] = p
        }
        return result
    }
}
