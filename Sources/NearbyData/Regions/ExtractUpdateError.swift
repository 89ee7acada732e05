import OSMFormats

/// Why an extract could not be brought up to date, in words for the command line and the Regions screen.
public enum ExtractUpdateError: Error, Equatable, Sendable {
    /// Another update runs on this data folder.
    case busy
    /// The extract's header names no replication feed, and none was given.
    case noFeed(name: String)
    /// The file the extract was imported from is not where it was (or the store predates keeping its place).
    case fileMissing(name: String, path: String?)
    /// The feed cannot be reached or answered with an error; nothing was changed.
    case feedUnavailable(String)
    /// The site asked to come back later, for longer than an update waits.
    case comeBackLater(seconds: Int)
    /// The feed no longer publishes the changes the extract needs.
    case tooFarBehind(name: String, sequence: Int64)
    /// A change file was cut short or damaged; the store stays as it was.
    case damagedChanges(sequence: Int64, reason: String)
    /// The import through the changes failed (the store stays as it was).
    case importFailed(OSMImportError)
    case interrupted

    public var message: String {
        switch self {
        case .busy: "Another update is running on this data folder; wait for it to finish."
        case .noFeed(let name):
            "\(name): its file names no replication feed; import a newer file instead, or give one with --updates-url."
        case .fileMissing(let name, let path?):
            "\(name): the file it was imported from (\(path)) is gone; `nearby download` gets a new one."
        case .fileMissing(let name, nil):
            "\(name): this store does not know where its file is (imported by an older version); import it again."
        case .feedUnavailable(let why): "The replication feed could not be read: \(why)"
        case .comeBackLater(let seconds): "The update site asks to come back in \(seconds) s; try again then."
        case .tooFarBehind(let name, let sequence):
            "\(name) is too old to update: the feed no longer publishes change \(sequence). "
                + "`nearby download \(name)` gets a current extract."
        case .damagedChanges(let sequence, let reason):
            "Change file \(sequence) is damaged (\(reason)); nothing was changed. Run the update again to fetch it anew."
        case .importFailed(let error): "\(error)"
        case .interrupted: "The update was stopped; nothing was changed."
        }
    }
}
