import CSQLite
import FoundationEssentials
#if canImport(Glibc)
import Glibc
import SQLiteDriver
#endif

/// Why the store could not be opened or used, with one sentence a user can act on: what happened, to which
/// file, and what to do.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is not an SQLite database, or one that is not Nearby's.
    case notADatabase(path: String)
    /// The file is a database but damaged inside.
    case damaged(path: String)
    /// The store (or its folder) cannot be written: opened read-only, or the permissions forbid it.
    case readOnly(path: String)
    /// The store cannot even be read.
    case noPermission(path: String)
    /// Another process held the write lock for longer than the busy timeout.
    case busy(path: String)
    /// The disk (or the user's quota) is full.
    case diskFull(path: String)
    /// The store's folder is missing and cannot be created.
    case folderUnavailable(path: String, reason: String)
    /// Made by an older Nearby, and this one cannot bring it up to date because it may not write it.
    case needsUpgrade(path: String)
    /// Made by a newer Nearby (a schema version this one does not know): read as it is, never written, since
    /// this build cannot know what the newer one expects of its rows.
    case newerVersion(path: String)
    /// Anything else SQLite reported.
    case failed(path: String, reason: String)

    /// The file the error is about.
    public var path: String {
        switch self {
        case .notADatabase(let path), .damaged(let path), .readOnly(let path), .noPermission(let path),
             .busy(let path), .diskFull(let path), .needsUpgrade(let path), .newerVersion(let path): path
        case .folderUnavailable(let path, _), .failed(let path, _): path
        }
    }

    public var description: String {
        switch self {
        case .notADatabase(let path):
            "The store at \(path) is not a Nearby database; move it aside or pass --data-dir."
        case .damaged(let path):
            "The store at \(path) is damaged; move it aside and import again."
        case .readOnly(let path):
            "The store at \(path) is read-only, so nothing can be saved; check the permissions of the file and its folder."
        case .noPermission(let path):
            "The store at \(path) cannot be read (permission denied); check the permissions of the file and its folder."
        case .busy(let path):
            "The store at \(path) is busy: another nearby has been writing to it for too long; try again."
        case .diskFull(let path):
            "The disk holding the store at \(path) is full; free some space and try again."
        case .folderUnavailable(let path, let reason):
            "Cannot create the data folder \(path) (\(reason)); create it or pass --data-dir."
        case .needsUpgrade(let path):
            "The store at \(path) was made by an older Nearby and cannot be updated because it is read-only; "
                + "run nearby once with write access to it."
        case .newerVersion(let path):
            "The store at \(path) was made by a newer Nearby; this one only reads it and changes nothing: upgrade nearby."
        case .failed(let path, let reason):
            "The store at \(path) failed: \(reason)."
        }
    }

    /// The store error behind an SQLite failure on the store at `path`.
    public init(_ error: SQLiteError, path: String) {
        switch error.code {
        case SQLITE_NOTADB:
            self = .notADatabase(path: path)
        case SQLITE_CORRUPT:
            self = .damaged(path: path)
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH:
            self = .readOnly(path: path)
        case SQLITE_BUSY, SQLITE_LOCKED:
            self = .busy(path: path)
        case SQLITE_FULL:
            self = .diskFull(path: path)
        case SQLITE_CANTOPEN:
            self = Self.cannotOpen(path: path)
        case SQLITE_IOERR:
            // ENOSPC while writing the WAL or the journal comes back as an I/O error.
            self = error.message.contains("disk is full") || errno == ENOSPC
                ? .diskFull(path: path) : .failed(path: path, reason: "the disk could not be read or written")
        case SQLITE_MISMATCH:
            self = .failed(path: path, reason: "it holds a value this version cannot read (\(error.message))")
        default:
            self = .failed(path: path, reason: error.message)
        }
    }

    /// The error behind any failure of store work: store and SQLite errors become store errors; nil for
    /// errors of another kind (a caller's own).
    public static func from(_ error: any Error, path: String) -> StoreError? {
        if let error = error as? StoreError { return error }
        if let error = error as? SQLiteError { return StoreError(error, path: path) }
        return nil
    }

    /// Why SQLite could not open `path`, from what the file system says about it.
    static func cannotOpen(path: String) -> StoreError {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let folder = StorePath.folder(of: path)
            if access(folder, F_OK) != 0 { return .folderUnavailable(path: folder, reason: "it does not exist") }
            if access(folder, W_OK) != 0 { return .readOnly(path: path) }
            return .failed(path: path, reason: "it could not be opened")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .notADatabase(path: path) }
        if access(path, R_OK) != 0 { return .noPermission(path: path) }
        return .readOnly(path: path)
    }
}

/// Path text without NSString.
enum StorePath {
    /// The folder part of `path` ("." when there is none).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
