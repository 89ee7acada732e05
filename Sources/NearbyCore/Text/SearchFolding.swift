// The stdlib's canonical decomposition (`_nfd`) is SPI: FoundationEssentials has no
// `decomposedStringWithCanonicalMapping` and no `String.folding`, and a decomposition table of our own
// would be thousands of lines for the same result.
@_spi(_Unicode) import Swift

/// Folds text for matching the way users expect: case-, accent- and width-insensitive ("Cafe" finds "Café",
/// "ROLF" finds "Rølf", "strasse" finds "Straße").
public enum SearchFolding {
    /// Lower case, accents removed, letters without a decomposition spelled the way a keyboard without them
    /// writes them (ø → o, æ → ae, ß → ss, ł → l), full-width forms made ASCII, and typographic apostrophes
    /// (’ ‘ ʼ) the plain one.
    public static func fold(_ text: String) -> String {
        fold(text, expandingLetters: true)
    }

    /// Lower case and accents removed only, the way SQLite's `unicode61 remove_diacritics 2` tokenizer folds:
    /// a query for the full-text index must be folded like the index, which keeps ø, æ, ß and ł.
    public static func foldAccents(_ text: String) -> String {
        fold(text, expandingLetters: false)
    }

    private static func fold(_ text: String, expandingLetters: Bool) -> String {
        // ASCII only needs lower case, and most names and queries are ASCII.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var out = String.UnicodeScalarView()
        for scalar in text._nfd {
            let properties = scalar.properties
            // Accents, and the other marks decomposition leaves after their base letter.
            if properties.canonicalCombiningClass != .notReordered
                || properties.generalCategory == .nonspacingMark { continue }
            if expandingLetters, let spelled = expansion(of: scalar) {
                out.append(contentsOf: spelled.unicodeScalars)
                continue
            }
            if apostrophes.contains(scalar.value) {
                out.append("'")
                continue
            }
            if let narrow = narrowForm(of: scalar) {
                out.append(narrow)
                continue
            }
            out.append(contentsOf: properties.lowercaseMapping.unicodeScalars)
        }
        // Composed again, so that what is left (a Hangul syllable, a letter whose mark was kept) compares
        // equal to the same text typed precomposed, as SQLite's tokenizer sees it.
        return String(String.UnicodeScalarView(String(out)._nfc))
    }

    /// Letters that have no canonical decomposition, spelled in plain Latin letters (lower case).
    private static func expansion(of scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x00D8, 0x00F8: "o"       // Ø ø
        case 0x00C6, 0x00E6: "ae"      // Æ æ
        case 0x0152, 0x0153: "oe"      // Œ œ
        case 0x00DF, 0x1E9E: "ss"      // ß ẞ
        case 0x0141, 0x0142: "l"       // Ł ł
        case 0x0110, 0x0111, 0x00D0, 0x00F0: "d" // Đ đ Ð ð
        case 0x00DE, 0x00FE: "th"      // Þ þ
        case 0x0126, 0x0127: "h"       // Ħ ħ
        case 0x0166, 0x0167: "t"       // Ŧ ŧ
        case 0x0131: "i"               // dotless ı
        case 0x0138: "k"               // ĸ
        case 0x013F, 0x0140: "l"       // Ŀ ŀ
        case 0x0149: "n"               // ŉ
        case 0x014A, 0x014B: "n"       // Ŋ ŋ
        case 0x017F: "s"               // long s
        case 0x03C2: "σ"               // final sigma folds like sigma
        case 0xFB00: "ff"
        case 0xFB01: "fi"
        case 0xFB02: "fl"
        case 0xFB03: "ffi"
        case 0xFB04: "ffl"
        case 0xFB05, 0xFB06: "st"
        default: nil
        }
    }

    /// Marks people type as a plain apostrophe, which names spell typographically ("l’Aldosa", "Hawaiʻi").
    private static let apostrophes: Set<UInt32> = [0x2019, 0x2018, 0x02BC, 0x02BB, 0x00B4]

    /// Full-width ASCII (Ａ, １) and the ideographic space as their ordinary forms, lower-cased.
    private static func narrowForm(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        if scalar.value == 0x3000 { return " " }
        guard (0xFF01...0xFF5E).contains(scalar.value),
              let ascii = Unicode.Scalar(scalar.value - 0xFF01 + 0x21) else { return nil }
        return ascii.properties.isUppercase ? Unicode.Scalar(ascii.value + 0x20) : ascii
    }
}
