import CZlib
import Foundation
@testable import NearbyData

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

/// zlib and gzip compression for fixtures.
enum TestCompression {
    static func zlib(_ input: [UInt8]) -> [UInt8] {
        deflate(input, windowBits: 15)
    }

    static func gzip(_ input: [UInt8]) -> [UInt8] {
        deflate(input, windowBits: 15 + 16)
    }

    private static func deflate(_ input: [UInt8], windowBits: Int32) -> [UInt8] {
        var stream = z_stream()
        let status = deflateInit2_(&stream, Z_BEST_SPEED, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY,
                                   ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "deflateInit2 failed")
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 64)
        var input = input
        let produced = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                let result = CZlib.deflate(&stream, Z_FINISH)
                precondition(result == Z_STREAM_END, "deflate did not finish")
                return outBuffer.count - Int(stream.avail_out)
            }
        }
        return Array(output[0..<produced])
    }
}
