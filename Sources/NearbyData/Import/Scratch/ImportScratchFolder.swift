import OSMFormats
import Glibc
import Synchronization

/// The folder of one import's temporary files: `tmp-import-<pid>-<n>` beside the store file, so they go to
/// the disk the store is on and the user knows where to look. It is removed when the import ends, however it
/// ends (`remove()`, called from a `defer`); a folder left by an import that was killed (`kill -9`, a crash)
/// is removed by the next import, which sees that its process is gone.
public final class ImportScratchFolder: @unchecked Sendable {
    let path: String
    private var fileCount = 0

    static let prefix = "tmp-import-"
    private static let sequence = Atomic<Int>(0)

    /// Makes the folder in `parent`, after removing what dead imports left there and checking that the disk
    /// can hold `neededBytes` (`freeSpace` says how much it can).
    init(in parent: String, neededBytes: Int,
         freeSpace: (String) -> Int? = ImportScratchFolder.freeSpace) throws(OSMImportError) {
        Self.removeStale(in: parent)
        if let available = freeSpace(parent), available < neededBytes {
            throw .diskTooSmall(needed: neededBytes, available: available, folder: parent)
        }
        let number = Self.sequence.wrappingAdd(1, ordering: .relaxed).newValue
        path = (parent.hasSuffix("/") ? parent : parent + "/") + "\(Self.prefix)\(getpid())-\(number)"
        guard mkdir(path, 0o700) == 0 else {
            throw .scratch("cannot make the folder \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// A new file in the folder.
    func file(named name: String) throws(OSMImportError) -> ScratchFile {
        fileCount += 1
        return try ScratchFile(creating: path + "/\(fileCount)-\(name)")
    }

    /// Removes the folder and everything in it.
    func remove() {
        Self.removeTree(path)
    }

    /// The folder imports use beside the store at `storePath` (the system's temporary folder for a store in
    /// memory).
    static func parent(ofStore storePath: String) -> String {
        guard storePath.hasPrefix("/") || storePath.contains("/") else {
            return ProcessInfo.temporaryFolder
        }
        guard let slash = storePath.lastIndex(of: "/") else { return "." }
        let folder = String(storePath[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// Bytes free for an ordinary user on the disk of `folder` (nil when it cannot be told).
    public static func freeSpace(_ folder: String) -> Int? {
        var stats = statvfs()
        guard statvfs(folder, &stats) == 0 else { return nil }
        return Int(stats.f_bavail) * Int(stats.f_frsize)
    }

    /// Removes the folders of imports whose process is gone.
    static func removeStale(in parent: String) {
        guard let directory = opendir(parent) else { return }
        var stale: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix(prefix) else { continue }
            let digits = name.dropFirst(prefix.count).prefix { $0.isNumber }
            guard let pid = Int32(digits), pid > 0, pid != getpid() else { continue }
            // No process of that id (another user's live process answers EPERM, and stays).
            if kill(pid, 0) != 0, errno == ESRCH { stale.append(name) }
        }
        closedir(directory)
        for name in stale { removeTree(parent + "/" + name) }
    }

    /// Removes a folder and what is in it: the import's files and the extract's base it writes in a folder of its
    /// own. A link is removed, never followed, so a link planted in the folder cannot lead the removal elsewhere.
    static func removeTree(_ path: String) {
        if let directory = opendir(path) {
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != ".", name != ".." { names.append(name) }
            }
            closedir(directory)
            for name in names {
                let child = path + "/" + name
                var status = stat()
                if lstat(child, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                    removeTree(child)
                } else {
                    unlink(child)
                }
            }
        }
        rmdir(path)
    }
}

private enum ProcessInfo {
    static var temporaryFolder: String {
        if let value = getenv("TMPDIR"), let folder = String(validatingCString: value), !folder.isEmpty {
            return folder
        }
        return "/tmp"
    }
}
