import CSQLite
import Dispatch
import Foundation
import Testing
@testable import NearbyData
@testable import SQLiteDriver

/// Writes that queue up while the write connection is busy share one transaction, yet each keeps its own
/// outcome: its value, its error, its rows undone alone; and a group whose transaction fails runs again one
/// write at a time.
struct GroupedWritesTests {
    private struct Refused: Error, Equatable { var number: Int }

    /// An in-memory store with table `t`, counting its commits; `gate` holds the write connection busy.
    private final class Fixture: @unchecked Sendable {
        // Unchecked: `commits` is written by SQLite's commit hook on the write queue and read by the test only
        // after that queue has run the writes it waits for.
        let database: AppDatabase
        let commits = UnsafeMutablePointer<Int>.allocate(capacity: 1)

        init() throws {
            database = try AppDatabase.inMemory()
            commits.initialize(to: 0)
            let context = UnsafeMutableRawPointer(commits)
            try database.writeWithoutTransaction { db in
                try db.execute(script: "CREATE TABLE t (n INTEGER PRIMARY KEY, note TEXT)")
                sqlite3_commit_hook(db.handle, { context in
                    context?.assumingMemoryBound(to: Int.self).pointee += 1
                    return 0
                }, context)
            }
        }

        deinit {
            try? database.writeWithoutTransaction { db in _ = sqlite3_commit_hook(db.handle, nil, nil) }
            commits.deallocate()
        }

        /// Holds the write connection until the returned gate opens, then starts `count` writes of `body`
        /// and waits until every one of them is queued.
        func queued<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int, SQLiteConnection) throws -> T) async
            -> (open: @Sendable () -> Void, results: Task<[Result<T, any Error>], Never>) {
            let gate = DispatchSemaphore(value: 0)
            let held = DispatchSemaphore(value: 0)
            let database = database
            Task.detached { try? await database.writeWithoutTransaction { _ in held.signal(); gate.wait() } }
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async { held.wait(); continuation.resume() }
            }
            let results = Task {
                await withTaskGroup(of: (Int, Result<T, any Error>).self) { group in
                    for number in 0..<count {
                        group.addTask {
                            do { return (number, .success(try await database.write { db in try body(number, db) })) }
                            catch { return (number, .failure(error)) }
                        }
                    }
                    var results = [Result<T, any Error>?](repeating: nil, count: count)
                    for await (number, result) in group { results[number] = result }
                    return results.compactMap { $0 }
                }
            }
            while database.waitingWriteCount < count { await Task.yield() }
            return ({ gate.signal() }, results)
        }

        func rows() throws -> [Int] {
            try database.read { db in
                let statement = try db.statement("SELECT n FROM t ORDER BY n").bind()
                var numbers: [Int] = []
                while try statement.step() { numbers.append(try statement.column(0)) }
                return numbers
            }
        }
    }

    @Test func writesThatWaitTogetherCommitOnceAndKeepTheirOwnValues() async throws {
        let fixture = try Fixture()
        let (open, results) = await fixture.queued(100) { number, db -> Int64 in
            try db.execute("INSERT INTO t (n) VALUES (?)", number)
            return db.lastInsertRowID
        }
        open()
        let values = await results.value
        #expect(values.map { try? $0.get() } == (0..<100).map { Int64($0) })
        #expect(try fixture.rows() == Array(0..<100))
        #expect(fixture.commits.pointee == 1, "one transaction for the hundred writes")
    }

    @Test func aWriteThatThrowsIsUndoneAloneAndHearsItsOwnError() async throws {
        let fixture = try Fixture()
        let (open, results) = await fixture.queued(40) { number, db in
            try db.execute("INSERT INTO t (n) VALUES (?)", number)
            if number % 7 == 3 { throw Refused(number: number) }
        }
        open()
        let outcomes = await results.value
        for (number, outcome) in outcomes.enumerated() {
            if number % 7 == 3 {
                #expect(throws: Refused(number: number)) { try outcome.get() }
            } else {
                #expect(throws: Never.self) { try outcome.get() }
            }
        }
        #expect(try fixture.rows() == (0..<40).filter { $0 % 7 != 3 })
        #expect(fixture.commits.pointee == 1)
    }

    @Test func aWriteThatRollsTheWholeTransactionBackLeavesTheOthersToRunAlone() async throws {
        let fixture = try Fixture()
        try await fixture.database.writeWithoutTransaction { db in
            // A trigger that ends the whole transaction, as a full disk would.
            try db.execute(script: """
                CREATE TRIGGER t_refuse BEFORE INSERT ON t WHEN new.note = 'refuse' BEGIN
                    SELECT RAISE(ROLLBACK, 'refused');
                END;
                """)
        }
        let before = fixture.commits.pointee
        let (open, results) = await fixture.queued(30) { number, db in
            try db.execute("INSERT INTO t (n, note) VALUES (?, ?)", number, number == 12 ? "refuse" : "ok")
        }
        open()
        let outcomes = await results.value
        #expect(outcomes.enumerated().filter { (try? $0.element.get()) == nil }.map(\.offset) == [12])
        #expect(try fixture.rows() == (0..<30).filter { $0 != 12 }, "every other write once, none twice")
        #expect(fixture.commits.pointee - before == 29, "after the failed group, one transaction per write")
    }

    @Test func aGroupThatFindsTheStoreLockedFailsOnceNotOncePerWrite() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-grouped-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try AppDatabase.open(at: DataLocation.storeFile(in: folder))
        try await database.writeWithoutTransaction { db in
            try db.execute(script: "CREATE TABLE t (n INTEGER PRIMARY KEY)")
            // Long enough that twenty waits (20 s) and one (1 s) cannot be mistaken for each other however
            // busy the machine is: under a full test run on 2 cores, one wait of 0.3 s once took 3.5 s.
            db.setBusyTimeout(milliseconds: 1_000)
        }
        // Another process's long write: it holds the lock past the busy timeout.
        let other = try SQLiteConnection(path: DataLocation.storeFile(in: folder).path, mode: .readWriteCreate)
        try other.execute("BEGIN IMMEDIATE")
        let gate = DispatchSemaphore(value: 0), held = DispatchSemaphore(value: 0)
        Task.detached { try? await database.writeWithoutTransaction { _ in held.signal(); gate.wait() } }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { held.wait(); continuation.resume() }
        }
        let writes = Task {
            await withTaskGroup(of: Bool.self) { group in
                for number in 0..<20 {
                    group.addTask {
                        (try? await database.write { db in try db.execute("INSERT INTO t (n) VALUES (?)", number) }) != nil
                    }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
        }
        while database.waitingWriteCount < 20 { await Task.yield() }
        let started = ContinuousClock.now
        gate.signal()
        let outcomes = await writes.value
        #expect(outcomes == Array(repeating: false, count: 20), "every write hears that the store was busy")
        #expect(ContinuousClock.now - started < .seconds(10), "one busy wait of 1 s, not twenty")
        try other.execute("ROLLBACK")
        try await database.write { db in try db.execute("INSERT INTO t (n) VALUES (99)") }
    }

    @Test func aLoneWriteRunsInItsOwnTransaction() async throws {
        let fixture = try Fixture()
        for number in 0..<3 {
            try await fixture.database.write { db in try db.execute("INSERT INTO t (n) VALUES (?)", number) }
        }
        #expect(try fixture.rows() == [0, 1, 2])
        #expect(fixture.commits.pointee == 3)
    }
}
