import Foundation

/// A folder of a test's own under the system's temporary folder, removed by `remove()` (or when dropped).
public final class TemporaryFolder: @unchecked Sendable {
    public let url: URL
    public var path: String { url.path }

    public init(_ prefix: String = "nearby-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)",
                                                                           isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        remove()
    }

    public func appending(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
