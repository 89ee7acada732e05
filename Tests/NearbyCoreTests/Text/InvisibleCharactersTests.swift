import Testing
@testable import NearbyCore

@Suite("Invisible characters")
struct InvisibleCharactersTests {
    @Test func zeroWidthSpacesAndStrayJoinersGo() {
        #expect(InvisibleCharacters.stripped("Ca\u{200B}fé") == "Café")
        #expect(InvisibleCharacters.stripped("open \u{200D}· until 22:00") == "open · until 22:00")
        #expect(InvisibleCharacters.stripped("\u{FEFF}Bar\u{2060}") == "Bar")
        #expect(InvisibleCharacters.stripped("soft\u{00AD}hyphen") == "softhyphen")
    }

    @Test func joinersThatBuildSomethingStay() {
        let family = "👨\u{200D}👩\u{200D}👧"
        #expect(InvisibleCharacters.stripped("Family \(family) Café") == "Family \(family) Café")
        let rainbow = "🏳\u{FE0F}\u{200D}🌈"
        #expect(InvisibleCharacters.stripped(rainbow) == rainbow)
        let conjunct = "क्\u{200D}ष"
        #expect(InvisibleCharacters.stripped(conjunct) == conjunct)
        let persian = "می\u{200C}خواهم"
        #expect(InvisibleCharacters.stripped(persian) == persian)
        #expect(InvisibleCharacters.stripped("plain") == "plain")
    }
}
