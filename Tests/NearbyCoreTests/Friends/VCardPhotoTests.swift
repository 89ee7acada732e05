import Foundation
import Testing
@testable import NearbyCore

/// A card's `PHOTO`, in the forms address books write it: vCard 3.0's `ENCODING=b`, 2.1's `ENCODING=BASE64`,
/// 4.0's `data:` URI and an address; and a photo that cannot be kept costs the card its photo, never the card.
struct VCardPhotoTests {
    /// Bytes that are no picture, but that base64 must carry exactly: every byte value.
    static let bytes = (0...255).map { UInt8($0) } + [0xFF, 0xD8, 0xFF]
    static let base64 = Data(bytes).base64EncodedString()

    static func card(_ version: String, photo: String) -> String {
        "BEGIN:VCARD\r\nVERSION:\(version)\r\nFN:Anna Beck\r\nN:Beck;Anna;;;\r\nTEL:+423 555 0101\r\n\(photo)\r\nEND:VCARD\r\n"
    }

    static func contact(_ text: String) -> VCardContact? {
        guard case .contact(let contact)? = VCardParser.parse(Array(text.utf8)).first else { return nil }
        return contact
    }

    @Test(arguments: [
        ("3.0", "PHOTO;ENCODING=b;TYPE=JPEG:" + base64),
        ("3.0", "PHOTO;ENCODING=B;TYPE=jpeg:" + base64),
        ("2.1", "PHOTO;JPEG;ENCODING=BASE64:" + base64),
        ("4.0", "PHOTO:data:image/jpeg;base64," + base64),
        ("4.0", "PHOTO;MEDIATYPE=image/jpeg:DATA:image/jpeg;BASE64," + base64),
        ("3.0", "item1.PHOTO;ENCODING=b:" + base64),
    ])
    func embeddedPhotosAreRead(version: String, line: String) throws {
        let contact = try #require(Self.contact(Self.card(version, photo: line)))
        #expect(contact.photo == .embedded(Self.bytes))
        #expect(contact.warnings.isEmpty)
    }

    @Test func aFoldedPhotoIsReadWhole() throws {
        // Folded as vCard 3.0 writers fold: CRLF and one space, every 74 characters.
        var folded = "PHOTO;ENCODING=b;TYPE=JPEG:"
        for (index, character) in Self.base64.enumerated() {
            if index > 0 && index % 74 == 0 { folded += "\r\n " }
            folded.append(character)
        }
        let contact = try #require(Self.contact(Self.card("3.0", photo: folded)))
        #expect(contact.photo == .embedded(Self.bytes))
    }

    @Test func anAddressIsKeptAsALink() throws {
        let contact = try #require(Self.contact(Self.card("4.0", photo: "PHOTO:https://example.com/anna.jpg")))
        #expect(contact.photo == .link("https://example.com/anna.jpg"))
        let uri = try #require(Self.contact(Self.card("3.0", photo: "PHOTO;VALUE=uri:http://example.com/a.png")))
        #expect(uri.photo == .link("http://example.com/a.png"))
    }

    @Test(arguments: [
        ("PHOTO;ENCODING=b:@@@@", "photo left out: not base64"),
        ("PHOTO:data:image/jpeg;base64", "photo left out: a data: address without data"),
        ("PHOTO:file:///etc/passwd", "photo left out: neither embedded nor an http(s) address"),
        ("PHOTO:https://example.com/a b.jpg", "photo left out: not an address that can be fetched"),
        ("PHOTO:https://example.com/\u{1B}[2J.jpg", "photo left out: not an address that can be fetched"),
    ])
    func aPhotoThatCannotBeReadIsLeftOutAndTheFriendKept(line: String, warning: String) throws {
        let contact = try #require(Self.contact(Self.card("4.0", photo: line)))
        #expect(contact.photo == nil)
        #expect(contact.draft.firstName == "Anna")
        #expect(contact.warnings.map(\.reason) == [warning])
    }

    @Test func aPhotoLargerThanALineMayBeCostsOnlyThePhoto() throws {
        // A camera's picture (a few megabytes in base64) is read whole, although other lines stop at 256 KiB.
        let large = String(repeating: "QUFB", count: 750_000) // 3,000,000 characters
        let kept = try #require(Self.contact(Self.card("3.0", photo: "PHOTO;ENCODING=b:" + large)))
        #expect(kept.photo == .embedded([UInt8](repeating: 0x41, count: 2_250_000)))
        let huge = String(repeating: "QUFB", count: 2_200_000) // 8,800,000 characters, more than 8 MiB
        let contact = try #require(Self.contact(Self.card("3.0", photo: "PHOTO;ENCODING=b:" + huge)))
        #expect(contact.photo == nil)
        #expect(contact.draft.phoneNumber == "+423 555 0101")
        #expect(contact.warnings.map(\.reason) == ["photo left out: larger than 8 MiB in the file"])
    }

    @Test func theFirstPhotoOfACardIsTheOneKept() throws {
        let contact = try #require(Self.contact(Self.card("4.0", photo:
            "PHOTO:data:image/jpeg;base64,AQID\r\nPHOTO:data:image/jpeg;base64,BAUG")))
        #expect(contact.photo == .embedded([1, 2, 3]))
    }

    @Test func aWrittenPhotoIsReadBackByteForByte() throws {
        let friend = Friend(id: 7, firstName: "Anna", lastName: "Beck", phoneNumber: "+423 555 0101")
        let text = VCardWriter.write([friend]) { $0 == 7 ? Self.bytes : nil }
        #expect(text.contains("PHOTO:data:image/jpeg;base64,"))
        #expect(text.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        let contact = try #require(Self.contact(text))
        #expect(contact.photo == .embedded(Self.bytes))
        // A friend without a photo gets no PHOTO line.
        #expect(!VCardWriter.write([friend]).contains("PHOTO"))
    }
}
