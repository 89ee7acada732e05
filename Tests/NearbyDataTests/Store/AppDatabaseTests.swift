import Foundation
import Testing
@testable import NearbyData

struct AppDatabaseTests {
    @Test func migratesAnEmptyStore() throws {
        let database = try AppDatabase.inMemory()
        let tables = try database.read { db in
            let rows = try db.statement("SELECT name FROM sqlite_master WHERE type = 'table'").bind()
            var names: [String] = []
            while try rows.step() { names.append(try rows.column(0)) }
            return names
        }
        #expect(tables.contains("friend"))
    }

    @Test func opensOnDiskInWALMode() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try AppDatabase.open(at: DataLocation.storeFile(in: folder))
        let mode = try database.read { db in try db.scalar("PRAGMA journal_mode", as: String.self) }
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
