import FoundationEssentials
import Glibc
import NearbyCore
import NearbyHTTP

/// One region's extract downloaded into a folder, the way a free download site should be treated: one download
/// at a time, a User-Agent that names Nearby, `Retry-After` honoured, an interrupted download resumed with a
/// Range request (`If-Range` with the file's ETag or date, so a file that changed on the server meanwhile starts
/// again), the disk checked first, and the MD5 the site publishes beside the file checked at the end.
///
/// The bytes go to `NAME.part` beside a `NAME.part.validator` (the ETag or Last-Modified of the answer that
/// started it); only a checked file is renamed to `NAME`.
public struct RegionDownload: Sendable {
    /// What has arrived: bytes in the file, of `total` when the server said.
    public struct Progress: Sendable, Equatable {
        public var bytes: Int64
        public var total: Int64?
        /// Where this run started: the bytes kept from an interrupted one.
        public var resumedFrom: Int64
    }

    public let url: URL
    /// The site's checksum file; nil skips the check.
    public let md5URL: URL?
    public let folder: URL
    public let fileName: String
    /// How often a cut connection or a "come back later" is tried again within one run.
    public var attempts = 4
    /// The longest `Retry-After` waited for; a longer one fails with the time to come back.
    public var longestWait: Duration = .seconds(600)
    /// Room kept free on the disk beyond the file.
    public var diskMargin: Int64 = 64 << 20

    public init(url: URL, md5URL: URL?, folder: URL) {
        self.url = url
        self.md5URL = md5URL
        self.folder = folder
        let name = url.lastPathComponent
        fileName = name.isEmpty || name == "/" ? "region.osm.pbf" : name
    }

    public var file: URL { folder.appendingPathComponent(fileName) }
    private var part: URL { folder.appendingPathComponent(fileName + ".part") }
    private var validatorFile: URL { folder.appendingPathComponent(fileName + ".part.validator") }

    /// Downloads (or finishes) the file and checks it; returns where it is.
    public func run(progress: @escaping @Sendable (Progress) -> Void,
                    wait: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) })
        async throws(RegionDownloadError) -> URL {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite("cannot make the folder \(folder.path)")
        }
        let lock = try takeLock()
        defer { close(lock) }
        let client = HTTPClient(baseURL: url, timeout: .seconds(60), maxBodySize: 64 * 1024,
                                headers: ["User-Agent": NearbyRelease.userAgent])
        var lastFailure: RegionDownloadError = .failed("no attempt was made")
        for attempt in 1...max(1, attempts) {
            do throws(RegionDownloadError) {
                try await fetchOnce(client: client, progress: progress)
                try await verify()
                guard rename(part.path, file.path) == 0 else {
                    throw RegionDownloadError.cannotWrite("cannot rename the finished file: \(String(cString: strerror(errno)))")
                }
                try? FileManager.default.removeItem(at: validatorFile)
                return file
            } catch let failure {
                lastFailure = failure
                switch failure {
                case .comeBackLater(let seconds) where attempt < attempts:
                    let delay = Duration.seconds(seconds)
                    guard delay <= longestWait else { throw failure }
                    do { try await wait(delay) } catch { throw .cancelled }
                case .interrupted where attempt < attempts:
                    // The bytes that arrived are kept: the next attempt asks for the rest.
                    do { try await wait(.seconds(min(30, 1 << attempt))) } catch { throw .cancelled }
                default:
                    throw failure
                }
            }
        }
        throw lastFailure
    }

    /// One download only, whatever process asks: an exclusive lock on a file in the folder.
    private func takeLock() throws(RegionDownloadError) -> Int32 {
        let descriptor = open(folder.appendingPathComponent(".download.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite("cannot open the download lock: \(String(cString: strerror(errno)))") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw .busy
        }
        return descriptor
    }

    /// Asks for the file (or the rest of it) once, writing what arrives into the part file.
    private func fetchOnce(client: HTTPClient, progress: @escaping @Sendable (Progress) -> Void) async throws(RegionDownloadError) {
        // What the server says of the file now, to resume only the same file and to check the disk.
        // A HEAD has no body, but libcurl checks the declared length against the client's cap: none here.
        let headClient = HTTPClient(baseURL: url, timeout: .seconds(60), maxBodySize: 1 << 42,
                                    headers: ["User-Agent": NearbyRelease.userAgent])
        let head = try? await headClient.send(HTTPClient.Request(method: "HEAD", path: ""))
        let headOK = head.map(\.isSuccess) ?? false
        let total = headOK ? head?.headers["content-length"].flatMap { Int64($0) } : nil
        let validator = headOK ? (head?.headers["etag"] ?? head?.headers["last-modified"]) : nil

        var kept = Self.size(of: part.path) ?? 0
        let keptValidator = (try? String(contentsOf: validatorFile, encoding: .utf8))?.trimmingBlanks()
        // Bytes kept without the validator of the file they came from cannot be resumed safely; and when the
        // server already says the file changed, asking for the rest is pointless. Otherwise `If-Range` lets
        // the server decide: the rest (206) of the same file, or the whole new one (200).
        if kept > 0, keptValidator == nil || (validator != nil && validator != keptValidator) {
            kept = 0
        }
        if let total, kept == total, kept > 0 { return }
        try checkDisk(needing: (total ?? 0) - kept)

        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (kept > 0 ? O_APPEND : O_TRUNC)
        let descriptor = open(part.path, flags, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite("cannot write \(part.path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var headers: [String: String] = [:]
        if kept > 0, let keptValidator {
            headers["Range"] = "bytes=\(kept)-"
            headers["If-Range"] = keptValidator
        } else if let validator {
            try? Data(validator.utf8).write(to: validatorFile)
        } else {
            try? FileManager.default.removeItem(at: validatorFile)
        }
        let resumedFrom = kept
        let sink = DownloadSink(descriptor: descriptor, resumeFrom: kept) { bytes in
            progress(Progress(bytes: bytes, total: total, resumedFrom: resumedFrom))
        }
        progress(Progress(bytes: kept, total: total, resumedFrom: kept))
        let response: HTTPClient.Response
        do {
            response = try await client.download(HTTPClient.Request(path: "", headers: headers), into: sink)
        } catch {
            if let code = sink.writeError {
                throw .cannotWrite("cannot write \(part.path): \(String(cString: strerror(code)))")
            }
            switch error {
            case .cancelled: throw .cancelled
            case .networkLibraryMissing: throw .failed(error.message)
            case .cannotConnect("host not found"), .cannotConnect("not an http(s) address"),
                 .cannotConnect("not a valid address"):
                throw .failed(error.message)
            default: throw .interrupted(error.message)
            }
        }
        switch response.status {
        case 200, 206:
            let now = Self.size(of: part.path) ?? 0
            if let total, now != total {
                throw .interrupted("the file ended after \(now) of \(total) bytes")
            }
        case 416 where kept > 0:
            // The range starts at the end: the file kept is whole if the server's size agrees.
            if let total, kept == total { return }
            try? FileManager.default.removeItem(at: part)
            throw .interrupted("the server refused to resume; starting again")
        case 429, 503:
            let until = RetryAfter.instant(response.headers["retry-after"], now: Date())
            throw .comeBackLater(seconds: until.map { max(0, Int($0.timeIntervalSinceNow.rounded(.up))) } ?? 60)
        case 404, 410:
            throw .failed("The download site has no such file (HTTP \(response.status)).")
        default:
            throw .failed("The download site answered with an error (HTTP \(response.status)).")
        }
    }

    /// The published MD5 against the file's; a mismatch removes the file, so nothing damaged is imported.
    private func verify() async throws(RegionDownloadError) {
        guard let md5URL else { return }
        let checksum = HTTPClient(baseURL: md5URL, timeout: .seconds(60), maxBodySize: 64 * 1024,
                                  headers: ["User-Agent": NearbyRelease.userAgent])
        let answer: HTTPClient.Response
        do {
            answer = try await checksum.sendExpectingSuccess(HTTPClient.Request(path: ""))
        } catch {
            if case .cancelled = error { throw .cancelled }
            throw .interrupted("the checksum could not be fetched: \(error.message)")
        }
        let published = try Self.publishedMD5(from: answer.body)
        let actual: String
        do {
            actual = try FileMD5.hex(ofFileAt: part.path)
        } catch {
            switch error {
            case .libraryMissing: throw .failed("The MD5 cannot be checked: libcrypto (apt install libssl3) is missing.")
            case .unreadable(let why): throw .cannotWrite("cannot read \(part.path): \(why)")
            }
        }
        guard actual == published else {
            try? FileManager.default.removeItem(at: part)
            try? FileManager.default.removeItem(at: validatorFile)
            throw .damaged(expected: published, got: actual)
        }
    }

    /// "d41d8cd98f00b204e9800998ecf8427e  file.osm.pbf" → the hash.
    static func publishedMD5(from data: Data) throws(RegionDownloadError) -> String {
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        guard let word = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).first,
              word.count == 32, word.allSatisfy(\.isHexDigit) else {
            throw .failed("The download site's checksum file holds no MD5.")
        }
        return word.lowercased()
    }

    private func checkDisk(needing bytes: Int64) throws(RegionDownloadError) {
        var info = statvfs()
        guard statvfs(folder.path, &info) == 0 else { return }
        let free = Int64(info.f_bavail) * Int64(info.f_frsize)
        if bytes + diskMargin > free {
            throw .diskFull(needed: bytes + diskMargin, free: free)
        }
    }

    static func size(of path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int64(info.st_size)
    }
}

/// Why a download stopped, in words for the command line.
public enum RegionDownloadError: Error, Equatable, Sendable {
    /// Another download runs in this data folder.
    case busy
    /// The connection was cut or stalled; what arrived is kept for the next try.
    case interrupted(String)
    /// The site asked to come back later (429, 503).
    case comeBackLater(seconds: Int)
    /// The file does not match the MD5 the site publishes; it was removed.
    case damaged(expected: String, got: String)
    case diskFull(needed: Int64, free: Int64)
    case cannotWrite(String)
    case cancelled
    case failed(String)

    public var message: String {
        switch self {
        case .busy: "Another download is running in this data folder; wait for it to finish."
        case .interrupted(let why): "The download was interrupted (\(why)); run the command again to resume it."
        case .comeBackLater(let seconds): "The download site asks to come back in \(seconds) s; try again then."
        case .damaged: "The downloaded file does not match the site's MD5, so it was removed and nothing was imported; run the command again."
        case .diskFull(let needed, let free):
            "Not enough disk space: the download needs \(needed >> 20) MB and \(free >> 20) MB are free."
        case .cannotWrite(let why): "The download could not be saved: \(why)."
        case .cancelled: "The download was stopped; run the command again to resume it."
        case .failed(let why): why.hasSuffix(".") ? why : why + "."
        }
    }
}
