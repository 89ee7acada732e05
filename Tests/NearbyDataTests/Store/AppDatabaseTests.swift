import Foundation
import GRDB
import Testing
@testable import NearbyData

struct AppDatabaseTests {
    @Test func migratesAnEmptyStore() throws {
        let database = try AppDatabase.inMemory()
        let tables = try database.writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        #expect(tables.contains("friend"))
    }

    @Test func opensOnDiskInWALMode() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try AppDatabase.open(at: DataLocation.storeFile(in: folder))
        let mode = try database.writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test func followsXDG() {
        #expect(DataLocation.defaultDirectory(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/a"]).path
                == "/x/data/nearby")
        #expect(DataLocation.defaultDirectory(environment: ["HOME": "/home/a"]).path == "/home/a/.local/share/nearby")
        #expect(DataLocation.defaultDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/a"]).path
                == "/home/a/.local/share/nearby")
    }
}
