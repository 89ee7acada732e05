import Foundation
import NearbyCore
import Testing
import TestSupport
@testable import NearbyData

struct FriendsVCardImportTests {
    private func makeRepository() throws -> LocalFriendsRepository {
        LocalFriendsRepository(database: try AppDatabase.inMemory(), now: { Date(timeIntervalSince1970: 1_763_700_000) })
    }

    /// `count` cards in varied scripts, every seventh with a location and every third with an e-mail.
    static func generatedCards(_ count: Int) -> Data {
        let firstNames = ["Anna", "José", "Zoë", "Владимир", "美咲", "محمد", "Łukasz", "Nguyễn", "O'Brien", "Søren"]
        let lastNames = ["Beck", "Müller", "Иванов", "佐藤", "Öhler", "van der Berg", "Dvořák", "Kowalski"]
        var text = ""
        text.reserveCapacity(count * 160)
        for index in 0..<count {
            text += "BEGIN:VCARD\r\nVERSION:4.0\r\n"
            let first = firstNames[index % firstNames.count]
            let last = lastNames[(index / firstNames.count) % lastNames.count]
            text += "FN:\(first) \(last)\r\nN:\(last);\(first);;;\r\n"
            text += "TEL;TYPE=cell:+41 44 \(100_000 + index)\r\n"
            if index % 3 == 0 { text += "EMAIL:friend\(index)@example.org\r\n" }
            if index % 7 == 0 { text += "GEO:geo:\(Double(index % 90)),\(Double(index % 180))\r\n" }
            text += "UID:urn:example:\(index)\r\nEND:VCARD\r\n"
        }
        return Data(text.utf8)
    }

    /// A card's every number is stored, found by the filter and written back by the export.
    @Test func keepsEveryNumberOfACard() async throws {
        let repository = try makeRepository()
        let text = """
        BEGIN:VCARD
        VERSION:3.0
        FN:Mom
        TEL;TYPE=HOME:+423 555 0100
        TEL;TYPE=CELL:+423 555 0101
        TEL;TYPE=WORK:0711/123456 x12
        END:VCARD
        """
        let summary = try await repository.importVCard(Data(text.utf8))
        #expect(summary.imported == 1)
        let mom = try #require(try await repository.listFriends().first)
        #expect(mom.phoneNumber == "+423 555 0101")
        #expect(mom.otherPhones == ["+423 555 0100", "0711/123456 x12"])
        #expect(try await repository.friendsPage(filter: "123456", offset: 0, limit: 10).total == 1)
        let card = VCardWriter.card(for: mom)
        #expect(card.components(separatedBy: "\r\n").filter { $0.hasPrefix("TEL") } == [
            "TEL;PREF=1:+423 555 0101", "TEL;PREF=2:+423 555 0100", "TEL;PREF=3:0711/123456 x12",
        ])
        // Exported and imported again: the same numbers, so the same friend (a duplicate, not a second one).
        #expect(try await repository.importVCard(Data(card.utf8)).duplicates == 1)
        // An edit of the main number keeps the others.
        var edit = mom.draft
        edit.phoneNumber = "+423 555 0199"
        #expect(try await repository.updateFriend(id: mom.id, with: edit).otherPhones == mom.otherPhones)
    }

    @Test func importsReadableCardsAndReportsTheOthers() async throws {
        let repository = try makeRepository()
        let text = """
        BEGIN:VCARD
        VERSION:3.0
        N:Beck;Anna;;;
        TEL:+423 555 0101
        GEO:47.141;9.5209
        EMAIL:anna@
        END:VCARD
        BEGIN:VCARD
        N:Nobody;;;;
        TEL:123
        END:VCARD
        BEGIN:VCARD
        VERSION:4.0
        FN:Linh Ng
        TEL;VALUE=uri:tel:+84-24-555-0102
        """
        let summary = try await repository.importVCard(Data(text.utf8))
        // "Nobody" has one name, which is enough.
        #expect(summary.imported == 2)
        #expect(summary.issues == [VCardIssue(line: 12, reason: "the card has no END:VCARD")])
        #expect(summary.warnings == [VCardIssue(line: 1, reason: "e-mail left out: Not an e-mail address")])
        let friends = try await repository.listFriends()
        #expect(friends.map(\.fullName) == ["Anna Beck", "Nobody"])
        #expect(friends.first?.coordinate == Coordinate(latitude: 47.141, longitude: 9.5209))
    }

    @Test func importingTheSameCardsTwiceAddsThemOnce() async throws {
        let repository = try makeRepository()
        let data = Self.generatedCards(30)
        #expect(try await repository.importVCard(data) == FriendsImportSummary(imported: 30))
        #expect(try await repository.importVCard(data) == FriendsImportSummary(duplicates: 30))
        #expect(try await repository.friendsPage(filter: nil, offset: 0, limit: 0).total == 30)
    }

    @Test func exportThenImportGivesTheSameFriends() async throws {
        let source = try makeRepository()
        _ = try await source.importVCard(Self.generatedCards(50))
        let exported = VCardWriter.write(try await source.listFriends())
        let target = try makeRepository()
        #expect(try await target.importVCard(Data(exported.utf8)).imported == 50)
        #expect(try await target.listFriends().map(\.draft) == source.listFriends().map(\.draft))
    }

    @Test(.computeBound) func importsOneHundredThousandCardsInOneTransactionAndPagesToTheEnd() async throws {
        let repository = try makeRepository()
        let data = Self.generatedCards(100_000)
        // Speed is measured by docs/benchmarks.md, not here: this checks the import and the window are right.
        let summary = try await repository.importVCard(data)
        #expect(summary.imported == 100_000)
        #expect(summary.issues.isEmpty)

        let page = try await repository.friendsPage(filter: nil, offset: 99_950, limit: 50)
        #expect(page.friends.count == 50)
        #expect(page.total == 100_000)
        let all = try await repository.listFriends()
        #expect(page.friends == Array(all[99_950...]))

        let filtered = try await repository.friendsPage(filter: "muller", offset: 0, limit: 20)
        #expect(filtered.total == 12_500)
        #expect(filtered.friends.allSatisfy { $0.lastName == "Müller" })
    }
}
