import FoundationEssentials
import Logging
import NearbyCore
import SQLiteDriver

/// How a friend is read from and written to the `friend` table.
enum FriendRow {
    /// The columns of a friend, in the order `friend(from:)` reads them.
    static let columns = """
        id, firstName, lastName, phoneNumber, email, latitude, longitude, placeName, createdAt, updatedAt, otherPhones
        """
    /// List order: last name, first name (folded), then the order they were added.
    static let order = "lastNameKey, firstNameKey, id"
    /// The rows lists show: those this version can read (see `FriendsSchema`), through the list index.
    static let listed = "readable = 1"

    static let insertSQL = """
        INSERT INTO friend (firstName, lastName, phoneNumber, email, latitude, longitude, placeName,
                            createdAt, updatedAt, lastNameKey, firstNameKey, searchKey, otherPhones)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// Writing every field repairs a row damaged by hand; a creation time that cannot be read becomes now.
    static let updateSQL = """
        UPDATE friend SET firstName = ?1, lastName = ?2, phoneNumber = ?3, email = ?4, latitude = ?5, longitude = ?6,
                          placeName = ?7, updatedAt = ?8, lastNameKey = ?9, firstNameKey = ?10, searchKey = ?11,
                          createdAt = CASE WHEN typeof(createdAt) = 'text' AND createdAt GLOB \(FriendsSchema.datePattern)
                                      THEN createdAt ELSE ?8 END,
                          otherPhones = ?13
        WHERE id = ?12
        """

    /// The friend on the statement's current row (selected with `columns`); throws when a value cannot be read.
    static func friend(from row: SQLiteStatement) throws(SQLiteError) -> Friend {
        var coordinate: Coordinate?
        if let latitude = try row.column(5, as: Double?.self), let longitude = try row.column(6, as: Double?.self) {
            coordinate = Coordinate(latitude: latitude, longitude: longitude)
            // A row changed outside the app (latitude 1e308) keeps its friend, without the impossible place.
            if coordinate?.isValid == false {
                let id = (try? row.column(0, as: Int64.self)).map(String.init) ?? "?"
                StoreLog.logger.warning("Friend \(id) has an impossible position; it is left out.")
                coordinate = nil
            }
        }
        return Friend(id: try row.column(0), firstName: try row.column(1), lastName: try row.column(2),
                      phoneNumber: try row.column(3), email: try row.column(4), coordinate: coordinate,
                      placeName: try row.column(7), otherPhones: otherPhones(from: row),
                      createdAt: try row.column(8), updatedAt: try row.column(9))
    }

    /// Every friend the statement yields; a row that cannot be read is skipped and logged, not fatal.
    static func friends(from rows: SQLiteStatement) throws(SQLiteError) -> [Friend] {
        var friends: [Friend] = []
        while try rows.step() {
            if let friend = readableFriend(from: rows) { friends.append(friend) }
        }
        return friends
    }

    /// The friend on the current row; nil (logged) when a value in it cannot be read.
    static func readableFriend(from row: SQLiteStatement) -> Friend? {
        do {
            return try friend(from: row)
        } catch {
            StoreLog.skippedRow("friend", id: try? row.column(0, as: Int64.self), error)
            return nil
        }
    }

    /// Binds `insertSQL`'s parameters. The date comes already as text: a bulk import stamps every friend with
    /// the same time, and formatting a date is a large part of an insert's cost.
    static func bindInsert(_ statement: SQLiteStatement, _ draft: FriendDraft, at date: String) throws(SQLiteError) {
        let keys = FriendKeys(draft)
        try statement.bind(draft.firstName, draft.lastName, draft.phoneNumber, draft.email,
                           draft.coordinate?.latitude, draft.coordinate?.longitude, draft.placeName, date, date,
                           keys.lastName, keys.firstName, keys.search, storedPhones(draft.otherPhones))
    }

    /// Binds `updateSQL`'s parameters.
    static func bindUpdate(_ statement: SQLiteStatement, id: Friend.ID, _ draft: FriendDraft, at date: Date)
        throws(SQLiteError) {
        let keys = FriendKeys(draft)
        try statement.bind(draft.firstName, draft.lastName, draft.phoneNumber, draft.email,
                           draft.coordinate?.latitude, draft.coordinate?.longitude, draft.placeName, date,
                           keys.lastName, keys.firstName, keys.search, id, storedPhones(draft.otherPhones))
    }

    /// The other numbers as one column: one per line (a number cannot hold a line break, the rules refuse it).
    static func storedPhones(_ phones: [String]) -> String {
        phones.joined(separator: "\n")
    }

    /// The other numbers of the current row; a value damaged by hand (a blob, a number) reads as none rather
    /// than hiding the friend.
    static func otherPhones(from row: SQLiteStatement) -> [String] {
        guard let text = (try? row.column(10, as: String?.self)) ?? nil, !text.isEmpty else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }
}

extension FriendDraft {
    /// The first problem of the draft in form order, as the error add and update throw.
    var validationError: FriendsError? {
        let problems = FriendValidation.problems(in: self)
        for field in FriendField.allCases {
            if let reason = problems[field] { return .invalid(field: field, reason: reason) }
        }
        return nil
    }
}
