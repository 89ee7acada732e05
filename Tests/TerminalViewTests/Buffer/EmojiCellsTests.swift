import Testing
@testable import TerminalView
@testable import TerminalText

/// Emoji sequences in the cell buffer: what `DisplayWidth` counts is what the buffer draws.
struct EmojiCellsTests {
    /// The family of `EmojiFoldTests`: man, woman, girl, boy, joined.
    static let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"

    /// The cells hold exactly the folded text, as many columns as `DisplayWidth` counts, and no joiner.
    @Test func theCellBufferDrawsWhatDisplayWidthCounts() {
        let buffer = CellBuffer(size: Size(width: 20, height: 1))
        let name = "Ann\(Self.family) Zwj 🇱🇮"
        let written = buffer.write(name, at: Point(x: 0, y: 0), style: .plain)
        #expect(written == DisplayWidth.of(name))
        #expect(written == 12)
        #expect(buffer.cells.map(\.text).joined() == "Ann👨 Zwj LI" + String(repeating: " ", count: 8))
        #expect(!buffer.cells.contains { $0.markCount > 0 }, "a ZWJ or a selector became a mark")
        // Truncated in a column, the sequence goes whole or stays whole.
        buffer.write("Ann\(Self.family) Zwj", in: Rect(x: 0, y: 0, width: 6, height: 1), style: .plain)
        #expect(buffer.cells.prefix(6).map(\.text).joined() == "Ann👨…")
    }
}
