import FoundationEssentials
import NearbyCore
import SQLiteDriver

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
            try await database.read { db in
                try FriendRow.friends(from: db.statement("""
                    SELECT \(FriendRow.columns) FROM friend WHERE \(FriendRow.listed) ORDER BY \(FriendRow.order)
                    """).bind())
            }
        }
    }

    public func friendsPage(filter: String?, offset: Int, limit: Int) async throws(FriendsError) -> FriendsPage {
        let needle = filter.map { SearchFolding.fold($0.trimmingSpaces()) } ?? ""
        let offset = max(offset, 0)
        let limit = max(limit, 0)
        return try await storing {
            try await database.read { db in
                // instr() rather than LIKE: no wildcard characters to escape in what the user typed.
                let condition = needle.isEmpty ? "" : " AND instr(searchKey, ?) > 0"
                let window = try db.statement("""
                    SELECT \(FriendRow.columns) FROM friend WHERE \(FriendRow.listed)\(condition)
                    ORDER BY \(FriendRow.order) LIMIT ? OFFSET ?
                    """)
                // The whole list's size is kept by triggers (FriendsSchema); a filter's is counted.
                let count = try db.statement(needle.isEmpty
                    ? "SELECT listed FROM friend_tally"
                    : "SELECT COUNT(*) FROM friend WHERE \(FriendRow.listed)\(condition)")
                if needle.isEmpty {
                    try window.bind(limit, offset)
                    try count.bind()
                } else {
                    try window.bind(needle, limit, offset)
                    try count.bind(needle)
                }
                let friends = try FriendRow.friends(from: window)
                return FriendsPage(friends: friends, total: try count.scalar(as: Int.self) ?? 0)
            }
        }
    }

    public func friend(id: Friend.ID) async throws(FriendsError) -> Friend {
        try await storing {
            try await database.read { db in try Self.fetch(id: id, in: db) }
        }
    }

    public func addFriend(_ draft: FriendDraft) async throws(FriendsError) -> Friend {
        let draft = draft.normalized
        if let error = draft.validationError { throw error }
        let date = StoreDate.text(now())
        return try await storing {
            try await database.write { db in
                let insert = try db.statement(FriendRow.insertSQL)
                try FriendRow.bindInsert(insert, draft, at: date)
                try insert.run()
                return try Self.fetch(id: db.lastInsertRowID, in: db)
            }
        }
    }

    public func updateFriend(id: Friend.ID, with draft: FriendDraft) async throws(FriendsError) -> Friend {
        let draft = draft.normalized
        if let error = draft.validationError { throw error }
        let date = now()
        return try await storing {
            try await database.write { db in try Self.replace(id: id, with: draft, at: date, in: db) }
        }
    }

    /// Reads the friend, applies `changes` and writes it back in one write transaction, so that edits of
    /// different fields at the same time (two clients of `nearby serve`) all survive.
    public func updateFriend(id: Friend.ID, changes: FriendChanges) async throws(FriendsError) -> Friend {
        let date = now()
        return try await storing {
            try await database.write { db in
                let current = try Self.fetch(id: id, in: db)
                let draft = changes.applied(to: current.draft).normalized
                if let error = draft.validationError { throw error }
                return try Self.replace(id: id, with: draft, at: date, in: db)
            }
        }
    }

    public func deleteFriend(id: Friend.ID) async throws(FriendsError) {
        try await storing {
            try await database.write { db in
                try db.execute("DELETE FROM friend WHERE id = ?", id)
                guard db.changes > 0 else { throw FriendsError.notFound }
            }
        }
    }

    static func replace(id: Friend.ID, with draft: FriendDraft, at date: Date, in db: SQLiteConnection) throws -> Friend {
        let update = try db.statement(FriendRow.updateSQL)
        try FriendRow.bindUpdate(update, id: id, draft, at: date)
        try update.run()
        guard db.changes > 0 else { throw FriendsError.notFound }
        return try fetch(id: id, in: db)
    }

    /// The friend with `id`; one whose row cannot be read is logged and reported as not found.
    static func fetch(id: Friend.ID, in db: SQLiteConnection) throws -> Friend {
        let rows = try db.statement("SELECT \(FriendRow.columns) FROM friend WHERE id = ?").bind(id)
        guard let friend = try FriendRow.friends(from: rows).first else { throw FriendsError.notFound }
        return friend
    }

    /// Runs store work, turning whatever it throws into a `FriendsError`.
    func storing<T>(_ work: () async throws -> T) async throws(FriendsError) -> T {
        do {
            return try await work()
        } catch {
            throw FriendsError.storage(from: error, path: database.path)
        }
    }
}
