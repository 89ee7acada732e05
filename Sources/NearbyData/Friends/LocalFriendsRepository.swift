import Foundation
import GRDB
import NearbyCore

/// The friends address book in the local SQLite store.
public final class LocalFriendsRepository: FriendsRepository {
    let database: AppDatabase
    let now: @Sendable () -> Date

    /// `now` stamps created and updated times; tests pass a fixed clock.
    public init(database: AppDatabase, now: @escaping @Sendable () -> Date = { Date() }) {
        self.database = database
        self.now = now
    }

    public func listFriends() async throws(FriendsError) -> [Friend] {
        try await storing {
            try await database.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT \(FriendRow.columns) FROM friend ORDER BY \(FriendRow.order)")
                    .map(FriendRow.friend(from:))
            }
        }
    }

    public func friendsPage(filter: String?, offset: Int, limit: Int) async throws(FriendsError) -> FriendsPage {
        let needle = filter.map { SearchFolding.fold($0.trimmingCharacters(in: .whitespaces)) } ?? ""
        let offset = max(offset, 0)
        let limit = max(limit, 0)
        return try await storing {
            try await database.writer.read { db in
                // instr() rather than LIKE: no wildcard characters to escape in what the user typed.
                let condition = needle.isEmpty ? "" : "WHERE instr(searchKey, :needle) > 0"
                let arguments: StatementArguments = ["needle": needle, "limit": limit, "offset": offset]
                let rows = try Row.fetchAll(db, sql: """
                    SELECT \(FriendRow.columns) FROM friend \(condition)
                    ORDER BY \(FriendRow.order) LIMIT :limit OFFSET :offset
                    """, arguments: arguments)
                let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM friend \(condition)",
                                             arguments: needle.isEmpty ? [:] : ["needle": needle]) ?? 0
                return FriendsPage(friends: rows.map(FriendRow.friend(from:)), total: total)
            }
        }
    }

    public func friend(id: Friend.ID) async throws(FriendsError) -> Friend {
        try await storing {
            try await database.writer.read { db in try Self.fetch(id: id, in: db) }
        }
    }

    public func addFriend(_ draft: FriendDraft) async throws(FriendsError) -> Friend {
        let draft = draft.normalized
        if let error = draft.validationError { throw error }
        let date = now()
        return try await storing {
            try await database.writer.write { db in
                try db.execute(sql: FriendRow.insertSQL, arguments: FriendRow.insertArguments(draft, at: date.databaseValue))
                return try Self.fetch(id: db.lastInsertedRowID, in: db)
            }
        }
    }

    public func updateFriend(id: Friend.ID, with draft: FriendDraft) async throws(FriendsError) -> Friend {
        let draft = draft.normalized
        if let error = draft.validationError { throw error }
        let date = now()
        return try await storing {
            try await database.writer.write { db in
                try db.execute(sql: FriendRow.updateSQL, arguments: FriendRow.updateArguments(id: id, draft, at: date))
                guard db.changesCount > 0 else { throw FriendsError.notFound }
                return try Self.fetch(id: id, in: db)
            }
        }
    }

    /// One write transaction reads the friend, applies the changes and writes it back, so edits of different
    /// fields made at the same time all survive.
    public func updateFriend(id: Friend.ID, changes: FriendChanges) async throws(FriendsError) -> Friend {
        let date = now()
        return try await storing {
            try await database.writer.write { db in
                let current = try Self.fetch(id: id, in: db)
                let draft = changes.applied(to: current.draft).normalized
                if let error = draft.validationError { throw error }
                try db.execute(sql: FriendRow.updateSQL, arguments: FriendRow.updateArguments(id: id, draft, at: date))
                return try Self.fetch(id: id, in: db)
            }
        }
    }

    public func deleteFriend(id: Friend.ID) async throws(FriendsError) {
        try await storing {
            try await database.writer.write { db in
                try db.execute(sql: "DELETE FROM friend WHERE id = ?", arguments: [id])
                guard db.changesCount > 0 else { throw FriendsError.notFound }
            }
        }
    }

    static func fetch(id: Friend.ID, in db: Database) throws -> Friend {
        guard let row = try Row.fetchOne(db, sql: "SELECT \(FriendRow.columns) FROM friend WHERE id = ?",
                                         arguments: [id]) else { throw FriendsError.notFound }
        return FriendRow.friend(from: row)
    }

    /// Runs store work, turning whatever it throws into a `FriendsError`.
    func storing<T>(_ work: () async throws -> T) async throws(FriendsError) -> T {
        do {
            return try await work()
        } catch {
            throw FriendsError.storage(from: error)
        }
    }
}
