import Testing
@testable import NearbyCore

struct TerminalSafeTextTests {
    @Test func replacesControlCharactersVisibly() {
        #expect(TerminalSafeText.sanitized("\u{1B}]0;owned\u{7}Anna") == "^[]0;owned^GAnna")
        #expect(TerminalSafeText.sanitized("a\u{0}b\u{7F}c\u{9B}31m\nd\te") == "a^@b^?c\u{FFFD}31m^Jd^Ie")
    }

    @Test func leavesOrdinaryTextAlone() {
        for text in ["Anna Beck", "Zoë Ölz", "佐藤 美咲", "محمد", "🇱🇮 Vaduz", ""] {
            #expect(TerminalSafeText.sanitized(text) == text)
        }
    }
}
