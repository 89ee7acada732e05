import Foundation
import GRDB
import NearbyCore

/// How a friend is read from and written to the `friend` table.
enum FriendRow {
    /// The columns of a friend, in the order `friend(from:)` reads them.
    static let columns = "id, firstName, lastName, phoneNumber, email, latitude, longitude, placeName, createdAt, updatedAt"
    /// List order: last name, first name (folded), then the order they were added.
    static let order = "lastNameKey, firstNameKey, id"

    static let insertSQL = """
        INSERT INTO friend (firstName, lastName, phoneNumber, email, latitude, longitude, placeName,
                            createdAt, updatedAt, lastNameKey, firstNameKey, searchKey)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    static let updateSQL = """
        UPDATE friend SET firstName = ?, lastName = ?, phoneNumber = ?, email = ?, latitude = ?, longitude = ?,
                          placeName = ?, updatedAt = ?, lastNameKey = ?, firstNameKey = ?, searchKey = ?
        WHERE id = ?
        """

    static func friend(from row: Row) -> Friend {
        var coordinate: Coordinate?
        if let latitude: Double = row[5], let longitude: Double = row[6] {
            coordinate = Coordinate(latitude: latitude, longitude: longitude)
        }
        return Friend(id: row[0], firstName: row[1], lastName: row[2], phoneNumber: row[3], email: row[4],
                      coordinate: coordinate, placeName: row[7], createdAt: row[8], updatedAt: row[9])
    }

    /// The arguments of `insertSQL`. The date comes already converted: a bulk import stamps every friend with
    /// the same time, and formatting a date is a large part of an insert's cost.
    static func insertArguments(_ draft: FriendDraft, at date: DatabaseValue) -> StatementArguments {
        let keys = FriendKeys(draft)
        return [draft.firstName, draft.lastName, draft.phoneNumber, draft.email, draft.coordinate?.latitude,
                draft.coordinate?.longitude, draft.placeName, date, date, keys.lastName, keys.firstName, keys.search]
    }

    /// The arguments of `updateSQL`.
    static func updateArguments(id: Friend.ID, _ draft: FriendDraft, at date: Date) -> StatementArguments {
        let keys = FriendKeys(draft)
        return [draft.firstName, draft.lastName, draft.phoneNumber, draft.email, draft.coordinate?.latitude,
                draft.coordinate?.longitude, draft.placeName, date, keys.lastName, keys.firstName, keys.search, id]
    }
}

extension FriendDraft {
    /// The draft as the store keeps it: fields trimmed, empty optional fields absent.
    var normalized: FriendDraft {
        func trim(_ text: String) -> String {
            // Most fields need no trimming; checking first is much cheaper than Foundation's trim on Linux.
            guard text.first?.isWhitespace == true || text.last?.isWhitespace == true else { return text }
            return text.trimmingCharacters(in: .whitespaces)
        }
        func optional(_ text: String?) -> String? {
            guard let text = text.map(trim), !text.isEmpty else { return nil }
            return text
        }
        return FriendDraft(firstName: trim(firstName), lastName: trim(lastName), phoneNumber: trim(phoneNumber),
                           email: optional(email), coordinate: coordinate, placeName: optional(placeName))
    }

    /// The first problem of the draft in form order, as the error add and update throw.
    var validationError: FriendsError? {
        let problems = FriendValidation.problems(in: self)
        for field in FriendField.allCases {
            if let reason = problems[field] { return .invalid(field: field, reason: reason) }
        }
        return nil
    }
}
