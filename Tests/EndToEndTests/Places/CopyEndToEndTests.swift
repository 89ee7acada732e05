import Foundation
import Testing
import TestSupport

/// `y` on a place's detail puts its address on the terminal's clipboard (tmux's paste buffer here), and the
/// links written over the detail leave the screen as it was.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .terminal)
struct CopyEndToEndTests {
    @Test func yCopiesTheAddressThroughTheTerminal() async throws {
        let session = try await TmuxSession.start()
        try session.acceptClipboard()
        try session.run("\(TmuxSession.binary.path) --demo --data-dir \(session.dataDirectory.path); echo EXIT=$?")
        try await session.waitFor(text: "Closest ATMs")
        try session.press("Down")
        try session.press("Enter")
        try await session.waitFor(text: "ATMs ·")
        try await session.waitFor(text: "by distance")
        try await session.waitFor(text: "enter open")
        try session.press("Enter")
        try await session.waitFor(text: "Address")
        let screen = try session.screen()
        let addressLine = try #require(screen.split(separator: "\n").first { $0.contains("Address") })
        let address = addressLine.split(separator: "Address", maxSplits: 1).last?
            .split(separator: "│").first?.trimmingCharacters(in: .whitespaces) ?? ""
        #expect(!address.isEmpty)
        try session.press("y")
        try await session.waitFor(text: "Copied")
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline, session.pasteBuffer() == nil { try await Task.sleep(for: .milliseconds(50)) }
        let copied = try #require(session.pasteBuffer())
        #expect(copied.hasPrefix(address.replacing("…", with: "")))
        // Nothing of the sequences shows on screen.
        #expect(!(try session.screen()).contains("52;c;"))
        #expect(!(try session.screen()).contains("8;;"))
        try session.press("q")
        try session.press("q")
        try session.press("q")
        try await session.waitFor(text: "EXIT=0")
    }
}
