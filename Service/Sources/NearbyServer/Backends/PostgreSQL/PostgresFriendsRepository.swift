import Foundation
import Logging
import NearbyCore
import NearbyData
import PostgresNIO

/// The friends address book in PostgreSQL. Every statement is fixed text with bound parameters; ids and times
/// come from the database, so any number of instances can write at once. Reads go to a replica when there is
/// one; writes, and what they answer, come from the primary.
public struct PostgresFriendsRepository: FriendsRepository, FriendsListJSON {
    let pools: PostgresPools

    public init(pools: PostgresPools) {
        self.pools = pools
    }

    public func listFriends() async throws(FriendsError) -> [Friend] {
        try await storing {
            try await pools.read { connection in
                let rows = try await connection.gatheredRows(Self.listQuery, logger: pools.logger)
                return try Self.friends(rows)
            }
        }
    }

    public func listFriendsJSON() async throws(FriendsError) -> [UInt8] {
        try await storing {
            try await pools.read { connection in
                let rows = try await connection.gatheredRows(FriendRowsJSON.query, logger: pools.logger)
                return try FriendRowsJSON.list(rows)
            }
        }
    }

    public func friendsPage(filter: String?, offset: Int, limit: Int) async throws(FriendsError) -> FriendsPage {
        let needle = filter.map { SearchFolding.fold($0.trimmingCharacters(in: .whitespaces)) } ?? ""
        let offset = max(offset, 0), limit = max(limit, 0)
        // PostgreSQL text cannot hold NUL (it refuses the parameter), so nothing stored contains one: the answer
        // is the local store's, an empty window.
        if needle.unicodeScalars.contains("\0") { return FriendsPage(friends: [], total: 0) }
        return try await storing {
            try await pools.read { connection in
                // strpos() rather than LIKE: no wildcard characters to escape in what the user typed.
                let rows = try await connection.gatheredRows("""
                    SELECT \(unescaped: Self.columns)
                    FROM friend WHERE \(needle) = '' OR strpos(search_key, \(needle)) > 0
                    ORDER BY last_name_key, first_name_key, id LIMIT \(limit) OFFSET \(offset)
                    """, logger: pools.logger)
                let friends = try Self.friends(rows)
                let counted = try await connection.query(
                    "SELECT count(*) FROM friend WHERE \(needle) = '' OR strpos(search_key, \(needle)) > 0",
                    logger: pools.logger)
                var total = 0
                for try await count in counted.decode(Int.self) { total = count }
                return FriendsPage(friends: friends, total: total)
            }
        }
    }

    public func friend(id: Friend.ID) async throws(FriendsError) -> Friend {
        try await storing {
            try await pools.read { connection in
                let rows = try await connection.gatheredRows("""
                    SELECT \(unescaped: Self.columns)
                    FROM friend WHERE id = \(id)
                    """, logger: pools.logger)
                guard let friend = try Self.friends(rows).first else { throw FriendsError.notFound }
                return friend
            }
        }
    }

    public func addFriend(_ draft: FriendDraft) async throws(FriendsError) -> Friend {
        let draft = try Self.checked(draft)
        let keys = Keys(draft)
        return try await writing { connection in
            let rows = try await connection.gatheredRows("""
                INSERT INTO friend (first_name, last_name, phone_number, email, latitude, longitude, place_name,
                                    first_name_key, last_name_key, phone_key, email_key, created_at, updated_at,
                                    other_phones)
                VALUES (\(draft.firstName), \(draft.lastName), \(draft.phoneNumber), \(draft.email),
                        \(draft.coordinate?.latitude), \(draft.coordinate?.longitude), \(draft.placeName),
                        \(keys.firstName), \(keys.lastName), \(keys.phone), \(keys.email), now(), now(),
                        \(Self.stored(draft.otherPhones)))
                RETURNING \(unescaped: Self.columns)
                """, logger: pools.logger)
            guard let friend = try Self.friends(rows).first else { throw FriendsError.storage("No row came back.") }
            return friend
        }
    }

    public func updateFriend(id: Friend.ID, with draft: FriendDraft) async throws(FriendsError) -> Friend {
        let draft = try Self.checked(draft)
        let keys = Keys(draft)
        return try await writing { connection in
            let rows = try await connection.gatheredRows("""
                UPDATE friend SET first_name = \(draft.firstName), last_name = \(draft.lastName),
                    phone_number = \(draft.phoneNumber), email = \(draft.email),
                    latitude = \(draft.coordinate?.latitude), longitude = \(draft.coordinate?.longitude),
                    place_name = \(draft.placeName), first_name_key = \(keys.firstName),
                    last_name_key = \(keys.lastName), phone_key = \(keys.phone), email_key = \(keys.email),
                    other_phones = \(Self.stored(draft.otherPhones)), updated_at = now()
                WHERE id = \(id)
                RETURNING \(unescaped: Self.columns)
                """, logger: pools.logger)
            guard let friend = try Self.friends(rows).first else { throw FriendsError.notFound }
            return friend
        }
    }

    /// One UPDATE that sets only the given fields (each guarded by a flag), so concurrent edits of different
    /// fields of one friend never undo each other.
    public func updateFriend(id: Friend.ID, changes: FriendChanges) async throws(FriendsError) -> Friend {
        let problems = changes.problems
        if let field = FriendField.allCases.first(where: { problems[$0] != nil }), let reason = problems[field] {
            throw .invalid(field: field, reason: reason)
        }
        let first = changes.firstName.map(FriendDraft.storedText), last = changes.lastName.map(FriendDraft.storedText)
        let phone = changes.phoneNumber.map(FriendDraft.storedText)
        let email: String?? = changes.email.map { $0.map(FriendDraft.storedText).flatMap { $0.isEmpty ? nil : $0 } }
        let place: String?? = changes.placeName.map { $0.map(FriendDraft.storedText).flatMap { $0.isEmpty ? nil : $0 } }
        let setsCoordinate = changes.coordinate != nil
        let coordinate = changes.coordinate ?? nil
        let emailValue: String? = email ?? nil, placeValue: String? = place ?? nil
        // Cleaned as a whole draft's would be (blanks and repeats dropped); the main number is taken out in the
        // statement, which knows it when this edit does not set it.
        let others = changes.otherPhones.map {
            Self.stored(FriendDraft(firstName: "", lastName: "", phoneNumber: "", otherPhones: $0).normalized.otherPhones)
        }
        return try await writing { connection in
            let rows = try await connection.gatheredRows("""
                UPDATE friend SET
                    first_name = CASE WHEN \(first != nil) THEN \(first ?? "")::text ELSE first_name END,
                    first_name_key = CASE WHEN \(first != nil) THEN \(SearchFolding.fold(first ?? ""))::text
                                          ELSE first_name_key END,
                    last_name = CASE WHEN \(last != nil) THEN \(last ?? "")::text ELSE last_name END,
                    last_name_key = CASE
                        WHEN (CASE WHEN \(last != nil) THEN \(last ?? "")::text ELSE last_name END) = ''
                        THEN (CASE WHEN \(first != nil) THEN \(SearchFolding.fold(first ?? ""))::text
                                   ELSE first_name_key END)
                        ELSE (CASE WHEN \(last != nil) THEN \(SearchFolding.fold(last ?? ""))::text
                                   ELSE last_name_key END) END,
                    phone_number = CASE WHEN \(phone != nil) THEN \(phone ?? "")::text ELSE phone_number END,
                    -- The other numbers without the main one (as `FriendDraft.normalized` keeps them), and the
                    -- phone key from both: the numbers are ASCII (the rules allow nothing else), which lower()
                    -- folds as the app does, the main number first, each other one after a space (`Keys`).
                    other_phones = CASE WHEN \(phone != nil || others != nil)
                        THEN array_to_string(array_remove(string_to_array(
                            CASE WHEN \(others != nil) THEN \(others ?? "")::text ELSE other_phones END, E'\\n'),
                            CASE WHEN \(phone != nil) THEN \(phone ?? "")::text ELSE phone_number END), E'\\n')
                        ELSE other_phones END,
                    phone_key = CASE WHEN \(phone != nil || others != nil)
                        THEN lower(concat_ws(' ',
                            CASE WHEN \(phone != nil) THEN \(phone ?? "")::text ELSE phone_number END,
                            nullif(array_to_string(array_remove(string_to_array(
                                CASE WHEN \(others != nil) THEN \(others ?? "")::text ELSE other_phones END, E'\\n'),
                                CASE WHEN \(phone != nil) THEN \(phone ?? "")::text ELSE phone_number END), ' '), '')))
                        ELSE phone_key END,
                    email = CASE WHEN \(email != nil) THEN \(emailValue)::text ELSE email END,
                    email_key = CASE WHEN \(email != nil) THEN \(SearchFolding.fold(emailValue ?? ""))::text
                                     ELSE email_key END,
                    latitude = CASE WHEN \(setsCoordinate) THEN \(coordinate?.latitude)::float8 ELSE latitude END,
                    longitude = CASE WHEN \(setsCoordinate) THEN \(coordinate?.longitude)::float8 ELSE longitude END,
                    place_name = CASE WHEN \(place != nil) THEN \(placeValue)::text ELSE place_name END,
                    updated_at = now()
                WHERE id = \(id)
                RETURNING \(unescaped: Self.columns)
                """, logger: pools.logger)
            guard let friend = try Self.friends(rows).first else { throw FriendsError.notFound }
            return friend
        }
    }

    public func deleteFriend(id: Friend.ID) async throws(FriendsError) {
        try await writing { connection in
            let rows = try await connection.gatheredRows("DELETE FROM friend WHERE id = \(id) RETURNING id",
                                                         logger: pools.logger)
            guard !rows.isEmpty else { throw FriendsError.notFound }
        }
    }

    // MARK: -

    /// The folded keys the list is ordered and filtered by, as the local store folds them.
    private struct Keys {
        var firstName: String
        var lastName: String
        var phone: String
        var email: String

        init(_ draft: FriendDraft) {
            firstName = SearchFolding.fold(draft.firstName)
            // A friend of one name sorts by it, among the last names.
            lastName = SearchFolding.fold(draft.lastName.isEmpty ? draft.firstName : draft.lastName)
            // Every number is found by the filter, as in the local store.
            phone = SearchFolding.fold(([draft.phoneNumber] + draft.otherPhones).joined(separator: " "))
            email = SearchFolding.fold(draft.email ?? "")
        }
    }

    /// The draft trimmed and validated, as the local store keeps it.
    private static func checked(_ draft: FriendDraft) throws(FriendsError) -> FriendDraft {
        let clean = draft.normalized
        let problems = FriendValidation.problems(in: clean)
        if let field = FriendField.allCases.first(where: { problems[$0] != nil }), let reason = problems[field] {
            throw .invalid(field: field, reason: reason)
        }
        return clean
    }

    /// The other numbers as one column, one per line, as the local store keeps them.
    static func stored(_ phones: [String]) -> String {
        phones.joined(separator: "\n")
    }

    private static func friends(_ rows: [PostgresRow]) throws -> [Friend] {
        try rows.map(friend)
    }

    /// The columns a friend is read from, in `friend(_:)`'s order. Fixed text, no input in it.
    static let columns = """
        id, first_name, last_name, phone_number, email, latitude, longitude, place_name, created_at, updated_at, \
        other_phones
        """

    /// The whole list, in its order: fixed text, no parameters.
    private static var listQuery: PostgresQuery {
        """
        SELECT \(unescaped: columns) FROM friend ORDER BY last_name_key, first_name_key, id
        """
    }

    /// One row of the friend columns.
    private static func friend(_ row: PostgresRow) throws -> Friend {
        var cells = RowCells(row)
        let id = try cells.next(Int64.self), first = try cells.next(String.self), last = try cells.next(String.self)
        let phone = try cells.next(String.self), email = try cells.next(String?.self)
        let latitude = try cells.next(Double?.self), longitude = try cells.next(Double?.self)
        let place = try cells.next(String?.self), created = try cells.next(Date.self)
        let updated = try cells.next(Date.self), others = try cells.next(String.self)
        let coordinate = latitude.flatMap { lat in longitude.map { Coordinate(latitude: lat, longitude: $0) } }
        return Friend(id: id, firstName: first, lastName: last, phoneNumber: phone, email: email,
                      coordinate: coordinate, placeName: place,
                      otherPhones: others.split(separator: "\n").map(String.init),
                      createdAt: created, updatedAt: updated)
    }

    /// A write on the primary, or on the transaction of the request when there is one (an `Idempotency-Key`
    /// request keeps its key and its friend in one transaction). Outside a transaction, the write position
    /// after it is noted for read-your-writes.
    func writing<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T)
        async throws(FriendsError) -> T {
        try await storing {
            if let connection = PostgresTransactionContext.connection {
                return try await body(connection)
            }
            return try await pools.write { connection in
                let value = try await body(connection)
                if pools.hasReplicas {
                    try await PostgresTransactionContext.recordWritePosition(connection, logger: pools.logger)
                }
                return value
            }
        }
    }

    /// The repository's errors from the database's: `.network` when the database could not be reached or did not
    /// answer in time (the service answers 503, retry), `.storage` when it refused the work (500).
    func storing<T>(_ work: () async throws -> T) async throws(FriendsError) -> T {
        do {
            return try await work()
        } catch let error as FriendsError {
            throw error
        } catch {
            if DatabaseFailure.isUnavailable(error) {
                throw .network("The database is unavailable: \(DatabaseFailure.describe(error))")
            }
            throw .storage("The database failed: \(DatabaseFailure.describe(error))")
        }
    }
}

/// The transaction a request runs in, when it runs in one.
enum PostgresTransactionContext {
    @TaskLocal static var connection: PostgresConnection?

    /// Notes the primary's WAL position now (after a commit) for `X-Nearby-Written`.
    static func recordWritePosition(_ connection: PostgresConnection, logger: Logger) async throws {
        let rows = try await connection.query("SELECT pg_current_wal_lsn()::text", logger: logger)
        for try await position in rows.decode(String.self) { ReadYourWrites.record(position) }
    }
}
