import FoundationEssentials
import Glibc
import Logging
import NearbyCore
import Locking

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

/// An append-only log file shared by every logger of the process, and by other nearby processes on the
/// same data folder: it is opened with O_APPEND and each line goes out in one write(2), so the kernel puts
/// every line at the end as it is then, and two instances never write over each other's lines.
final class LogFile: Sendable {
    private let descriptor: Locked<Int32>

    /// Opens (creating it if needed) the log at `path`; a log that cannot be opened is silently left out.
    init(path: String) {
        let folder = FileSystem.parentPath(of: path)
        try? FileSystem.makeFolders(folder)
        descriptor = Locked(open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644))
    }

    deinit {
        descriptor.withLock { if $0 >= 0 { close($0) } }
    }

    /// Appends `line` (which ends in a newline) in one write.
    func append(_ line: String) {
        let bytes = Array(line.utf8)
        descriptor.withLock { fd in
            guard fd >= 0 else { return }
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 && errno == EINTR { continue }
                    // A full disk or a removed file: the log is not worth stopping the app for.
                    guard written > 0 else { return }
                    offset += written
                }
            }
        }
    }

    /// Routes every `Logger` of the process to the file at `path`.
    static func bootstrap(at path: String, level: Logger.Level) {
        let file = LogFile(path: path)
        LoggingSystem.bootstrap { label in
            var handler = FileLogHandler(label: label, file: file)
            handler.logLevel = level
            return handler
        }
    }
}
