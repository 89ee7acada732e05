import SQLiteDriver

/// The friends table and its list index.
enum FriendsSchema {
    static let migrations: [StoreMigration] = [
        StoreMigration(version: 1, legacyName: "friends-v1") { db in
            try db.execute(script: """
                CREATE TABLE "friend" (
                    "id" INTEGER PRIMARY KEY AUTOINCREMENT,
                    "firstName" TEXT NOT NULL,
                    "lastName" TEXT NOT NULL,
                    "phoneNumber" TEXT NOT NULL,
                    "email" TEXT,
                    "latitude" DOUBLE,
                    "longitude" DOUBLE,
                    "placeName" TEXT,
                    "createdAt" DATETIME NOT NULL,
                    "updatedAt" DATETIME NOT NULL
                );
                CREATE INDEX "friend_name" ON "friend"("lastName", "firstName");
                """)
        },
        // Folded keys, computed at write time, so that the list sorts and filters case- and accent-insensitively
        // with an index instead of folding every row on every keystroke.
        StoreMigration(version: 2, legacyName: "friends-v2-folded-keys") { db in
            try db.execute(script: """
                ALTER TABLE friend ADD COLUMN lastNameKey TEXT NOT NULL DEFAULT '';
                ALTER TABLE friend ADD COLUMN firstNameKey TEXT NOT NULL DEFAULT '';
                ALTER TABLE friend ADD COLUMN searchKey TEXT NOT NULL DEFAULT '';
                """)
            let rows = try db.prepare("SELECT id, firstName, lastName, phoneNumber, email FROM friend")
            let update = try db.prepare("UPDATE friend SET lastNameKey = ?, firstNameKey = ?, searchKey = ? WHERE id = ?")
            try rows.bind()
            var keyed: [(Int64, FriendKeys)] = []
            while try rows.step() {
                // A row whose fields cannot be read keeps empty keys; it is left out of lists anyway.
                guard let first = try? rows.column(1, as: String.self), let last = try? rows.column(2, as: String.self),
                      let phone = try? rows.column(3, as: String.self) else { continue }
                let keys = FriendKeys(firstName: first, lastName: last, phoneNumber: phone,
                                      email: try? rows.column(4, as: String?.self))
                keyed.append((try rows.column(0), keys))
            }
            for (id, keys) in keyed {
                try update.bind(keys.lastName, keys.firstName, keys.search, id).run()
            }
            try db.execute(script: "CREATE INDEX friend_sort ON friend(lastNameKey, firstNameKey)")
        },
        // The filter reads searchKey of every row in list order; with it in the list index, filtering never
        // touches the table (over 100,000 friends, a filter that matches nothing: 115 ms before, 11 ms after).
        StoreMigration(version: 3, legacyName: "friends-v3-list-index") { db in
            try db.execute(script: """
                CREATE INDEX friend_list ON friend(lastNameKey, firstNameKey, id, searchKey);
                DROP INDEX friend_sort;
                """)
        },
        // Rows this version cannot read (a blob name, a date that is not one, a latitude in text: only a hand
        // edit of the file makes them) are marked by triggers and left out of the list index, so that the
        // list, its count and its windows agree and the list index still answers counts alone.
        StoreMigration(version: 8, legacyName: nil) { db in
            try db.execute(script: """
                ALTER TABLE friend ADD COLUMN readable INTEGER NOT NULL DEFAULT 1;
                UPDATE friend SET readable = 0 WHERE NOT (\(readableCondition(prefix: "")));
                DROP INDEX friend_list;
                CREATE INDEX friend_list ON friend(readable, lastNameKey, firstNameKey, id, searchKey);
                CREATE TRIGGER friend_unreadable_insert AFTER INSERT ON friend
                WHEN NOT (\(readableCondition(prefix: "new."))) BEGIN
                    UPDATE friend SET readable = 0 WHERE id = new.id;
                END;
                CREATE TRIGGER friend_readable_update AFTER UPDATE OF id, firstName, lastName, phoneNumber, email,
                    latitude, longitude, placeName, createdAt, updatedAt, lastNameKey, firstNameKey, searchKey ON friend
                WHEN (\(readableCondition(prefix: "new."))) IS NOT (new.readable = 1) BEGIN
                    UPDATE friend SET readable = (\(readableCondition(prefix: "new."))) WHERE id = new.id;
                END;
                """)
        },
        // How many friends the list holds, kept by triggers: counting the list index took 20 ms at 100,000
        // friends and 50 ms at 1,000,000, and the list's first frame waited for it. The insert trigger counts
        // the row as inserted; the unreadable-insert trigger's update then takes it back out where needed.
        StoreMigration(version: 10, legacyName: nil) { db in
            try db.execute(script: """
                CREATE TABLE friend_tally (listed INTEGER NOT NULL);
                INSERT INTO friend_tally (listed) SELECT count(*) FROM friend WHERE readable = 1;
                CREATE TRIGGER friend_tally_insert AFTER INSERT ON friend BEGIN
                    UPDATE friend_tally SET listed = listed + (new.readable = 1);
                END;
                CREATE TRIGGER friend_tally_delete AFTER DELETE ON friend BEGIN
                    UPDATE friend_tally SET listed = listed - (old.readable = 1);
                END;
                CREATE TRIGGER friend_tally_readable AFTER UPDATE OF readable ON friend
                WHEN (old.readable = 1) IS NOT (new.readable = 1) BEGIN
                    UPDATE friend_tally SET listed = listed + (new.readable = 1) - (old.readable = 1);
                END;
                """)
        },
        // Every number of a contact, not only the first: the others, one per line, beside the main one.
        StoreMigration(version: 16, legacyName: nil) { db in
            try db.execute(script: "ALTER TABLE friend ADD COLUMN otherPhones TEXT NOT NULL DEFAULT ''")
        },
        // Photos, in a table of their own so that listing friends reads none; one goes with its friend.
        StoreMigration(version: 18, legacyName: nil) { db in
            try db.execute(script: """
                CREATE TABLE friend_photo (friend INTEGER PRIMARY KEY, jpeg BLOB NOT NULL);
                CREATE TRIGGER friend_photo_gone AFTER DELETE ON friend BEGIN
                    DELETE FROM friend_photo WHERE friend = old.id;
                END;
                """)
        },
    ]

    /// What a stored date starts with (GLOB).
    static let datePattern = "'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'"

    /// Whether a friend row holds values of the types this version reads (the columns prefixed, as in
    /// `new.` inside a trigger).
    static func readableCondition(prefix p: String) -> String {
        let date = datePattern
        return """
            typeof(\(p)firstName) = 'text' AND typeof(\(p)lastName) = 'text' AND typeof(\(p)phoneNumber) = 'text' \
            AND typeof(\(p)email) IN ('text', 'null') AND typeof(\(p)placeName) IN ('text', 'null') \
            AND typeof(\(p)latitude) IN ('real', 'integer', 'null') \
            AND typeof(\(p)longitude) IN ('real', 'integer', 'null') \
            AND typeof(\(p)createdAt) = 'text' AND \(p)createdAt GLOB \(date) \
            AND typeof(\(p)updatedAt) = 'text' AND \(p)updatedAt GLOB \(date) \
            AND typeof(\(p)lastNameKey) = 'text' AND typeof(\(p)firstNameKey) = 'text' \
            AND typeof(\(p)searchKey) = 'text'
            """
    }
}
