import NearbyCore
import SQLiteDriver

/// Folded keys written with an older `SearchFolding` are written again: folding learnt ø, æ, ß, ł and the
/// other letters without a decomposition (version 7), so a filter for "ROLF" finds "Rølf" in a store made
/// before; then typographic apostrophes (version 15), so "l'Aldosa" finds "l’Aldosa".
enum FoldedKeysMigration {
    static let migrations: [StoreMigration] = [
        StoreMigration(version: 7, legacyName: "text-v1-refold-keys") { db in try refold(db) },
        StoreMigration(version: 15, legacyName: nil) { db in try refold(db) },
    ]

    /// Every friend's and locality's folded keys, folded again with today's `SearchFolding`.
    private static func refold(_ db: SQLiteConnection) throws {
        // The statements are the migration's own (not cached): they run once in the store's life.
        let friends = try db.prepare("SELECT id, firstName, lastName, phoneNumber, email FROM friend")
        let updateFriend = try db.prepare(
            "UPDATE friend SET lastNameKey = ?, firstNameKey = ?, searchKey = ? WHERE id = ?")
        var refolded: [(id: Int64, keys: FriendKeys)] = []
        while try friends.step() {
            // A row this version cannot read keeps its keys: it is left out of lists anyway.
            guard let id = try? friends.column(0, as: Int64.self),
                  let firstName = try? friends.column(1, as: String.self),
                  let lastName = try? friends.column(2, as: String.self),
                  let phoneNumber = try? friends.column(3, as: String.self),
                  // `try?` would flatten a NULL e-mail into a failure: the Result keeps the two apart.
                  case .success(let email) = Result(catching: { try friends.column(4, as: String?.self) })
            else { continue }
            refolded.append((id, FriendKeys(firstName: firstName, lastName: lastName, phoneNumber: phoneNumber,
                                            email: email)))
        }
        for (id, keys) in refolded {
            try updateFriend.bind(keys.lastName, keys.firstName, keys.search, id).run()
        }
        let localities = try db.prepare("SELECT id, name FROM locality")
        let updateLocality = try db.prepare("UPDATE locality SET nameKey = ? WHERE id = ?")
        var names: [(id: String, key: String)] = []
        while try localities.step() {
            guard let id = try? localities.column(0, as: String.self),
                  let name = try? localities.column(1, as: String.self) else { continue }
            names.append((id, SearchFolding.fold(name)))
        }
        for (id, key) in names { try updateLocality.bind(key, id).run() }
    }
}
