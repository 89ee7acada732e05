import Foundation
import TestSupport
@testable import NearbyData
@testable import OSMFormats

/// A file in a fresh temporary folder, removed by `remove()`.
struct TemporaryFile {
    let url: URL
    var path: String { url.path }

    init(name: String = "extract.osm.pbf", bytes: [UInt8]) throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("nearby-import-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
    }

    init(name: String, text: String) throws {
        try self.init(name: name, bytes: Array(text.utf8))
    }

    func remove() {
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }
}

/// Imports `bytes` written to a temporary file into a collecting sink.
func importBytes(_ bytes: [UInt8], name: String = "extract.osm.pbf", limits: OSMImportLimits = .standard) throws
    -> (CollectingImportSink, OSMImportSummary) {
    let file = try TemporaryFile(name: name, bytes: bytes)
    defer { file.remove() }
    let sink = CollectingImportSink()
    let summary = try OSMImporter(path: file.path, limits: limits).run(into: sink)
    return (sink, summary)
}

/// The `OSMImportError` importing `bytes` throws, or nil when it does not throw one.
func importError(_ bytes: [UInt8], name: String = "extract.osm.pbf", limits: OSMImportLimits = .standard)
    -> OSMImportError? {
    do {
        _ = try importBytes(bytes, name: name, limits: limits)
        return nil
    } catch {
        return error as? OSMImportError
    }
}
