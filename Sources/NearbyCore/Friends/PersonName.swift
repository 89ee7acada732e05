/// A name as its language writes it: "Anna Beck", but "李小龍" and "홍길동", family name first and with no space,
/// when the name is written in Chinese, Japanese or Korean script (a card's N:李;小龍 is not "小龍 李").
public enum PersonName {
    public static func display(first: String, last: String) -> String {
        if last.isEmpty { return first }
        if first.isEmpty { return last }
        if isEastAsian(last) && isEastAsian(first) { return last + first }
        return first + " " + last
    }

    /// Whether `text` is written in Han, kana or Hangul (the first letter decides).
    static func isEastAsian(_ text: String) -> Bool {
        guard let letter = text.unicodeScalars.first(where: { $0.properties.isAlphabetic }) else { return false }
        switch letter.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF: return true // hiragana, katakana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: return true // Han
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return true // Hangul
        default: return false
        }
    }
}
