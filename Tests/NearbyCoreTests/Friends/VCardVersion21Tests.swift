import Testing
@testable import NearbyCore

struct VCardVersion21Tests {
    @Test func readsQuotedPrintableWithSoftBreaksAndLatin1() throws {
        let text = "BEGIN:VCARD\r\nVERSION:2.1\r\n"
            + "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C3=96hler;J=C3=BC=\r\nrgen;;;\r\n"
            + "TEL;CELL;VOICE:+41 44 555 0100\r\n"
            + "ADR;HOME;CHARSET=ISO-8859-1;QUOTED-PRINTABLE:;;Stra=DFe 1;Z=FCrich;;;\r\n"
            + "END:VCARD\r\n"
            + "BEGIN:VCARD\r\nN:Ng;Linh\r\nTEL:123\r\nNOTE;ENCODING=QUOTED-PRINTABLE:a=\r\n"
        let entries = VCardParser.parse(Array(text.utf8))
        guard case .contact(let contact)? = entries.first else {
            Issue.record("no contact: \(entries)")
            return
        }
        #expect(contact.draft.firstName == "Jürgen")
        #expect(contact.draft.lastName == "Öhler")
        #expect(contact.draft.phoneNumber == "+41 44 555 0100")
        #expect(contact.draft.placeName == "Straße 1, Zürich")
        #expect(entries.dropFirst() == [.issue(VCardIssue(line: 8, reason: "the card has no END:VCARD"))])
    }

    @Test func quotedPrintableKeepsWhatIsNotAnEscape() {
        #expect(VCardContentLine.decodeQuotedPrintable(Array("a=3Db=ZZ=4".utf8)[...]) == Array("a=b=ZZ=4".utf8))
    }
}
