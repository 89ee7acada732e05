import Foundation
import Testing
@testable import NearbyData
@testable import SQLiteDriver

/// Waiting for another connection's write lock: short naps, the whole budget and no more.
@Suite("Busy wait")
struct BusyWaitTests {
    @Test("naps grow from 50 µs to 2 ms, and the time waited is their sum")
    func naps() {
        #expect((0..<9).map(BusyWait.nap) == [50, 100, 200, 400, 800, 1_600, 2_000, 2_000, 2_000])
        for attempt in 0..<40 {
            #expect(BusyWait.waited(before: attempt) == (0..<attempt).map(BusyWait.nap).reduce(0, +))
        }
    }

    /// Removes the file `lockedPair` made and its WAL files.
    private func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Two connections to one file, as two processes would have: the holder in a write transaction, the
    /// waiter waiting up to `budget` milliseconds for it.
    private func lockedPair(budget: Int32) throws -> (holder: SQLiteConnection, waiter: SQLiteConnection, path: String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("busy-\(UUID().uuidString).sqlite").path
        let holder = try SQLiteConnection(path: path, mode: .readWriteCreate)
        try holder.execute(script: "PRAGMA journal_mode = WAL; CREATE TABLE t (i INTEGER)")
        let waiter = try SQLiteConnection(path: path, mode: .readWriteCreate)
        waiter.setBusyTimeout(milliseconds: budget)
        try holder.execute(script: "BEGIN IMMEDIATE; INSERT INTO t VALUES (1)")
        return (holder, waiter, path)
    }

    @Test("a write waits for the lock while another connection holds it, then goes through")
    func waitsItsTurn() throws {
        let (holder, waiter, path) = try lockedPair(budget: 5_000)
        defer { remove(path) }
        // Handed to the thread that commits; this one only uses `waiter` from here on.
        let handed = PooledConnection(holder)
        let released = Thread {
            usleep(30_000)
            try? handed.connection.execute(script: "COMMIT")
        }
        released.start()
        let started = Date()
        try waiter.execute(script: "INSERT INTO t VALUES (2)")
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 0.02)
        // Within a few naps of the release, not SQLite's own 100 ms steps.
        #expect(waited < 1.0)
        #expect(try waiter.scalar("SELECT count(*) FROM t", as: Int.self) == 2)
    }

    @Test("with the lock held past the budget the write fails as busy after the budget")
    func givesUp() throws {
        let (holder, waiter, path) = try lockedPair(budget: 100)
        defer { remove(path) }
        let started = Date()
        #expect(throws: SQLiteError.self) { try waiter.execute(script: "INSERT INTO t VALUES (2)") }
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 0.09 && waited < 2.0)
        waiter.setBusyTimeout(milliseconds: 0)
        let again = Date()
        #expect(throws: SQLiteError.self) { try waiter.execute(script: "INSERT INTO t VALUES (3)") }
        #expect(Date().timeIntervalSince(again) < 0.05)
        try holder.execute(script: "COMMIT")
    }
}
