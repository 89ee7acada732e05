import Foundation

/// A field of the friend form.
public enum FriendField: String, CaseIterable, Hashable, Sendable, Codable {
    case firstName, lastName, phoneNumber, email, location
}

/// The rules every way of adding a friend shares: the form, the command line, the server, vCard import.
public enum FriendValidation {
    public static let nameLengthRange = 1...40
    public static let phoneDigitRange = 3...20
    /// What the name rule allows, said the same way wherever a name is refused.
    public static let nameRule = "Only letters, emoji, spaces, hyphens, apostrophes and periods"

    /// The most characters a field takes where it is typed (the form stops there and says so).
    public static func maximumLength(of field: FriendField) -> Int {
        switch field {
        case .firstName, .lastName: nameLengthRange.upperBound
        case .phoneNumber: 32
        case .email: 254
        case .location: FriendLocationInput.placeNameLengthRange.upperBound
        }
    }

    /// The reason a name is refused, or nil when it is fine.
    public static func nameProblem(_ name: String) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return "Required" }
        if trimmed.count > nameLengthRange.upperBound { return "At most \(nameLengthRange.upperBound) characters" }
        var hasLetter = false
        for scalar in trimmed.unicodeScalars {
            let props = scalar.properties
            if props.isAlphabetic { hasLetter = true; continue }
            // Combining marks belong to the letter before them (decomposed accents).
            if props.generalCategory == .nonspacingMark || props.generalCategory == .spacingMark { continue }
            if scalar == " " || scalar == "-" || scalar == "'" || scalar == "\u{2019}" || scalar == "." { continue }
            if isEmojiPart(scalar) { continue }
            return nameRule
        }
        return hasLetter ? nil : "Needs at least one letter"
    }

    /// A scalar of an emoji (李小龍🐉, 👩🏽‍💻): pictographs, skin tones, the joiner and the emoji variation selector.
    /// Digits, # and *, which Unicode also counts as emoji (keycaps), are not.
    private static func isEmojiPart(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if scalar.value < 0x80 { return false }
        return properties.isEmoji || properties.isEmojiModifier || scalar.value == 0x200D || scalar.value == 0xFE0F
            || scalar.value == 0x20E3 || (0xE0020...0xE007F).contains(scalar.value)
    }

    /// The reason a phone number is refused, or nil when it is fine.
    public static func phoneProblem(_ phone: String) -> String? {
        let trimmed = phone.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return "Required" }
        var digits = 0
        for ch in trimmed {
            if ch.isASCII, ch.isNumber { digits += 1; continue }
            if ch == " " || ch == "+" || ch == "-" || ch == "(" || ch == ")" { continue }
            return "Only digits, spaces, +, - and parentheses"
        }
        if digits < phoneDigitRange.lowerBound { return "At least \(phoneDigitRange.lowerBound) digits" }
        if digits > phoneDigitRange.upperBound { return "At most \(phoneDigitRange.upperBound) digits" }
        return nil
    }

    /// The reason an e-mail address is refused, or nil when it is fine or empty (it is optional).
    public static func emailProblem(_ email: String?) -> String? {
        guard let email = email?.trimmingCharacters(in: .whitespaces), !email.isEmpty else { return nil }
        if email.count > 254 { return "Too long" }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return "Not an e-mail address" }
        let domain = parts[1]
        guard domain.contains("."), !domain.hasPrefix("."), !domain.hasSuffix("."), !domain.contains("..") else {
            return "Not an e-mail address"
        }
        if email.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) {
            return "Not an e-mail address"
        }
        return nil
    }

    /// Every problem of a draft, by field; empty when the draft can be saved.
    public static func problems(in draft: FriendDraft) -> [FriendField: String] {
        var result: [FriendField: String] = [:]
        if let p = nameProblem(draft.firstName) { result[.firstName] = p }
        if let p = nameProblem(draft.lastName) { result[.lastName] = p }
        if let p = phoneProblem(draft.phoneNumber) { result[.phoneNumber] = p }
        if let p = emailProblem(draft.email) { result[.email] = p }
        if let c = draft.coordinate, !c.isValid { result[.location] = "Not a valid coordinate" }
        return result
    }
}
