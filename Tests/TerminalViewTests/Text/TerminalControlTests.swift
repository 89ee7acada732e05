import Foundation
import Testing
@testable import TerminalView

/// The exact bytes of OSC 52 copies and OSC 8 links, and what is kept out of them.
struct TerminalControlTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func aCopyIsOneOSC52WithTheTextInBase64() {
        #expect(text(TerminalControl.clipboard("Städtle 29") ?? []) == "\u{1B}]52;c;U3TDpGR0bGUgMjk=\u{1B}\\")
        #expect(text(TerminalControl.clipboard("geo:47.14100,9.52090") ?? [])
            == "\u{1B}]52;c;Z2VvOjQ3LjE0MTAwLDkuNTIwOTA=\u{1B}\\")
    }

    @Test func base64MatchesFoundationForEveryPaddingLength() {
        for length in 0..<40 {
            let bytes = (0..<length).map { UInt8(($0 * 37 + 11) % 256) }
            #expect(text(TerminalControl.base64(bytes)) == Data(bytes).base64EncodedString())
        }
    }

    @Test func controlCharactersInTheTextCannotEndTheSequenceEarly() throws {
        let hostile = "Bar\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}\\\u{9B}31m\u{202E}x"
        let bytes = try #require(TerminalControl.clipboard(hostile))
        // One ESC opens, one ESC \ closes, and nothing between them is a control character.
        #expect(bytes.filter { $0 == 0x1B }.count == 2)
        #expect(!bytes.contains(0x07))
        let payload = text(Array(bytes.dropFirst(7).dropLast(2)))
        let decoded = try #require(Data(base64Encoded: payload))
        let copied = String(decoding: decoded, as: UTF8.self)
        #expect(!copied.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
        #expect(copied.hasPrefix("Bar"))
    }

    @Test func emptyOrOverlongTextIsNotSent() {
        #expect(TerminalControl.clipboard("") == nil)
        #expect(TerminalControl.clipboard(String(repeating: "a", count: TerminalControl.maxClipboardBytes)) != nil)
        #expect(TerminalControl.clipboard(String(repeating: "a", count: TerminalControl.maxClipboardBytes + 1)) == nil)
    }

    @Test func onlyPlainWebMailPhoneAndGeoTargetsBecomeLinks() {
        #expect(TerminalControl.linkTarget("https://example.org/a?b=c") == "https://example.org/a?b=c")
        #expect(TerminalControl.linkTarget("mailto:hello@example.org") == "mailto:hello@example.org")
        #expect(TerminalControl.linkTarget("tel:+4235550101") == "tel:+4235550101")
        #expect(TerminalControl.linkTarget("geo:47.1,9.5") == "geo:47.1,9.5")
        #expect(TerminalControl.linkTarget("javascript:alert(1)") == nil)
        #expect(TerminalControl.linkTarget("file:///etc/passwd") == nil)
        #expect(TerminalControl.linkTarget("https://") == nil)
        #expect(TerminalControl.linkTarget("https://example.org/a b") == nil)
        #expect(TerminalControl.linkTarget("https://example.org/\u{1B}\\x") == nil)
        #expect(TerminalControl.linkTarget("https://exämple.org") == nil)
        #expect(TerminalControl.linkTarget("https://e.org/" + String(repeating: "a", count: 2_048)) == nil)
    }

    @Test func aLinkIsWrittenAgainOverItsOwnCellsWithTheirStyleAndTheCursorRestored() {
        let buffer = CellBuffer(size: Size(width: 30, height: 3))
        let style = Style(foreground: .cyan, attributes: [.underline])
        buffer.write("a.example", in: Rect(x: 2, y: 1, width: 20, height: 1), style: style)
        buffer.addLink("https://a.example", in: Rect(x: 2, y: 1, width: 9, height: 1))
        #expect(text(TerminalControl.linkOverlay(buffer)) ==
            "\u{1B}7\u{1B}[2;3H\u{1B}]8;;https://a.example\u{1B}\\\u{1B}[0;4;36ma.example\u{1B}]8;;\u{1B}\\\u{1B}8")
    }

    /// On an ASCII terminal the link's text goes out as the frame's did: "…" as "~".
    @Test func aLinkOnAnASCIITerminalIsWrittenAgainInASCII() {
        let buffer = CellBuffer(size: Size(width: 30, height: 3))
        buffer.write("https://a.example/long-page", in: Rect(x: 0, y: 0, width: 12, height: 1), style: .plain)
        buffer.addLink("https://a.example/long-page", in: Rect(x: 0, y: 0, width: 12, height: 1))
        #expect(text(TerminalControl.linkOverlay(buffer, glyphs: .ascii)).contains("\u{1B}[0mhttps://a.e~\u{1B}]8"))
    }

    @Test func aTargetThatIsNoLinkLeavesTheBufferWithoutOne() {
        let buffer = CellBuffer(size: Size(width: 30, height: 3))
        buffer.addLink("javascript:alert(1)", in: Rect(x: 0, y: 0, width: 10, height: 1))
        buffer.addLink("https://a.example", in: Rect(x: 0, y: 5, width: 10, height: 1))
        #expect(buffer.links.isEmpty)
        #expect(TerminalControl.linkOverlay(buffer).isEmpty)
    }

    @Test func aScrolledDocumentMovesItsLinksWithItsRows() {
        var document = ScrolledDocument()
        document.render(width: 20) { buffer, rect in
            for y in 0..<10 {
                buffer.write("row \(y)", in: rect.row(y), style: .plain)
            }
            buffer.addLink("https://e.org/7", in: Rect(x: 0, y: 7, width: 5, height: 1))
            buffer.addLink("https://e.org/1", in: Rect(x: 0, y: 1, width: 5, height: 1))
            return 10
        }
        document.fit(visibleRows: 4)
        document.apply(.last)
        let screen = CellBuffer(size: Size(width: 30, height: 8))
        document.draw(in: screen, rect: Rect(x: 3, y: 2, width: 20, height: 4))
        // Rows 6 to 9 are in view from the screen's row 2: row 7 is at 3; row 1 is out of view.
        #expect(screen.links == [CellLink(y: 3, columns: 3..<8, target: "https://e.org/7")])
    }
}
