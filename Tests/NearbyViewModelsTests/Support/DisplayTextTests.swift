import Testing
@testable import NearbyViewModels

struct DisplayTextTests {
    @Test func controlCharactersCannotReachTheTerminal() {
        #expect(DisplayText.oneLine("Anna Beck") == "Anna Beck")
        #expect(DisplayText.oneLine("a\u{1B}[2Jb") == "a\u{FFFD}[2Jb")
        #expect(DisplayText.oneLine("two\nlines\tand\r") == "two lines and ")
        #expect(DisplayText.oneLine("c1\u{9B}31m") == "c1\u{FFFD}31m")
        #expect(DisplayText.oneLine("Zoë 李") == "Zoë 李")
    }

    @Test func invisibleCharactersThatJoinNothingAreDropped() {
        #expect(DisplayText.oneLine("Café\u{200B} Amann") == "Café Amann")
        #expect(DisplayText.oneLine("open \u{200D}· until 22:00") == "open · until 22:00")
        let family = "👨\u{200D}👩\u{200D}👧"
        #expect(DisplayText.oneLine("The \(family) Inn") == "The \(family) Inn")
    }

    @Test func countsAreGroupedWithCommas() {
        #expect(DisplayText.count(0) == "0")
        #expect(DisplayText.count(999) == "999")
        #expect(DisplayText.count(1_234) == "1,234")
        #expect(DisplayText.count(100_000) == "100,000")
        #expect(DisplayText.count(1_234_567) == "1,234,567")
        #expect(DisplayText.count(-4_000) == "-4,000")
    }
}
