import Glibc

/// The file operations the commands need, on libc, with failures in words ("permission denied") rather than
/// Foundation's error domains.
enum FileSystem {
    /// What is at a path.
    enum Kind: Equatable {
        case missing
        case file
        case folder
        case other
    }

    static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// The reason for `code` (an errno value), in lower case: "permission denied".
    static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let message = String(cString: text)
        guard let first = message.first else { return message }
        return first.lowercased() + message.dropFirst()
    }

    /// Creates `path` and the folders above it that are missing.
    static func makeFolders(_ path: String) throws(FileFailure) {
        switch kind(of: path) {
        case .folder: return
        case .file, .other: throw FileFailure(path: path, reason: "it is not a folder")
        case .missing: break
        }
        let parent = parentPath(of: path)
        if parent != path, !parent.isEmpty { try makeFolders(parent) }
        if mkdir(path, 0o755) != 0, errno != EEXIST {
            throw FileFailure(path: path, reason: reason(errno))
        }
    }

    /// The folder holding `path` ("." for a bare name).
    static func parentPath(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// The last part of `path`: "b.osm" for "/a/b.osm".
    static func fileName(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `~` and `~/…` at the start of `path` in the user's home folder (`$HOME`, else the password database).
    static func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        var home = getenv("HOME").map { String(cString: $0) } ?? ""
        if home.isEmpty, let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
            home = String(cString: directory)
        }
        guard !home.isEmpty else { return path }
        return home + path.dropFirst()
    }

    /// Reads a whole regular file. Anything else is refused without waiting: opening a FIFO for reading
    /// blocks until a writer comes, so it is opened non-blocking and looked at before a byte is read.
    static func read(_ path: String, limit: Int = Int.max) throws(FileFailure) -> [UInt8] {
        if kind(of: path) == .folder { throw FileFailure(path: path, reason: "it is a folder") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            throw FileFailure(path: path, reason: reason(code), kind: code == ENOENT ? .missing : .other)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileFailure(path: path, reason: reason(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FileFailure(path: path, reason: "it is a folder")
        case S_IFIFO: throw FileFailure(path: path, reason: "it is a pipe, not a file")
        default: throw FileFailure(path: path, reason: "it is not a regular file")
        }
        // Regular files never block; the flag goes so that reads of them behave as usual.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileFailure(path: path, reason: reason(errno))
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
            if bytes.count > limit { throw FileFailure(path: path, reason: "it is too large", kind: .tooLarge) }
        }
    }

    /// Writes `bytes` to `path` through a temporary file in the same folder, so a failure part-way leaves
    /// whatever was at `path` whole. Without `replacing`, an existing file is never touched.
    static func writeWhole(_ bytes: [UInt8], to path: String, replacing: Bool) throws(FileFailure) {
        switch kind(of: path) {
        case .folder: throw FileFailure(path: path, reason: "it is a folder")
        case .file where !replacing: throw FileFailure.existsAlready(path)
        case .other: throw FileFailure(path: path, reason: "it is not a regular file")
        default: break
        }
        let folder = parentPath(of: path)
        var template = Array((folder + "/." + fileName(of: path) + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw FileFailure(path: path, reason: reason(errno)) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var done = false
        defer {
            if !done { unlink(temporary) }
        }
        do {
            defer { close(descriptor) }
            try writeAll(bytes, to: descriptor, path: path)
            guard fsync(descriptor) == 0 else { throw FileFailure(path: path, reason: reason(errno)) }
            // mkstemp makes the file private (0600); an export is an ordinary file.
            let mask = umask(0)
            umask(mask)
            fchmod(descriptor, 0o666 & ~mask)
        }
        if replacing {
            guard rename(temporary, path) == 0 else { throw FileFailure(path: path, reason: reason(errno)) }
        } else {
            // link(2) fails when the name exists, so a file that appeared meanwhile is not replaced either.
            guard link(temporary, path) == 0 else {
                let code = errno
                throw code == EEXIST ? FileFailure.existsAlready(path) : FileFailure(path: path, reason: reason(code))
            }
            unlink(temporary)
        }
        done = true
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(FileFailure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw FileFailure(path: path, reason: reason(errno))
            }
            offset += written
        }
    }
}

/// A file operation that failed: the path and the reason in words.
struct FileFailure: Error, Equatable {
    /// Failures a caller words in its own way.
    enum Kind: Equatable {
        case existsAlready
        case tooLarge
        /// Nothing at the path (ENOENT); a dangling or looping link is not this.
        case missing
        case other
    }

    var path: String
    var reason: String
    var kind = Kind.other

    static func existsAlready(_ path: String) -> FileFailure {
        FileFailure(path: path, reason: "it exists already", kind: .existsAlready)
    }
}
