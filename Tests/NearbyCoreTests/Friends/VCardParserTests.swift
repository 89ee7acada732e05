import Foundation
import Testing
@testable import NearbyCore

struct VCardParserTests {
    private func parse(_ text: String) -> [VCardEntry] {
        VCardParser.parse(Array(text.utf8))
    }

    private func contacts(_ entries: [VCardEntry]) -> [VCardContact] {
        entries.compactMap { if case .contact(let contact) = $0 { contact } else { nil } }
    }

    private func issues(_ entries: [VCardEntry]) -> [VCardIssue] {
        entries.compactMap { if case .issue(let issue) = $0 { issue } else { nil } }
    }

    @Test func readsVersion3() throws {
        let text = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        N:Beck;Anna;;;\r
        FN:Anna Beck\r
        TEL;TYPE=HOME,VOICE:+423 555 0100\r
        TEL;TYPE=CELL:+423 555 0101\r
        EMAIL;TYPE=INTERNET:anna@example.li\r
        GEO:47.141;9.5209\r
        END:VCARD\r

        """
        let found = try #require(contacts(parse(text)).first)
        #expect(found.line == 1)
        // The mobile number first; the home number kept beside it.
        #expect(found.draft == FriendDraft(firstName: "Anna", lastName: "Beck", phoneNumber: "+423 555 0101",
                                           email: "anna@example.li",
                                           coordinate: Coordinate(latitude: 47.141, longitude: 9.5209),
                                           otherPhones: ["+423 555 0100"]))
        #expect(found.warnings.isEmpty)
    }

    /// Real address books hold a mobile, a home and a work number on one card: every one is kept, the preferred
    /// (or mobile) one first, the rest in the card's order of preference; a broken one is named, not kept.
    @Test func keepsEveryPhoneNumberOfACard() throws {
        let text = """
        BEGIN:VCARD
        VERSION:4.0
        FN:Anna Beck
        TEL;TYPE=work;PREF=3:+423 555 0300
        TEL;TYPE=home:+423 555 0100
        TEL;TYPE=cell;PREF=1:+423 555 0101
        TEL;TYPE=fax:12
        TEL;TYPE=work;PREF=2:0711/123456 x12
        TEL:+423 555 0101
        END:VCARD
        """
        let found = try #require(contacts(parse(text)).first)
        #expect(found.draft.phoneNumber == "+423 555 0101")
        #expect(found.draft.otherPhones == ["0711/123456 x12", "+423 555 0300", "+423 555 0100"])
        #expect(found.warnings.map(\.reason) == ["phone number left out: At least 3 digits"])
    }

    @Test func keepsAtMostNinePhoneNumbers() throws {
        let phones = (0..<12).map { "TEL:+423 555 01\($0 + 10)\n" }.joined()
        let found = try #require(contacts(parse("BEGIN:VCARD\nFN:Many\n\(phones)END:VCARD\n")).first)
        #expect(found.draft.phoneNumber == "+423 555 0110")
        #expect(found.draft.otherPhones.count == FriendValidation.maxOtherPhones)
        #expect(found.warnings.map(\.reason) == ["3 more phone numbers left out: at most 9 numbers are kept"])
    }

    @Test func readsVersion4WithURIsGroupsAndPreference() throws {
        let text = """
        BEGIN:VCARD
        VERSION:4.0
        FN:Jürgen Öhler
        N:Öhler;Jürgen;;;
        item1.TEL;VALUE=uri;TYPE="voice,home":tel:+41-44-555-0100
        TEL;VALUE=uri;PREF=1;TYPE="voice,work":tel:+41-44-555-0199;ext=12
        item2.EMAIL;PREF=2:second@example.ch
        EMAIL;PREF=1:first@example.ch
        GEO:geo:47.3769,8.5417
        ADR;TYPE=home:;;Bahnhofstrasse 1;Zürich;;8001;Switzerland
        UID:urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1
        END:VCARD
        """
        let found = try #require(contacts(parse(text)).first)
        #expect(found.draft.firstName == "Jürgen")
        #expect(found.draft.lastName == "Öhler")
        #expect(found.draft.phoneNumber == "+41-44-555-0199")
        #expect(found.draft.otherPhones == ["+41-44-555-0100"])
        #expect(found.draft.email == "first@example.ch")
        #expect(found.draft.coordinate == Coordinate(latitude: 47.3769, longitude: 8.5417))
        #expect(found.draft.placeName == "Bahnhofstrasse 1, Zürich, 8001, Switzerland")
        #expect(found.uid == "urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1")
    }

    @Test func unfoldsCRLFAndLFWithSpaceOrTab() throws {
        let text = "BEGIN:VCARD\r\nVERSION:4.0\r\nN:Beck;An\r\n na;;;\nTEL:+423 \n\t555 0101\r\nEMAIL:an\r\n  na@example.li\r\nEND:VCARD\r\n"
        let found = try #require(contacts(parse(text)).first)
        #expect(found.draft.firstName == "Anna")
        #expect(found.draft.phoneNumber == "+423 555 0101")
        // Only the first whitespace of a continuation is the fold; the second is content.
        #expect(found.draft.email == nil)
        #expect(found.warnings.map(\.reason) == ["e-mail left out: Not an e-mail address"])
    }

    @Test func resolvesEscapes() throws {
        let text = """
        BEGIN:VCARD
        VERSION:4.0
        N:O'Brien;Mary-Jane;;;
        TEL:123 456
        ADR:;;Main St. 1\\, back door\\;left\\nfloor 2\\\\b;Town;;;
        END:VCARD
        """
        let found = try #require(contacts(parse(text)).first)
        // A place name is one line: the street's second line follows a comma.
        #expect(found.draft.placeName == "Main St. 1, back door;left, floor 2\\b, Town")
        #expect(VCardText.unescape(#"a\,b\;c\nd\Ne\\f\"#) == "a,b;c\nd\ne\\f\\")
        #expect(VCardText.split(#"a\;b;c\\;d"#, at: ";") == [#"a\;b"#, #"c\\"#, "d"])
    }

    @Test func readsSeveralCardsAndReportsABadOneByLineWhileOthersImport() {
        let text = """
        BEGIN:VCARD
        VERSION:4.0
        N:Beck;Anna;;;
        TEL:+423 555 0101
        END:VCARD
        BEGIN:VCARD
        VERSION:4.0
        N:Meier;Max;;;
        END:VCARD
        BEGIN:VCARD
        VERSION:4.0
        N:Ng;Linh;;;
        TEL:55
        END:VCARD
        BEGIN:VCARD
        VERSION:4.0
        N:Smith\u{202E};Jo;;;
        TEL:123
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        FN:Zoë van der Berg
        TEL:0123
        END:VCARD
        """
        let entries = parse(text)
        #expect(contacts(entries).map { "\($0.draft.firstName) \($0.draft.lastName)" } == ["Anna Beck", "Zoë van der Berg"])
        #expect(issues(entries) == [
            VCardIssue(line: 6, reason: "no phone number (TEL)"),
            VCardIssue(line: 10, reason: "phone number: At least 3 digits"),
            VCardIssue(line: 15, reason: "last name: \(FriendValidation.nameRule)"),
        ])
        #expect(contacts(entries).last?.line == 20)
    }

    @Test func fallsBackToFNAndFillsGapsOfN() {
        let text = """
        BEGIN:VCARD
        FN:Anna Maria Beck
        TEL:123
        END:VCARD
        BEGIN:VCARD
        N:Beck;;;;
        FN:Lena Beck
        TEL:123
        END:VCARD
        BEGIN:VCARD
        FN:Madonna
        TEL:123
        END:VCARD
        BEGIN:VCARD
        TEL:123
        END:VCARD
        """
        let entries = parse(text)
        #expect(contacts(entries).map { [$0.draft.firstName, $0.draft.lastName] } == [
            ["Anna Maria", "Beck"], ["Lena", "Beck"], ["Madonna", ""],
        ])
        #expect(issues(entries) == [VCardIssue(line: 14, reason: "no name (N or FN)")])
    }

    /// Cards of one name, as real address books hold them (the walkthrough's P2 8).
    @Test func friendsOfOneNameAndCompaniesAreRead() {
        let text = """
        BEGIN:VCARD
        VERSION:3.0
        FN:Mom
        TEL:+423 555 0101
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        N:;Cher;;;
        FN:Cher
        TEL:+1 555.123.4567
        END:VCARD
        BEGIN:VCARD
        VERSION:4.0
        KIND:org
        FN:Smith & Co
        ORG:Smith & Co
        TEL:0711/123456
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        N:Beck;;;;
        TEL:123 x12
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        FN:Anna (work)
        ORG:Anna (work)
        TEL:123
        END:VCARD
        """
        let entries = parse(text)
        #expect(issues(entries).isEmpty)
        #expect(contacts(entries).map { [$0.draft.firstName, $0.draft.lastName, $0.draft.phoneNumber] } == [
            ["Mom", "", "+423 555 0101"], ["Cher", "", "+1 555.123.4567"], ["Smith & Co", "", "0711/123456"],
            ["Beck", "", "123 x12"], ["Anna (work)", "", "123"],
        ])
    }

    @Test func reportsNestingErrors() {
        let text = """
        BEGIN:VCARD
        N:Beck;Anna;;;
        TEL:123
        BEGIN:VCARD
        N:Meier;Max;;;
        TEL:456
        END:VCARD
        END:VCARD
        hello
        world
        BEGIN:VCARD
        N:Ng;Linh;;;
        TEL:789
        """
        let entries = parse(text)
        #expect(contacts(entries).map(\.draft.lastName) == ["Meier"])
        #expect(issues(entries) == [
            VCardIssue(line: 1, reason: "the card has no END:VCARD before the next card on line 4"),
            VCardIssue(line: 8, reason: "END:VCARD without BEGIN:VCARD"),
            VCardIssue(line: 9, reason: "not vCard text (outside BEGIN:VCARD … END:VCARD)"),
            VCardIssue(line: 11, reason: "the card has no END:VCARD"),
        ])
    }

    @Test func geoForms() {
        #expect(VCardCardBuilder.coordinate(from: "geo:47.1,9.5") == Coordinate(latitude: 47.1, longitude: 9.5))
        #expect(VCardCardBuilder.coordinate(from: "GEO:47.1,9.5,430;u=10") == Coordinate(latitude: 47.1, longitude: 9.5))
        #expect(VCardCardBuilder.coordinate(from: "47.1;9.5") == Coordinate(latitude: 47.1, longitude: 9.5))
        #expect(VCardCardBuilder.coordinate(from: " -33.9 ; 151.2 ") == Coordinate(latitude: -33.9, longitude: 151.2))
        #expect(VCardCardBuilder.coordinate(from: "geo:91,0") == nil)
        #expect(VCardCardBuilder.coordinate(from: "geo:nan,0") == nil)
        #expect(VCardCardBuilder.coordinate(from: "here") == nil)
        #expect(VCardCardBuilder.coordinate(from: "1;2;3") == nil)
    }

    @Test func aBadOptionalFieldIsLeftOutWithAWarning() throws {
        let text = "BEGIN:VCARD\nN:Beck;Anna\nTEL:123\nGEO:geo:200,1\nEMAIL:nope\nEND:VCARD\n"
        let found = try #require(contacts(parse(text)).first)
        #expect(found.draft.coordinate == nil)
        #expect(found.draft.email == nil)
        #expect(found.warnings.map(\.reason) == ["e-mail left out: Not an e-mail address",
                                                 "location (GEO) left out: not a coordinate"])
    }

    @Test func chunkBoundariesDoNotMatter() {
        let text = Array("BEGIN:VCARD\r\nN:Beck;Anna;;;\r\nTEL:+423 555\r\n  0101\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:Linh Ng\r\nTEL:1 2 3\r\nEND:VCARD".utf8)
        let whole = VCardParser.parse(text)
        #expect(contacts(whole).count == 2)
        for size in [1, 2, 3, 7, 13] {
            var parser = VCardParser()
            var entries: [VCardEntry] = []
            var start = 0
            while start < text.count {
                let end = min(start + size, text.count)
                entries += parser.read(Array(text[start..<end]))
                start = end
            }
            entries += parser.finish()
            #expect(entries == whole, "chunks of \(size)")
        }
    }

    @Test func ignoresCaseAndUnknownPropertiesAndParsesQuotedParameters() throws {
        let text = """
        begin:vcard
        version:4.0
        x-custom;x-param="a:b;c":value
        photo;encoding=b;type=jpeg:AAAA
        n;language=de:Beck;Anna;;;
        tel;cell:+423 555 0101
        end:vcard
        """
        let found = try #require(contacts(parse(text)).first)
        #expect(found.draft.firstName == "Anna" && found.draft.lastName == "Beck")
        let line = try #require(VCardContentLine.parse(Array(#"item1.TEL;TYPE="a,b";PREF=1;CELL:tel:1"#.utf8)))
        #expect(line.name == "TEL")
        #expect(line.types == ["A", "B", "CELL"])
        #expect(line.preference == 1)
        #expect(line.value == "tel:1")
    }
}
