import Foundation
import Testing
@testable import NearbyCore

struct VCardHostileInputTests {
    private func contactsAndIssues(_ bytes: [UInt8]) -> (contacts: [VCardContact], issues: [VCardIssue]) {
        var contacts: [VCardContact] = []
        var issues: [VCardIssue] = []
        for entry in VCardParser.parse(bytes) {
            switch entry {
            case .contact(let contact): contacts.append(contact)
            case .issue(let issue): issues.append(issue)
            }
        }
        return (contacts, issues)
    }

    @Test func escapeSequencesAndNULsInNamesAreRefused() {
        let text = "BEGIN:VCARD\nN:\u{1B}]0;owned\u{7};Anna\nTEL:123\nEND:VCARD\nBEGIN:VCARD\nN:Be\u{0}ck;Anna\nTEL:123\nEND:VCARD\n"
            + "BEGIN:VCARD\nN:Beck;Anna\nTEL:123\u{9B}31m\nEND:VCARD\nBEGIN:VCARD\nN:Beck;Lena\nTEL:123\nEND:VCARD\n"
        let (contacts, issues) = contactsAndIssues(Array(text.utf8))
        #expect(contacts.map(\.draft.firstName) == ["Lena"])
        #expect(issues.map(\.line) == [1, 5, 9])
    }

    @Test func binaryGarbageIsOneIssueAndNoCrash() {
        var generator = SeededRandom(seed: 42)
        let garbage = (0..<200_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let (contacts, issues) = contactsAndIssues(garbage)
        #expect(contacts.isEmpty)
        #expect(issues.count == 1)
        #expect(issues.first?.line == 1)
    }

    @Test func garbageInsideACardAndInvalidUTF8DoNotStopTheFile() {
        var bytes = Array("BEGIN:VCARD\nN:Beck;Anna\n".utf8) + [0xFF, 0xFE, 0x00, 0x0A, 0xC3, 0x28, 0x3A, 0x0A]
        bytes += Array("TEL:123\nEND:VCARD\nBEGIN:VCARD\nN:".utf8) + [0xC3, 0x28] + Array(";Anna\nTEL:1 2 3\nEND:VCARD\n".utf8)
        let (contacts, issues) = contactsAndIssues(bytes)
        #expect(contacts.map(\.draft.lastName) == ["Beck"])
        #expect(issues.map(\.line) == [7])
    }

    @Test func hugeLinesAreCutAndReportedNotKept() {
        let huge = String(repeating: "A", count: 3 * VCardLineReader.maxLineBytes)
        let text = "BEGIN:VCARD\nN:Beck;Anna\nTEL:123\nPHOTO;ENCODING=b:\(huge)\nEND:VCARD\n"
            + "BEGIN:VCARD\nN:Beck;\(huge)\nTEL:123\nEND:VCARD\n"
            + "BEGIN:VCARD\nN:Ng;Linh\nTEL:456\nNOTE:" + String(repeating: "x\r\n ", count: 200_000) + "\nEND:VCARD\n"
        let (contacts, issues) = contactsAndIssues(Array(text.utf8))
        #expect(contacts.map(\.draft.lastName) == ["Beck", "Ng"])
        #expect(issues == [VCardIssue(line: 6, reason: "N on line 7 is longer than 256 KiB")])
    }

    @Test func aFileWithoutLineBreaksIsOneIssue() {
        let (contacts, issues) = contactsAndIssues(Array(repeating: UInt8(ascii: "x"), count: 1_000_000))
        #expect(contacts.isEmpty)
        #expect(issues.count == 1)
    }

    @Test func emptyInputHasNoEntries() {
        #expect(VCardParser.parse([UInt8]()).isEmpty)
        #expect(VCardParser.parse(Array("\r\n\n  \n".utf8)).count == 1)
    }

    @Test func aByteOrderMarkBeforeTheFirstCardIsAccepted() {
        let (contacts, issues) = contactsAndIssues([0xEF, 0xBB, 0xBF] + Array("BEGIN:VCARD\nN:Beck;Anna\nTEL:123\nEND:VCARD\n".utf8))
        #expect(contacts.count == 1)
        #expect(issues.isEmpty)
    }

    /// An address is a place name like any other: the form's rules hold, and a refused one is left out with a
    /// warning while the friend is imported.
    @Test(arguments: [
        ("\u{1B}]0;PWNED\u{7}\u{1B}[2J Street", "Only printable characters"),
        ("\u{1B}]52;c;ZXZpbA==\u{7}", "Only printable characters"),
        ("Main Street \u{202E}reversed", "Only printable characters"),
        ("Isolated \u{2067}text\u{2069}", "Only printable characters"),
        ("Line\u{2028}separator", "Only printable characters"),
        ("C1 \u{9B}31m", "Only printable characters"),
        (String(repeating: "L", count: 200_000), "At most 100 characters"),
    ])
    func aHostileAddressIsLeftOutWithAWarning(address: String, reason: String) {
        let text = "BEGIN:VCARD\nVERSION:4.0\nN:Long;Lena\nTEL:+423 555 0106\nADR:;;\(address);;;;\nEND:VCARD\n"
        let (contacts, issues) = contactsAndIssues(Array(text.utf8))
        #expect(issues.isEmpty)
        let contact = contacts.first
        #expect(contact?.draft.lastName == "Long")
        #expect(contact?.draft.placeName == nil)
        #expect(contact?.warnings == [VCardIssue(line: 1, reason: "place (ADR) left out: \(reason)")])
    }

    @Test func anAddressWithinTheRulesIsKept() {
        let text = "BEGIN:VCARD\nVERSION:4.0\nN:Beck;Anna\nTEL:123\nADR:;;Städtle 5;Vaduz;;9490;Liechtenstein\nEND:VCARD\n"
        let (contacts, _) = contactsAndIssues(Array(text.utf8))
        #expect(contacts.first?.draft.placeName == "Städtle 5, Vaduz, 9490, Liechtenstein")
        #expect(contacts.first?.warnings == [])
    }

    @Test func anEmailWithAC1ControlIsLeftOutLikeOneWithEscape() {
        let text = "BEGIN:VCARD\nN:Beck;Anna\nTEL:123\nEMAIL:a\u{9B}31m@b.co\nEND:VCARD\n"
            + "BEGIN:VCARD\nN:Beck;Ben\nTEL:123\nEMAIL:a\u{1B}[31m@b.co\nEND:VCARD\n"
        let (contacts, _) = contactsAndIssues(Array(text.utf8))
        #expect(contacts.map(\.draft.email) == [nil, nil])
        #expect(contacts.map(\.warnings) == [[VCardIssue(line: 1, reason: "e-mail left out: Only printable characters")],
                                             [VCardIssue(line: 6, reason: "e-mail left out: Only printable characters")]])
    }
}
