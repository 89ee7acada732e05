// Test builds only (see LaneTrait.swift): `swift build -c release` builds this target without Testing.
#if canImport(Testing)
import Foundation
import Testing

/// The stand-in download site (`download_site.py`) serving `folder/files/`, run for one test suite.
public final class DownloadSite {
    public let folder: URL
    public let port: Int
    private let process: Process

    public init(folder: URL) throws {
        self.folder = folder
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("files"), withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("download_site.py")
        process.arguments = [script.path, folder.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        // Nothing of the test's own output is held open by the server (a runner waits for its pipes).
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        self.process = process
        let line = String(decoding: pipe.fileHandleForReading.availableData, as: UTF8.self)
        port = try #require(Int(line.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    deinit {
        process.terminate()
    }

    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// What the site does next (`download_site.py` says how): statuses to answer first, a cut, an ETag.
    public func script(_ json: String) throws {
        try Data(json.utf8).write(to: folder.appendingPathComponent("script.json"))
    }

    /// The requests it has seen, oldest first.
    public func requests() -> [[String: String]] {
        let text = (try? String(contentsOf: folder.appendingPathComponent("requests.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else { return nil }
            return object.compactMapValues { $0 as? String }
        }
    }
}
#endif
