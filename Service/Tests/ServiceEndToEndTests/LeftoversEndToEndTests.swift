import Foundation
import Testing
import TestSupport

/// A test's session leaves nothing behind: once the session is closed and the server stopped, no process
/// started for it (the tmux server, its shell, the app inside it, `nearby serve`) is still running, and its
/// temporary folder is gone.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .terminal)
struct LeftoversEndToEndTests {
    /// The processes whose command line mentions `text` (every process of a session names its folder).
    private static func processes(mentioning text: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> String? in
            guard entry.allSatisfy(\.isNumber), Int32(entry) != getpid(),
                  let bytes = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"), !bytes.isEmpty else {
                return nil
            }
            let commandLine = String(decoding: bytes.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
            return commandLine.contains(text) ? "\(entry): \(commandLine)" : nil
        }
    }

    /// Waits, off the cooperative pool, until no process mentions `text`; returns those still there.
    private static func processesGone(mentioning text: String) async -> [String] {
        await Blocking.run {
            let deadline = ContinuousClock.now + .seconds(10)
            var left = processes(mentioning: text)
            while !left.isEmpty, ContinuousClock.now < deadline {
                usleep(20_000)
                left = processes(mentioning: text)
            }
            return left
        }
    }

    @Test func aClosedSessionLeavesNoProcessAndNoFolder() async throws {
        let session = try await TmuxSession.start()
        let folder = session.dataDirectory
        let server = try await ServeProcess.start(dataDirectory: folder.appendingPathComponent("server"))
        try session.run("\(TmuxSession.binary.path) --demo --data-dir \(folder.path)/app; echo EXIT=$?")
        try await session.waitFor(text: "Closest ATMs")
        // The check can see what it looks for: the tmux server, the app and the server are all there now.
        let running = Self.processes(mentioning: folder.path)
        #expect(running.contains { $0.contains("serve") }, "\(running)")
        #expect(running.contains { $0.contains("--demo") }, "\(running)")
        #expect(running.contains { $0.contains("tmux") }, "\(running)")

        await server.terminate()
        await session.close()
        #expect(await Self.processesGone(mentioning: folder.path) == [])
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}
