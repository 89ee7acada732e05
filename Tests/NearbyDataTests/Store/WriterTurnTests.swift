import Foundation
import Testing
import TestSupport
@testable import NearbyData

/// The turn at writing a store that the processes writing it take around each group of writes.
struct WriterTurnTests {
    @Test func oneWriterHoldsTheTurnAtATime() throws {
        let folder = try TestSupport.TemporaryFolder("nearby-turn")
        let first = try #require(WriterTurn(folder: folder.path))
        let second = try #require(WriterTurn(folder: folder.path))
        first.take()
        #expect(!second.takeIfFree())
        first.giveBack()
        #expect(second.takeIfFree())
        second.giveBack()
    }

    @Test func aFolderThatCannotBeOpenedHasNoTurn() {
        #expect(WriterTurn(folder: "/nonexistent-nearby-folder/store") == nil)
    }

    /// A store's write waits while another writer of the store holds the turn, and lands once it is given back.
    @Test func aWriteWaitsForTheTurn() async throws {
        let folder = try TestSupport.TemporaryFolder("nearby-turn")
        let database = try AppDatabase.open(at: DataLocation.storeFile(in: folder.url))
        try await database.writeWithoutTransaction { db in try db.execute(script: "CREATE TABLE t (n INTEGER)") }
        let other = try #require(WriterTurn(folder: folder.path))
        other.take()
        let write = Task { try await database.write { db in try db.execute(script: "INSERT INTO t VALUES (1)") } }
        // Long enough for an unheld write to have committed many times over.
        try await Task.sleep(for: .milliseconds(200))
        let before = try await database.read { db in try db.scalar("SELECT count(*) FROM t", as: Int.self) }
        #expect(before == 0)
        other.giveBack()
        try await write.value
        let after = try await database.read { db in try db.scalar("SELECT count(*) FROM t", as: Int.self) }
        #expect(after == 1)
        // The write gave the turn back.
        #expect(other.takeIfFree())
        other.giveBack()
    }
}
