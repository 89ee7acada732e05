import Foundation
import Testing
import TestSupport

/// The attack's N7: a friend named with a family emoji (a ZWJ sequence) corrupted the screen under tmux, which
/// joins what follows a ZWJ into the cell before it while the app counted one cell per face: text of earlier
/// screens stayed ("Nearby · Ann👨‍👩ds‍👧 ·‍👦 2 Zwj"). The app now draws the sequence as its first emoji, so every
/// screen shows exactly what it shows for a friend named with that emoji alone.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .terminal)
struct EmojiNameEndToEndTests {
    @Test func aFamilyEmojiInANameLeavesNoStrayTextOnTheListOrTheDetail() async throws {
        let family = try await screens(first: "Ann👨\u{200D}👩\u{200D}👧\u{200D}👦")
        let single = try await screens(first: "Ann👨")
        for (index, name) in ["list", "detail", "list again"].enumerated() {
            // The two runs may straddle a minute, so the detail's "Added"/"Updated" times are left out.
            #expect(Self.timeless(family[index].text) == Self.timeless(single[index].text),
                    "the \(name) differs from the one of “Ann👨”:\n\(family[index].text)")
        }
        #expect(family[1].text.split(separator: "\n").first.map(String.init)?.hasPrefix(" Nearby · Ann👨 Zwj") == true,
                "the detail's header: \(family[1].text)")
    }

    /// The text with each "YYYY-MM-DD HH:MM" replaced by one placeholder.
    private static func timeless(_ text: String) -> String {
        text.replacingOccurrences(of: #"\d{4}-\d{2}-\d{2} \d{2}:\d{2}"#, with: "(time)", options: .regularExpression)
    }

    /// The friends list, a friend's detail and the list again for friends "FIRST Zwj" and "Bob Plain", each as
    /// it shows once the keys' frames have arrived; and each the same after ctrl-l repaints every cell.
    private func screens(first: String) async throws -> [ShownScreen] {
        let session = try await TmuxSession.start(width: 80, height: 20)
        let data = session.dataDirectory.appendingPathComponent("app").path
        try await Command.output(Binaries.nearby, ["friends", "add", "--data-dir", data, "--first", first,
                                                   "--last", "Zwj", "--phone", "+423 555 0101"])
        try await Command.output(Binaries.nearby, ["friends", "add", "--data-dir", data, "--first", "Bob",
                                                   "--last", "Plain", "--phone", "+423 555 0102"])
        try session.run("\(TmuxSession.binary.path) --data-dir \(data) --open friends; echo EXIT=$?")
        try await session.waitFor(text: "Friends · 2")
        var shown = [try await settledAndRepainted(session)]
        try session.press("j")
        try session.press("Enter")
        try await session.waitFor(text: "555 0101")
        shown.append(try await settledAndRepainted(session))
        try session.press("Escape")
        try await session.waitFor(text: "Friends · 2")
        shown.append(try await settledAndRepainted(session))
        try session.press("Q")
        try await session.waitFor(text: "EXIT=0")
        await session.close()
        return shown
    }

    /// The screen once two captures a moment apart agree, checked against a full repaint (ctrl-l): a frame that
    /// left stray cells shows them only until the repaint.
    private func settledAndRepainted(_ session: TmuxSession) async throws -> ShownScreen {
        let shown = try await session.settledScreen()
        try session.press("C-l")
        let repainted = try await session.settledScreen()
        let difference = ShownScreen.firstDifference(shown, repainted)
        #expect(difference == nil, "\(difference ?? "")")
        return shown
    }
}
