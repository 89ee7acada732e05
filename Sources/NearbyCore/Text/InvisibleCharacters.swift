/// Characters that draw nothing but still take a cell in some terminals or move the cursor in others
/// (a zero-width space, a stray zero-width joiner, a byte-order mark): removed from names before they are
/// shown. A joiner that builds an emoji sequence (👨‍👩‍👧) or an Indic conjunct is kept.
public enum InvisibleCharacters {
    /// `text` without the invisible characters that do not join anything.
    public static func stripped(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: isCandidate) else { return text }
        var out = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            let before = index > 0 ? scalars[index - 1] : nil
            let after = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch scalar.value {
            case 0x200D: // zero-width joiner
                if joinsEmoji(before, after) || followsVirama(before) { out.append(scalar) }
            case 0x200C: // zero-width non-joiner: meaningful between letters (Persian, Indic)
                if let before, let after, isLetterOrMark(before), isLetterOrMark(after) { out.append(scalar) }
            default:
                if !isAlwaysRemoved(scalar) { out.append(scalar) }
            }
        }
        return String(out)
    }

    private static func isCandidate(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x200D || scalar.value == 0x200C || isAlwaysRemoved(scalar)
    }

    /// Zero-width space, word joiner, byte-order mark, soft hyphen, direction marks, invisible operators.
    private static func isAlwaysRemoved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00AD, 0x180E, 0x200B, 0x200E, 0x200F, 0x2060...0x2064, 0xFEFF: true
        default: false
        }
    }

    private static func joinsEmoji(_ before: Unicode.Scalar?, _ after: Unicode.Scalar?) -> Bool {
        guard let before, let after else { return false }
        let left = before.properties.isEmoji || before.value == 0xFE0F || before.properties.isEmojiModifier
        return left && after.properties.isEmoji && after.value > 0x7F
    }

    private static func followsVirama(_ before: Unicode.Scalar?) -> Bool {
        before?.properties.canonicalCombiningClass == .virama
    }

    private static func isLetterOrMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark:
            true
        default:
            false
        }
    }
}
