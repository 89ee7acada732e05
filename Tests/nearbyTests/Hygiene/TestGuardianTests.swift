import CTestSupport
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The guardian stops what a test process started when that process dies mid-run (a sanitizer's abort, a
/// crash): a tmux server daemonizes and would otherwise run on with nothing to stop it.
struct TestGuardianTests {
    /// The processes whose environment holds `NEARBY_TEST_RUN=mark` (zombies have none).
    private static func carrying(_ mark: String) -> [pid_t] {
        let needle = Array("NEARBY_TEST_RUN=\(mark)\u{0}".utf8)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { pid in
            guard let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return environment.firstRange(of: needle) != nil
        }
    }

    /// Waits (off the pool) until `condition` holds or `timeout` passes.
    private static func waitUntil(timeout: Duration = .seconds(10), _ condition: @escaping @Sendable () -> Bool)
        async -> Bool {
        await Blocking.run {
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                if condition() { return true }
                usleep(20_000)
            }
            return condition()
        }
    }

    /// A guardian of a mark of the test's own, with the pipe's writing end, and two processes carrying the
    /// mark: one this process started, and one that left its session and parent, as a tmux server does.
    private struct Guarded {
        let mark = "guardian-test-\(UUID().uuidString)"
        let guardian: pid_t
        let writer: Int32
        let child: ChildProcess
        /// What the guardian says, and the folder it guards (with a file in it).
        let report: TemporaryFolder
        let guardedFolder: URL

        var said: String { (try? String(contentsOf: report.url.appendingPathComponent("said"), encoding: .utf8)) ?? "" }

        init() throws {
            report = try TemporaryFolder()
            guardedFolder = report.url.appendingPathComponent("guarded")
            try FileManager.default.createDirectory(at: guardedFolder, withIntermediateDirectories: true)
            try Data("left".utf8).write(to: guardedFolder.appendingPathComponent("file"))
            let errors = open(report.url.appendingPathComponent("said").path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
            guard errors >= 0 else { throw ChildProcessError.failed("open", String(cString: strerror(errno))) }
            defer { close(errors) }
            var fds: [Int32] = [0, 0]
            guard nearby_test_pipe_cloexec(&fds) == 0 else { throw ChildProcessError.failed("pipe", "") }
            var pid: pid_t = 0
            let status = nearby_test_guardian_spawn(mark, guardedFolder.path, fds[0], errors, &pid)
            close(fds[0])
            guard status == 0 else { throw ChildProcessError.spawnFailed("the guardian", status) }
            guardian = pid
            writer = fds[1]
            // `env` gives the mark to both sleeps (ChildProcess puts this process's own mark on `env` itself).
            child = try ChildProcess("env", ["NEARBY_TEST_RUN=\(mark)", "sh", "-c",
                                             "setsid sleep 300 & exec sleep 300"])
        }

        /// Reaps the guardian; its exit status.
        func guardianExit() async -> Int32? {
            let guardian = guardian
            return await Blocking.run {
                var status: Int32 = 0
                let deadline = ContinuousClock.now + .seconds(10)
                while ContinuousClock.now < deadline {
                    if waitpid(guardian, &status, WNOHANG) == guardian { return status }
                    usleep(10_000)
                }
                return nil
            }
        }
    }

    @Test("when the guarded process dies, the guardian stops everything it started, detached ones too")
    func diedMidRun() async throws {
        let guarded = try Guarded()
        let mark = guarded.mark
        #expect(await Self.waitUntil() { Self.carrying(mark).count == 2 })
        // The guarded process "dies": its end of the pipe closes without a word.
        close(guarded.writer)
        #expect(await Self.waitUntil() { Self.carrying(mark).isEmpty },
                "still running: \(Self.carrying(mark))")
        #expect(await guarded.guardianExit() == 0)
        #expect(await guarded.child.wait(timeout: .seconds(5)) == .signalled(SIGKILL))
        #expect(guarded.said.contains("stopped 2 process(es) it had started and removed its temporary folder"),
                "\(guarded.said)")
        #expect(!FileManager.default.fileExists(atPath: guarded.guardedFolder.path))
    }

    @Test("after a normal end the guardian leaves everything alone, so a leak still shows")
    func finishedRun() async throws {
        let guarded = try Guarded()
        let mark = guarded.mark
        #expect(await Self.waitUntil() { Self.carrying(mark).count == 2 })
        _ = "done\n".withCString { write(guarded.writer, $0, 5) }
        close(guarded.writer)
        #expect(await guarded.guardianExit() == 0)
        #expect(Self.carrying(mark).count == 2)
        #expect(guarded.said.isEmpty)
        #expect(FileManager.default.fileExists(atPath: guarded.guardedFolder.appendingPathComponent("file").path))
        for pid in Self.carrying(mark) { kill(pid, SIGKILL) }
        await guarded.child.wait(timeout: .seconds(5))
        #expect(await Self.waitUntil() { Self.carrying(mark).isEmpty })
    }

    @Test("this test process is guarded: its mark is its own and reaches what it starts; its temporary files are in its own folder")
    func thisProcessIsGuarded() async throws {
        let mark = ChildProcess.runMark
        #expect(mark.hasPrefix("\(getpid())-"))
        let folder = String(cString: nearby_test_run_folder())
        #expect(folder.hasSuffix("/nearby-run-\(mark)"))
        #expect(FileManager.default.temporaryDirectory.standardizedFileURL.path == folder)
        #expect(try TemporaryFolder().url.path.hasPrefix(folder + "/"))
        let child = try ChildProcess("sleep", ["30"])
        defer { child.signal(SIGKILL) }
        #expect(await Self.waitUntil { Self.carrying(mark).contains(child.pid) })
        await child.stop()
    }
}
