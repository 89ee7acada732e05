import Foundation
import Testing
import TestSupport

/// A friend stored before fields had limits, with a 200,000-character place name (the attack reached it
/// through vCard import): opening the edit form draws and edits it in the time of a normal form, where
/// drawing used to take a time that grows with the square of the length (a frozen app for half an hour).
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"),
       .enabled(if: ChildProcess.which("sqlite3") != nil, "sqlite3 is not installed"),
       .enabled(if: ChildProcess.which("prlimit") != nil, "prlimit (util-linux) is not installed"), .terminal)
struct LongFieldEndToEndTests {
    @Test func editingAFriendWithAVeryLongPlaceNameStaysResponsive() async throws {
        let session = try await TmuxSession.start()
        let data = session.dataDirectory.appendingPathComponent("app").path
        try await Command.output(Binaries.nearby, ["friends", "add", "--data-dir", data, "--first", "Lena",
                                                   "--last", "Long", "--phone", "+423 555 0106", "--place", "Vaduz"])
        // Stored behind the rules' back, as an older version let it be.
        try await Command.output("sqlite3", ["\(data)/nearby.sqlite",
                                             "UPDATE friend SET placeName = replace(hex(zeroblob(200000)), '00', 'L')"])

        // Thirty seconds of CPU is far more than a form needs, and far less than the old drawing took.
        try session.run("prlimit --cpu=30 \(TmuxSession.binary.path) --data-dir \(data) --open friends; echo EXIT=$?")
        try await session.waitFor(text: "Lena Long")
        try session.press("e")
        try await session.waitFor(text: "Edit Lena Long")
        try await session.waitFor(text: "At most 100 characters")
        // To the place field's end, take a character off, then everything before the cursor, and type anew.
        try session.press("Tab", "Tab", "Tab", "Tab", "C-e", "BSpace", "C-u")
        try await session.waitFor("the place field emptied") { !$0.contains("LLLL") }
        try session.type("Vaduz")
        try await session.waitFor("the new place, accepted") { $0.contains("Vaduz") && !$0.contains("At most 100") }
        // The store knows no town of that name: the form says so once, and a second ctrl-s saves it as typed.
        try session.press("C-s")
        try await session.waitFor(text: "ctrl-s again saves Vaduz")
        try session.press("C-s")
        try await session.waitFor(text: "Friends · 1")
        try session.press("Q")
        #expect(try await session.waitForAny(of: ["EXIT=0", "EXIT=1"]) == "EXIT=0")
        let list = try await Command.output(Binaries.nearby, ["friends", "list", "--data-dir", data, "--json"])
        #expect(list.contains("\"Vaduz\""))
        await session.close()
    }
}
