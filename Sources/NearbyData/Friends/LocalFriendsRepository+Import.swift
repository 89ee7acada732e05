import FoundationEssentials
import NearbyCore
import SQLiteDriver

/// What importing a vCard file did.
public struct FriendsImportSummary: Hashable, Sendable {
    /// Friends added to the store.
    public var imported: Int
    /// Cards skipped because the same friend (name and phone number) is already in the store.
    public var duplicates: Int
    /// Cards (or stretches of the file) that could not be read, with their lines.
    public var issues: [VCardIssue]
    /// Imported cards whose optional fields had to be left out.
    public var warnings: [VCardIssue]

    public init(imported: Int = 0, duplicates: Int = 0, issues: [VCardIssue] = [], warnings: [VCardIssue] = []) {
        self.imported = imported
        self.duplicates = duplicates
        self.issues = issues
        self.warnings = warnings
    }
}

extension LocalFriendsRepository {
    /// Bytes read at a time: the parser streams, so a large (memory-mapped) file is never copied whole.
    static let importChunkSize = 1 << 20

    /// Imports every readable card of a vCard file in one transaction: either all of them are added or,
    /// when the store fails, none. Cards that cannot be read are reported and do not stop the others.
    ///
    /// The file is read before the store is touched: the write lock is held for the inserts only, so another
    /// nearby that writes meanwhile waits for milliseconds, not for the reading of a large (or hostile) file.
    public func importVCard(_ data: Data) async throws(FriendsError) -> FriendsImportSummary {
        let date = StoreDate.text(now())
        let entries = Self.readVCard(data)
        return try await storing {
            try await database.write { db in
                var importer = try VCardImporter(db: db, date: date)
                try importer.add(entries)
                return importer.summary
            }
        }
    }

    /// Every entry of a vCard file, read a chunk at a time.
    static func readVCard(_ data: Data) -> [VCardEntry] {
        var parser = VCardParser()
        var entries: [VCardEntry] = []
        var start = data.startIndex
        while start < data.endIndex {
            let end = data.index(start, offsetBy: importChunkSize, limitedBy: data.endIndex) ?? data.endIndex
            entries += parser.read(data[start..<end])
            start = end
        }
        return entries + parser.finish()
    }
}

/// Adds parsed cards to the store inside one transaction, skipping friends it already has.
private struct VCardImporter {
    private let insert: SQLiteStatement
    private let date: String
    /// Name and phone of every friend in the store: a friend with all three equal is a duplicate.
    /// Held in memory rather than queried per card, because a query per card costs more than the insert.
    private var known: Set<String>
    private(set) var summary = FriendsImportSummary()

    init(db: SQLiteConnection, date: String) throws {
        insert = try db.statement(FriendRow.insertSQL)
        known = []
        let rows = try db.statement("SELECT firstName, lastName, phoneNumber FROM friend WHERE \(FriendRow.listed)")
            .bind()
        while try rows.step() {
            // A row that cannot be read is no one's duplicate.
            guard let first = try? rows.column(0, as: String.self), let last = try? rows.column(1, as: String.self),
                  let phone = try? rows.column(2, as: String.self) else { continue }
            known.insert(Self.identity(firstName: first, lastName: last, phoneNumber: phone))
        }
        self.date = date
    }

    mutating func add(_ entries: [VCardEntry]) throws {
        for entry in entries {
            switch entry {
            case .issue(let issue):
                summary.issues.append(issue)
            case .contact(let contact):
                // The parser has validated the draft with the same rules add and update use; checked again here
                // so that no way into the store skips them.
                let draft = contact.draft.normalized
                if case .invalid(let field, let reason)? = draft.validationError {
                    summary.issues.append(VCardIssue(line: contact.line, reason: "\(field.rawValue): \(reason)"))
                    continue
                }
                let identity = Self.identity(firstName: draft.firstName, lastName: draft.lastName,
                                             phoneNumber: draft.phoneNumber)
                guard known.insert(identity).inserted else {
                    summary.duplicates += 1
                    continue
                }
                try FriendRow.bindInsert(insert, draft, at: date)
                try insert.run()
                summary.imported += 1
                summary.warnings += contact.warnings
            }
        }
    }

    private static func identity(firstName: String, lastName: String, phoneNumber: String) -> String {
        "\(firstName)\u{1F}\(lastName)\u{1F}\(phoneNumber)"
    }
}
