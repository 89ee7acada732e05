import CSQLite
import Foundation
import Testing
@testable import NearbyData
@testable import SQLiteDriver

struct SQLiteConnectionTests {
    private func connection() throws -> SQLiteConnection {
        let db = try SQLiteConnection(path: ":memory:", mode: .readWriteCreate)
        try db.execute(script: "CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n)")
        return db
    }

    /// The one row of `t`, positioned for reading.
    private func row(_ db: SQLiteConnection) throws -> SQLiteStatement {
        let statement = try db.statement("SELECT i, r, s, b, n FROM t").bind()
        #expect(try statement.step())
        return statement
    }

    @Test func readsEachTypeItsOwnWay() throws {
        let db = try connection()
        try db.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?)", 42, 47.141, "Café", nil as String?, nil as Int?)
        let row = try row(db)
        #expect(try row.column(0, as: Int64.self) == 42)
        #expect(try row.column(0, as: Double.self) == 42, "an integer reads as a number")
        #expect(try row.column(1, as: Double.self) == 47.141)
        #expect(try row.column(2, as: String.self) == "Café")
        #expect(try row.column(4, as: String?.self) == nil)
        #expect(try row.column(4, as: Int?.self) == nil)
    }

    @Test func aNullWhereAValueIsNeededThrows() throws {
        let db = try connection()
        try db.execute("INSERT INTO t (i) VALUES (NULL)")
        let row = try row(db)
        #expect(throws: SQLiteError.self) { try row.column(0, as: Int64.self) }
        #expect(throws: SQLiteError.self) { try row.column(2, as: String.self) }
        #expect(throws: SQLiteError.self) { try row.column(1, as: Double.self) }
    }

    @Test func theWrongTypeThrowsNamingTheColumn() throws {
        let db = try connection()
        try db.execute(script: "INSERT INTO t VALUES ('abc', 'x', X'00FF', 'text', 1.5)")
        let row = try row(db)
        do {
            _ = try row.column(0, as: Int64.self)
            Issue.record("text read as an integer")
        } catch {
            #expect(error.isUnreadableValue)
            #expect(error.message == "i holds text where an integer was expected")
        }
        #expect(throws: SQLiteError.self) { try row.column(1, as: Double.self) }
        #expect(throws: SQLiteError.self) { try row.column(2, as: String.self) }
        #expect(throws: SQLiteError.self) { try row.column(4, as: Int64.self) }
        #expect(try row.column(3, as: String.self) == "text")
    }

    @Test func textThatIsNotUTF8Throws() throws {
        let db = try connection()
        try db.execute(script: "INSERT INTO t (s) VALUES (CAST(X'41FF42' AS TEXT))")
        #expect(throws: SQLiteError.self) { try row(db).column(2, as: String.self) }
    }

    @Test func datesReadBothLayoutsAndNumbers() throws {
        let db = try connection()
        try db.execute(script: "INSERT INTO t (s, i, r) VALUES ('2025-01-02 03:04:05.678', 1700000000, 1.5)")
        let row = try row(db)
        #expect(abs(try row.column(2, as: Date.self).timeIntervalSince1970 - 1_735_787_045.678) < 0.000_5)
        #expect(try row.column(0, as: Date.self) == Date(timeIntervalSince1970: 1_700_000_000))
        try db.execute(script: "UPDATE t SET s = 'garbage'")
        #expect(throws: SQLiteError.self) { try self.row(db).column(2, as: Date.self) }
    }

    @Test func aTransactionThatThrowsLeavesNothing() throws {
        let db = try connection()
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try db.transaction(.immediate) {
                try db.execute("INSERT INTO t (i) VALUES (1)")
                throw Stop()
            }
        }
        #expect(!db.isInTransaction)
        #expect(try db.scalar("SELECT count(*) FROM t", as: Int.self) == 0)
        try db.transaction(.immediate) { try db.execute("INSERT INTO t (i) VALUES (2)") }
        #expect(try db.scalar("SELECT count(*) FROM t", as: Int.self) == 1)
    }

    @Test func cachedStatementsAreReusedAndRebound() throws {
        let db = try connection()
        for value in 1...3 { try db.execute("INSERT INTO t (i) VALUES (?)", value) }
        #expect(try db.statement("SELECT count(*) FROM t") === db.statement("SELECT count(*) FROM t"))
        let find = try db.statement("SELECT i FROM t WHERE i >= ? ORDER BY i")
        try find.bind(2)
        #expect(try find.step())
        // Bound again before the first use finished: starts afresh.
        try find.bind(3)
        #expect(try find.step())
        #expect(try find.column(0, as: Int.self) == 3)
        #expect(try !find.step())
    }

    @Test func errorsCarrySQLitesCodeAndTheStatement() throws {
        let db = try connection()
        do {
            try db.execute("INSERT INTO missing VALUES (1)")
            Issue.record("no error")
        } catch {
            #expect(error.code == SQLITE_ERROR)
            #expect(error.message == "no such table: missing")
            #expect(error.sql == "INSERT INTO missing VALUES (1)")
        }
    }

    @Test func aQueryOnlyConnectionRefusesWrites() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-sqlite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("q.sqlite").path
        try SQLiteConnection(path: path, mode: .readWriteCreate).execute(script: "CREATE TABLE t (i)")
        let reader = try SQLiteConnection(path: path, mode: .queryOnly)
        #expect(try reader.scalar("SELECT count(*) FROM t", as: Int.self) == 0)
        #expect(throws: SQLiteError.self) { try reader.execute("INSERT INTO t VALUES (1)") }
    }
}

struct StoreDateTests {
    @Test func writesTheLayoutEarlierVersionsWrote() {
        #expect(StoreDate.text(Date(timeIntervalSince1970: 1_763_700_000)) == "2025-11-21 04:40:00.000")
        #expect(StoreDate.text(Date(timeIntervalSince1970: 0.0015)) == "1970-01-01 00:00:00.002")
        #expect(StoreDate.text(Date(timeIntervalSince1970: -1)) == "1969-12-31 23:59:59.000")
    }

    @Test func readsWhatItWritesAndTheOtherLayouts() {
        for seconds in [0.0, 1_763_700_000.125, -86_400.5, 4_102_444_799] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(StoreDate.date(from: StoreDate.text(date)) == date)
        }
        #expect(StoreDate.date(from: "2024-02-29") == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(StoreDate.date(from: "2024-02-29T12:00:00Z") == Date(timeIntervalSince1970: 1_709_208_000))
        #expect(StoreDate.date(from: "2024-02-29 13:00:00+01:00") == Date(timeIntervalSince1970: 1_709_208_000))
        #expect(StoreDate.date(from: "2024-02-29 12:00") == Date(timeIntervalSince1970: 1_709_208_000))
    }

    @Test(arguments: ["garbage", "", "2023-02-29", "2024-13-01", "2024-01-01 25:00", "2024-01-01 12:00:00 extra",
                      "2024-1-1"])
    func refusesWhatIsNotADate(text: String) {
        #expect(StoreDate.date(from: text) == nil)
    }
}
