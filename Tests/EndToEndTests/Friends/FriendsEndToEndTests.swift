import Foundation
import Testing
import TestSupport

/// The friends screens in a real terminal (tmux), driven by keys, as a person would.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .terminal)
struct FriendsEndToEndTests {
    private func start(_ session: TmuxSession) async throws {
        try session.run("stty -a > before.txt; \(TmuxSession.binary.path) --data-dir \(session.dataDirectory.path)"
                        + " --open friends; echo EXIT=$?")
        try await session.waitFor(text: "Friends · ")
    }

    private func addFriend(_ session: TmuxSession, first: String, last: String, phone: String) async throws {
        try session.press("a")
        try await session.waitFor(text: "New friend")
        try session.type(first)
        try session.press("Tab")
        try session.type(last)
        try session.press("Tab")
        try session.type(phone)
        try await session.waitFor(text: "ctrl-s save")
        try session.press("C-s")
        try await session.waitFor(text: "Added \(first) \(last)")
    }

    @Test func addOpenDeleteBackAndQuitRestoresTheTerminal() async throws {
        let session = try await TmuxSession.start()
        try await start(session)
        try await session.waitFor(text: "You have no friends yet — a adds one")
        try await addFriend(session, first: "Anna", last: "Beck", phone: "+423 555 0101")
        try await addFriend(session, first: "Zoë", last: "東京", phone: "+81 3 1234")
        try await session.waitFor(text: "Friends · 2")

        // Move to the second row and open it.
        try session.press("Down")
        try session.press("Enter")
        try await session.waitFor(text: "Nearby · Zoë 東京")
        try await session.waitFor(text: "+81 3 1234")
        try session.press("Escape")
        try await session.waitFor(text: "Friends · 2")

        // Delete the first, after confirming.
        try session.press("g")
        try session.press("d")
        try await session.waitFor(text: "Delete Anna Beck?")
        try session.press("y")
        try await session.waitFor(text: "Friends · 1")
        try await session.waitFor("Anna Beck gone from the rows") { screen in
            !screen.split(separator: "\n").dropLast(1).contains { $0.contains("Anna Beck") && !$0.contains("Deleted") }
        }

        // Ctrl-c quits and the terminal is as it was.
        try session.press("C-c")
        try await session.waitFor(text: "EXIT=")
        try session.run("stty -a > after.txt; cmp -s before.txt after.txt && echo STTY-SAME || echo STTY-DIFF")
        #expect(try await session.waitForAny(of: ["STTY-SAME", "STTY-DIFF"]) == "STTY-SAME")
        let screen = try session.screen()
        #expect(!screen.contains("Nearby · Friends"))
    }

    @Test func resizeSuspendAndResume() async throws {
        let session = try await TmuxSession.start()
        try await start(session)
        try await addFriend(session, first: "Anna", last: "Beck", phone: "+423 555 0101")

        try session.resize(width: 50, height: 12)
        try await session.waitFor("relayout at 50 columns") { screen in
            screen.split(separator: "\n").first.map { $0.count <= 50 && $0.contains("Friends · 1") } ?? false
        }
        try session.resize(width: 20, height: 5)
        try await session.waitFor(text: "Terminal too small")
        try session.resize(width: 100, height: 30)
        try await session.waitFor(text: "+423 555 0101")

        try session.press("C-z")
        try await session.waitFor(text: "Stopped")
        try session.run("fg")
        try await session.waitFor("full redraw after fg") { $0.contains("Friends · 1") && $0.contains("Anna Beck") }

        // The friends list opened over Home: q goes back there, and q on Home quits. After fg the job is the
        // shell's foreground again; its exit status comes from `wait`-less `$?`.
        try session.press("q")
        try await session.waitFor(text: "Hot picks")
        try session.press("q")
        try await session.waitFor("the shell prompt after quitting") { screen in
            screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?
                .trimmingCharacters(in: .whitespaces) == "$"
        }
        try session.run("echo FG-EXIT=$?")
        try await session.waitFor(text: "FG-EXIT=0")
        try session.run("stty -a > after.txt; cmp -s before.txt after.txt && echo STTY-SAME || echo STTY-DIFF")
        #expect(try await session.waitForAny(of: ["STTY-SAME", "STTY-DIFF"]) == "STTY-SAME")
    }

    @Test func formKeepsWhatWasTypedWhenInvalid() async throws {
        let session = try await TmuxSession.start()
        try await start(session)
        try session.press("a")
        try await session.waitFor(text: "New friend")
        try session.type("Anna")
        try session.press("Tab")
        try session.press("Tab")
        try session.type("12")
        try await session.waitFor(text: "At least 3 digits")
        try session.press("C-s") // refused: nothing saved, nothing lost
        try await session.waitFor(text: "Anna")
        let screen = try session.screen()
        #expect(screen.contains("New friend"))
        #expect(screen.contains("12"))
        try session.press("Escape")
        try await session.waitFor(text: "Discard")
        try session.press("y")
        try await session.waitFor(text: "You have no friends yet")
        try session.press("Q")
        try await session.waitFor(text: "EXIT=0")
    }
}
