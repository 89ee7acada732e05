import NearbyCore

/// Where in an input file something went wrong.
public enum OSMFileLocation: Hashable, Sendable, CustomStringConvertible {
    /// A byte offset from the start of the file (PBF).
    case byte(Int)
    /// A 1-based line number (XML; for gzip, a line of the uncompressed text).
    case line(Int)

    public var description: String {
        switch self {
        case .byte(let offset): "at byte \(offset)"
        case .line(let line): "on line \(line)"
        }
    }
}

/// Why an OpenStreetMap file could not be imported, with where, in words a user understands.
public enum OSMImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read.
    case unreadable(path: String, reason: String)
    /// The file is neither PBF nor OSM XML (nor a gzip of one).
    case notOSM(reason: String)
    /// The file ends before the data it announces.
    case truncated(String, OSMFileLocation)
    /// The data is damaged or malformed.
    case corrupt(String, OSMFileLocation)
    /// The file needs a feature this reader does not have (history files, lzma blobs, …).
    case unsupported(String, OSMFileLocation)
    /// The place sink refused a place (the store failed).
    case sink(String)
    /// The import's temporary files could not be made, written or read (the disk, the folder's permissions).
    case scratch(String)
    /// The disk cannot hold what the import would write while it runs.
    case diskTooSmall(needed: Int, available: Int, folder: String)
    /// The import was stopped (ctrl-c, SIGTERM) before it finished; the store is as it was.
    case interrupted

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "Cannot read \(path): \(Self.sentenceEnd(reason))"
        case .notOSM(let reason): "This is not an OpenStreetMap file: \(Self.sentenceEnd(reason))"
        case .truncated(let what, let location): "The file is cut short \(location): \(Self.sentenceEnd(what))"
        case .corrupt(let what, let location): "The file is damaged \(location): \(Self.sentenceEnd(what))"
        case .unsupported(let what, let location):
            "The file needs something this importer cannot do \(location): \(Self.sentenceEnd(what))"
        case .sink(let reason): "Saving the places failed: \(Self.sentenceEnd(reason))"
        case .scratch(let reason): "The import's temporary files failed: \(Self.sentenceEnd(reason))"
        case .diskTooSmall(let needed, let available, let folder):
            "Not enough disk space: importing this file needs about \(needed >> 20) MB free in \(folder) "
                + "(for its temporary files and the store), and only \(available >> 20) MB are; nothing was changed."
        case .interrupted: "The import was interrupted; the store is as it was before."
        }
    }

    /// `reason` ending in one full stop: a reason that is a sentence of its own ("… its folder.") gets no second.
    private static func sentenceEnd(_ reason: String) -> String {
        reason.hasSuffix(".") || reason.hasSuffix("?") || reason.hasSuffix("!") ? reason : reason + "."
    }

    /// Where in the file the problem lies, when it lies somewhere.
    public var location: OSMFileLocation? {
        switch self {
        case .truncated(_, let location), .corrupt(_, let location), .unsupported(_, let location): location
        case .unreadable, .notOSM, .sink, .scratch, .diskTooSmall, .interrupted: nil
        }
    }
}

extension OSMImportError {
    /// Wraps what a sink threw, keeping the sink's own words.
    package static func sink(failure error: any Error) -> OSMImportError {
        if let error = error as? OSMImportError { return error }
        if let error = error as? PlacesError {
            switch error {
            case .storage(let message), .network(let message), .refused(let message), .badResponse(let message),
                 .unavailable(let message):
                return .sink(message)
            case .notFound:
                return .sink("a place was not found")
            }
        }
        return .sink(String(describing: error))
    }
}
