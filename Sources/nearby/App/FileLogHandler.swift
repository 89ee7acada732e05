import Foundation
import Logging
import NearbyCore

/// Writes log lines to a file: nothing may reach the screen while the UI runs.
struct FileLogHandler: LogHandler {
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    private let label: String
    private let sink: LogFile

    init(label: String, file: LogFile) {
        self.label = label
        sink = file
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let extra = merged.isEmpty ? "" : " " + merged.map { "\($0)=\($1)" }.sorted().joined(separator: " ")
        sink.append("\(CivilDate.iso8601UTC(Date())) \(event.level) \(label): \(event.message)\(extra)\n")
    }
}

/// An append-only log file shared by every logger; writes are serialised by a lock.
final class LogFile: Sendable {
    private let handle: FileHandle?
    private let lock = NSLock()

    init(url: URL) {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: url.path) {
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        }
        handle = try? FileHandle(forWritingTo: url)
        _ = try? handle?.seekToEnd()
    }

    func append(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        try? handle?.write(contentsOf: Data(line.utf8))
    }

    /// Routes every `Logger` of the process to `url`.
    static func bootstrap(at url: URL, level: Logger.Level) {
        let file = LogFile(url: url)
        LoggingSystem.bootstrap { label in
            var handler = FileLogHandler(label: label, file: file)
            handler.logLevel = level
            return handler
        }
    }
}
