import FoundationEssentials
import NearbyCore
import Pictures
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
    /// Photos kept with the friends imported.
    public var photos: Int

    public init(imported: Int = 0, duplicates: Int = 0, issues: [VCardIssue] = [], warnings: [VCardIssue] = [],
                photos: Int = 0) {
        self.imported = imported
        self.duplicates = duplicates
        self.issues = issues
        self.warnings = warnings
        self.photos = photos
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
    ///
    /// A card's photo at an address is fetched once, here, with `photoFetcher`; without one it is left out and
    /// the warning says how to allow it.
    public func importVCard(_ data: Data, photoFetcher: (any PictureFetching)? = nil)
        async throws(FriendsError) -> FriendsImportSummary {
        let date = StoreDate.text(now())
        let entries = Self.readVCard(data)
        // Photos are fetched, decoded and scaled before the store is touched, like the reading of the file.
        let photos = await Self.storedPhotos(of: entries, fetcher: photoFetcher)
        return try await storing {
            try await database.write { db in
                var importer = try VCardImporter(db: db, date: date)
                try importer.add(entries, photos: photos)
                return importer.summary
            }
        }
    }

    /// The stored form of each card's photo, by the card's index in `entries`; why a photo was left out.
    /// The most photos at an address one import fetches: a file from a stranger must not keep it asking.
    public static let maxFetchedPhotos = 100

    public static func storedPhotos(of entries: [VCardEntry], fetcher: (any PictureFetching)?) async -> [Int: CardPhoto] {
        var photos: [Int: CardPhoto] = [:]
        var fetched = 0
        for (index, entry) in entries.enumerated() {
            guard case .contact(let contact) = entry, let photo = contact.photo else { continue }
            func leftOut(_ reason: String) -> CardPhoto {
                .leftOut(VCardIssue(line: contact.line, reason: "photo left out: " + reason))
            }
            var bytes: [UInt8]
            switch photo {
            case .embedded(let embedded):
                bytes = embedded
            case .link(let address):
                guard let fetcher else {
                    photos[index] = leftOut("photos at an address are fetched only with fetch_pictures = \"yes\"")
                    continue
                }
                // https only: what a card names is fetched without asking, so nothing of it goes out in clear.
                guard address.lowercased().hasPrefix("https://"), let picture = RemotePicture(image: address) else {
                    photos[index] = leftOut("only https addresses are fetched")
                    continue
                }
                guard fetched < maxFetchedPhotos else {
                    photos[index] = leftOut("at most \(maxFetchedPhotos) photos at addresses are fetched in one import")
                    continue
                }
                fetched += 1
                do throws(PictureFetchFailure) {
                    bytes = try await fetcher.bytes(of: picture, width: StoredPhoto.maxSide)
                } catch {
                    photos[index] = leftOut(error.words)
                    continue
                }
            }
            do throws(PictureFailure) {
                photos[index] = .kept(try StoredPhoto.prepare(bytes))
            } catch {
                photos[index] = leftOut(error.words)
            }
        }
        return photos
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

/// A card's photo in the form the store keeps, or why it was left out.
public enum CardPhoto: Sendable {
    case kept([UInt8])
    case leftOut(VCardIssue)
}

/// Adds parsed cards to the store inside one transaction, skipping friends it already has.
private struct VCardImporter {
    private let insert: SQLiteStatement
    private let insertPhoto: SQLiteStatement
    private let db: SQLiteConnection
    private let date: String
    /// Name and phone of every friend in the store: a friend with all three equal is a duplicate.
    /// Held in memory rather than queried per card, because a query per card costs more than the insert.
    private var known: Set<String>
    private(set) var summary = FriendsImportSummary()

    init(db: SQLiteConnection, date: String) throws {
        self.db = db
        insert = try db.statement(FriendRow.insertSQL)
        insertPhoto = try db.statement("INSERT OR REPLACE INTO friend_photo (friend, jpeg) VALUES (?, ?)")
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

    mutating func add(_ entries: [VCardEntry], photos: [Int: CardPhoto]) throws {
        for (index, entry) in entries.enumerated() {
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
                switch photos[index] {
                case .kept(let jpeg):
                    try insertPhoto.bind(db.lastInsertRowID, jpeg).run()
                    summary.photos += 1
                case .leftOut(let issue):
                    summary.warnings.append(issue)
                case nil:
                    break
                }
            }
        }
    }

    private static func identity(firstName: String, lastName: String, phoneNumber: String) -> String {
        "\(firstName)\u{1F}\(lastName)\u{1F}\(phoneNumber)"
    }
}
