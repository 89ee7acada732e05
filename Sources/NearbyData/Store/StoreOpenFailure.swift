import GRDB

/// Why the store could not be opened, as one sentence that names the file and says what to do, for the
/// commands to print (no SQLite error numbers or Foundation wording).
public enum StoreOpenFailure {
    /// The sentence for `error`, thrown by `AppDatabase.open(at:)` for the store at `path`.
    public static func sentence(for error: any Error, path: String) -> String {
        guard let databaseError = error as? DatabaseError else {
            return "Cannot open the store at \(path): \(error)."
        }
        switch databaseError.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return "The store at \(path) is not a Nearby database or is damaged; move it aside (a new one is "
                + "made in its place) or pass --data-dir."
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
            return "The store at \(path) cannot be written: check the permissions of the file and its folder, "
                + "or pass --data-dir."
        case .SQLITE_CANTOPEN:
            return "Cannot open the store at \(path): the folder is missing or not writable (check its "
                + "permissions), or pass --data-dir."
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return "The store at \(path) is busy: another nearby is writing to it; try again."
        case .SQLITE_FULL:
            return "The disk holding \(path) is full."
        case .SQLITE_IOERR:
            return "The store at \(path) could not be read from the disk (input/output error)."
        default:
            return "Cannot open the store at \(path): the database refused it; move it aside or pass --data-dir."
        }
    }
}
