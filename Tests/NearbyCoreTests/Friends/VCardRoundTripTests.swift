import Foundation
import Testing
@testable import NearbyCore

struct VCardRoundTripTests {
    private static let friends: [Friend] = [
        Friend(id: 1, firstName: "Anna", lastName: "Beck", phoneNumber: "+423 555 0101", email: "anna@example.li",
               coordinate: Coordinate(latitude: 47.141, longitude: 9.5209), placeName: "Vaduz; Städtle 1, back"),
        Friend(id: 2, firstName: "Владимир", lastName: "Иванов", phoneNumber: "(495) 555-01-02"),
        Friend(id: 3, firstName: "美咲", lastName: "佐藤", phoneNumber: "+81 3 5555 0103",
               coordinate: Coordinate(latitude: -33.868_819_9, longitude: 151.209_295_5)),
        Friend(id: 4, firstName: "Mary-Jane", lastName: "O'Brien", phoneNumber: "555 0104",
               email: "mj@example.ie", placeName: "Long road name, by the \\ and the ; (both escaped)"),
        Friend(id: 5, firstName: "محمد", lastName: "e\u{301}mile", phoneNumber: "0104"),
        Friend(id: 6, firstName: "Cher", lastName: "", phoneNumber: "+1 555.123.4567",
               otherPhones: ["0711/123456", "123 x12", "+44 20 7946 0000"]),
    ]

    @Test func friendsSurviveWritingAndReading() {
        let text = VCardWriter.write(Self.friends)
        let entries = VCardParser.parse(Array(text.utf8))
        let drafts = entries.compactMap { entry -> FriendDraft? in
            if case .contact(let contact) = entry { contact.draft } else { nil }
        }
        #expect(drafts == Self.friends.map(\.draft))
        let uids = entries.compactMap { entry -> String? in if case .contact(let c) = entry { c.uid } else { nil } }
        #expect(uids == Self.friends.map { "nearby:friend:\($0.id)" })
    }

    @Test func readsWhatItWroteInAnyChunking() {
        let bytes = Array(VCardWriter.write(Self.friends).utf8)
        var parser = VCardParser()
        var entries: [VCardEntry] = []
        for chunk in stride(from: 0, to: bytes.count, by: 5) {
            entries += parser.read(Array(bytes[chunk..<min(chunk + 5, bytes.count)]))
        }
        entries += parser.finish()
        #expect(entries == VCardParser.parse(bytes))
        #expect(entries.count == Self.friends.count)
    }

    /// A friend stored before place names had their limits (a long name over two lines) still exports into a
    /// file that reads back: the friend is imported, the place left out with the reason.
    @Test func aPlaceNameBeyondTodaysRulesStillExportsAndReadsBack() {
        let legacy = Friend(id: 9, firstName: "Lena", lastName: "Long", phoneNumber: "+423 555 0106",
                            placeName: String(repeating: "Long road name ", count: 12) + "\\ and a\nline")
        let entries = VCardParser.parse(Array(VCardWriter.write([legacy]).utf8))
        guard case .contact(let contact)? = entries.first, entries.count == 1 else {
            Issue.record("expected one contact, got \(entries)")
            return
        }
        #expect(contact.draft.lastName == "Long")
        #expect(contact.draft.placeName == nil)
        #expect(contact.warnings.map(\.reason) == ["place (ADR) left out: At most 100 characters"])
    }
}
