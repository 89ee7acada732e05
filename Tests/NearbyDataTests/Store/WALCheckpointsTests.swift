import Foundation
import Testing
@testable import NearbyData
@testable import SQLiteDriver

/// The write connection's checkpoints: one per `step` frames of WAL growth, never one per commit, and a WAL
/// that cannot start again is made to within the short wait of a RESTART.
@Suite("WAL checkpoints")
struct WALCheckpointsTests {
    @Test("a checkpoint is due every 1,000 frames of growth; from 4,000 frames it restarts the WAL")
    func decisions() {
        let rule = WALCheckpoints()
        #expect(rule.decide(frames: 999) == .nothing)
        #expect(rule.decide(frames: 1_004) == .passive)
        // Commits right after it, on a WAL that did not start again, do not checkpoint once more.
        #expect((1_005..<2_004).map { rule.decide(frames: Int32($0)) }.allSatisfy { $0 == .nothing })
        #expect(rule.decide(frames: 2_004) == .passive)
        #expect(rule.decide(frames: 3_500) == .passive)
        #expect(rule.decide(frames: 4_200) == .nothing)
        #expect(rule.decide(frames: 4_500) == .restart)
        // The WAL started again: counted from its start.
        #expect(rule.decide(frames: 12) == .nothing)
        #expect(rule.decide(frames: 999) == .nothing)
        #expect(rule.decide(frames: 1_000) == .passive)
        // Started again after 1,999 frames, with a large first commit: counted anew, so already due.
        #expect(rule.decide(frames: 1_999) == .nothing)
        #expect(rule.decide(frames: 1_200) == .passive)
    }

    private final class Store {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wal-\(UUID().uuidString).sqlite").path
        deinit {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }

    private func walFrames(_ path: String) -> Int {
        let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        // A 32-byte header, then frames of a 24-byte header and a 4,096-byte page.
        return max(0, (size - 32) / (24 + 4_096))
    }

    @Test("behind a reader that keeps the WAL from starting again, 3,000 commits checkpoint a few times, not at each commit; once it lets go the WAL starts again")
    func fewCheckpointsBehindAReader() throws {
        let store = Store()
        let writer = try SQLiteConnection(path: store.path, mode: .readWriteCreate)
        try writer.execute(script: "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; CREATE TABLE t (i INTEGER)")
        writer.setBusyTimeout(milliseconds: 10_000)
        writer.checkpointInSteps()
        let rule = try #require(writer.walCheckpoints)

        // Another connection (another process, to SQLite) reading from a snapshot the whole time.
        let reader = try SQLiteConnection(path: store.path, mode: .readOnly)
        try reader.execute(script: "BEGIN")
        #expect(try reader.scalar("SELECT count(*) FROM t", as: Int.self) == 0)

        var slowest: TimeInterval = 0
        for i in 0..<3_000 {
            let started = Date()
            try writer.execute("INSERT INTO t VALUES (?)", i)
            slowest = max(slowest, Date().timeIntervalSince(started))
        }
        #expect(walFrames(store.path) >= 3_000)
        #expect(rule.passiveCount >= 2 && rule.passiveCount <= 3)
        #expect(rule.restartCount == 0)
        // 2,000 more: past 4,000 frames a commit tries a RESTART, which waits only briefly for the reader.
        for i in 3_000..<5_000 {
            let started = Date()
            try writer.execute("INSERT INTO t VALUES (?)", i)
            slowest = max(slowest, Date().timeIntervalSince(started))
        }
        #expect(rule.restartCount >= 1 && rule.restartCount <= 2)
        #expect(slowest < 1, "a commit waited \(slowest) s: the checkpoint held it behind the reader")
        #expect(try reader.scalar("SELECT count(*) FROM t", as: Int.self) == 0)

        // The reader lets go: the next checkpoint due copies everything, and the WAL starts again from its head.
        try reader.execute(script: "COMMIT")
        var more = 0
        while rule.lastFrames >= WALCheckpoints.step && more < 3_000 {
            try writer.execute("INSERT INTO t VALUES (?)", 5_000 + more)
            more += 1
        }
        #expect(rule.lastFrames < WALCheckpoints.step, "the WAL did not start again in \(more) commits")
        #expect(try writer.scalar("SELECT count(*) FROM t", as: Int.self) == 5_000 + more)
    }
}
