import FoundationEssentials
import Glibc
import NearbyCore

/// Pictures fetched from the network, kept as files in a folder of the store's (`pictures/`), at most
/// `maxBytes` of them: when a new one would pass that, the least recently used go first (a file's
/// modification time is set when it is read). It holds no state but the folder: two processes may share one,
/// and its owner (`PictureFetcher`, an actor) calls it one call at a time.
public struct PictureCache: Sendable {
    public static let defaultMaxBytes = 200 * 1024 * 1024

    public let folder: String
    public let maxBytes: Int

    public init(folder: String, maxBytes: Int = PictureCache.defaultMaxBytes) {
        self.folder = folder
        self.maxBytes = maxBytes
    }

    /// The picture kept under `key`, marked as just used; nil when there is none (or it cannot be read).
    public func bytes(for key: String) -> [UInt8]? {
        let path = self.path(for: key)
        var info = stat()
        guard stat(path, &info) == 0, Int(info.st_size) <= maxBytes,
              let data = FileManager.default.contents(atPath: path) else { return nil }
        // Each file starts with its key and a line break: another key of the same hash (a hostile address
        // made to collide) is a miss, never another place's picture.
        let header = Array((key + "\n").utf8)
        guard data.count > header.count, data.prefix(header.count).elementsEqual(header) else { return nil }
        // Touched, so the oldest-first eviction keeps what is looked at.
        utimes(path, nil)
        return Array(data.dropFirst(header.count))
    }

    /// Keeps `bytes` under `key`, then removes the least recently used pictures beyond the bound. A failure to
    /// write (a full disk, a read-only store) only means the picture is fetched again next time.
    public func keep(_ bytes: [UInt8], for key: String) {
        guard bytes.count <= maxBytes else { return }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let path = self.path(for: key)
            let temporary = path + ".part"
            try Data(Array((key + "\n").utf8) + bytes).write(to: URL(fileURLWithPath: temporary))
            guard rename(temporary, path) == 0 else {
                unlink(temporary)
                return
            }
        } catch {
            return
        }
        evict()
    }

    /// The bytes all kept pictures take.
    public var totalBytes: Int { entries().reduce(0) { $0 + $1.size } }

    private func evict() {
        removeStaleParts()
        var entries = self.entries()
        var total = entries.reduce(0) { $0 + $1.size }
        guard total > maxBytes else { return }
        entries.sort { $0.used < $1.used }
        for entry in entries where total > maxBytes {
            if unlink(entry.path) == 0 { total -= entry.size }
        }
    }

    /// Files a write left half done (a crash, a kill) an hour ago or more.
    private func removeStaleParts() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let hourAgo = time(nil) - 3600
        for name in names where name.hasSuffix(".part") {
            var info = stat()
            let path = folder + "/" + name
            if stat(path, &info) == 0, info.st_mtim.tv_sec < hourAgo { unlink(path) }
        }
    }

    private func entries() -> [(path: String, size: Int, used: Double)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter { $0.hasSuffix(".picture") }.compactMap { name in
            let path = folder + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            let used = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            return (path, Int(info.st_size), used)
        }
    }

    /// A file name from the key: its hash, so any key (an address with slashes) makes a safe name.
    func path(for key: String) -> String { folder + "/" + FNVHash.hex(key.utf8) + ".picture" }
}
