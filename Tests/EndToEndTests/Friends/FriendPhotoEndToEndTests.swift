import Foundation
import Testing
import TestSupport

/// A friend's photo in a real terminal (tmux, 256 colours): imported from a vCard, drawn in blocks on the
/// friend's detail in the picture's colours, gone from the screen when the help covers it or the detail is left,
/// and drawn again after ctrl-l; `images = "off"` draws none.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .terminal)
struct FriendPhotoEndToEndTests {
    /// Block elements, the characters libchafa draws pictures with (a solid colour is a coloured space).
    static func blocks(_ text: String) -> Int {
        text.unicodeScalars.filter { (0x2580...0x259F).contains($0.value) }.count
    }

    /// Cells drawn on a red background: the photo is a red square on blue.
    static func redCells(_ screen: ShownScreen) -> Int {
        screen.rows.joined().filter { $0.style.background == "48;5;196" }.count
    }

    static func importAnna(into data: String, folder: URL) async throws {
        // A red disc on blue, 200 × 200: its edges need half blocks and quadrants, its inside is red.
        let png = TestPictures.png(width: 200, height: 200, rgba: TestPictures.pattern(width: 200, height: 200) { x, y in
            (x - 100) * (x - 100) + (y - 100) * (y - 100) < 80 * 80 ? (255, 0, 0, 255) : (0, 0, 255, 255)
        })
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Anna Photo\r\nN:Photo;Anna;;;\r\nTEL:+423 555 0101\r\n"
            + "PHOTO;ENCODING=b;TYPE=PNG:" + Data(png).base64EncodedString() + "\r\nEND:VCARD\r\n"
        let file = folder.appendingPathComponent("anna.vcf")
        try Data(card.utf8).write(to: file)
        let output = try await Command.output(Binaries.nearby, ["friends", "import", "--data-dir", data, file.path])
        #expect(output.contains("Imported 1 friend with 1 photo."), "\(output)")
    }

    /// A session on the friends list of a store holding Anna and her photo, with `settings` before the app.
    static func openAnna(settings: String = "") async throws -> TmuxSession {
        let session = try await TmuxSession.start(width: 100, height: 30)
        let data = session.dataDirectory.appendingPathComponent("app").path
        try await importAnna(into: data, folder: session.dataDirectory)
        // NO_COLOR (which the test runner may carry) would rightly turn pictures off.
        try session.run("env -u NO_COLOR \(settings) \(TmuxSession.binary.path) --data-dir \(data) --open friends; echo EXIT=$?")
        try await session.waitFor(text: "Friends · 1")
        try session.press("Enter")
        return session
    }

    @Test func aPhotoIsDrawnOnTheDetailAndLeavesNothingBehind() async throws {
        let session = try await Self.openAnna()
        try await session.waitFor("the photo in blocks") { Self.blocks($0) > 10 }
        let detail = try await session.settledScreen()
        #expect(Self.redCells(detail) > 50, "\(detail.text)")
        #expect(detail.text.contains("Anna Photo"))
        // The picture sits at the right, beside the lines, never over them.
        let phoneRow = try #require(detail.text.split(separator: "\n").first { $0.contains("555 0101") })
        #expect(phoneRow.hasPrefix("  Phone"))

        // The help covers the picture: no red cell inside the help's box.
        try session.press("?")
        try await session.waitFor(text: "Friend — keys")
        let help = try await session.settledScreen()
        #expect(Self.redCells(help) < Self.redCells(detail))

        try session.press("Escape")
        try await session.waitFor("the photo again") { Self.blocks($0) > 10 }
        // ctrl-l repaints every cell: the same picture again.
        let before = try await session.settledScreen()
        try session.press("C-l")
        let after = try await session.settledScreen()
        #expect(ShownScreen.firstDifference(before, after) == nil)

        // Leaving the detail leaves no block behind.
        try session.press("Escape")
        try await session.waitFor(text: "Friends · 1")
        let list = try await session.settledScreen()
        #expect(Self.blocks(list.text) == 0 && Self.redCells(list) == 0, "\(list.text)")
        try session.press("Q")
        try await session.waitFor(text: "EXIT=0")
        await session.close()
    }

    @Test func imagesOffDrawsNoPhoto() async throws {
        let session = try await Self.openAnna(settings: "NEARBY_IMAGES=off")
        try await session.waitFor(text: "555 0101")
        let detail = try await session.settledScreen()
        #expect(Self.blocks(detail.text) == 0 && Self.redCells(detail) == 0)
        #expect(!detail.text.contains("picture"))
        try session.press("Q")
        try await session.waitFor(text: "EXIT=0")
        await session.close()
    }
}
