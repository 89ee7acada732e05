import Foundation
import Testing
@testable import NearbyCore

struct VCardWriterTests {
    private let anna = Friend(id: 7, firstName: "Anna", lastName: "Beck", phoneNumber: "+423 555 0101",
                              email: "anna@example.li", coordinate: Coordinate(latitude: 47.141, longitude: 9.5209),
                              placeName: "Café Amadeus, Vaduz", updatedAt: Date(timeIntervalSince1970: 1_763_700_000))

    @Test func writesVersion4WithCRLF() {
        #expect(VCardWriter.card(for: anna) == [
            "BEGIN:VCARD",
            "VERSION:4.0",
            "UID:nearby:friend:7",
            "FN:Anna Beck",
            "N:Beck;Anna;;;",
            "TEL:+423 555 0101",
            "EMAIL:anna@example.li",
            "GEO:geo:47.141,9.5209",
            "ADR:;;Café Amadeus\\, Vaduz;;;;",
            "REV:20251121T044000Z",
            "END:VCARD",
        ].map { $0 + "\r\n" }.joined())
    }

    @Test func leavesOutWhatAFriendDoesNotHave() {
        let plain = Friend(id: 1, firstName: "Linh", lastName: "Ng", phoneNumber: "123")
        let text = VCardWriter.card(for: plain)
        #expect(!text.contains("EMAIL"))
        #expect(!text.contains("GEO"))
        #expect(!text.contains("ADR"))
        #expect(text.contains("REV:19700101T000000Z\r\n"))
    }

    @Test func foldsAt75OctetsWithoutSplittingUTF8() throws {
        let place = String(repeating: "Zürich 北京 ", count: 30) + "🇱🇮"
        let folded = VCardWriter.fold("ADR:;;" + place)
        let physical = folded.components(separatedBy: "\r\n").dropLast()
        #expect(physical.count > 3)
        for (index, line) in physical.enumerated() {
            #expect(line.utf8.count <= 75)
            if index > 0 { #expect(line.hasPrefix(" ")) }
        }
        // Every physical line is valid UTF-8 on its own: no sequence was cut.
        for line in folded.split(separator: "\r\n") {
            #expect(String(validating: Array(line.utf8), as: UTF8.self) != nil)
        }
        // Full lines are used: only the last is short.
        #expect(physical.dropLast().allSatisfy { $0.utf8.count >= 72 })
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == "ADR:;;" + place + "\r\n")
    }

    @Test func shortLinesAreNotFolded() {
        let exact = "N:" + String(repeating: "a", count: 73)
        #expect(VCardWriter.fold(exact) == exact + "\r\n")
        #expect(VCardWriter.fold(exact + "b") == exact + "\r\n b\r\n")
    }

    @Test func escapesAndDropsControlCharacters() {
        #expect(VCardText.escape("a,b;c\\d\ne\r\nf") == "a\\,b\\;c\\\\d\\ne\\nf")
        #expect(VCardText.escape("\u{1B}[31mred\u{0}\u{9B}\u{7F}") == "[31mred")
    }

    @Test func writesSmallCoordinatesWithoutExponent() {
        var tiny = anna
        tiny.coordinate = Coordinate(latitude: 0.00001, longitude: -1e-7)
        #expect(VCardWriter.card(for: tiny).contains("GEO:geo:0.00001,-0.0000001\r\n"))
    }
}
