import Foundation
import Testing
import TestSupport
@testable import nearby

/// `nearby download NAME`: found in the index, fetched from a stand-in site, checked, imported, and kept for
/// `nearby update` (or deleted with --no-keep).
@Suite(.serialized)
struct DownloadCommandTests {
    @Test func downloadsChecksImportsAndKeepsTheFile() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-download-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let site = base.appendingPathComponent("site"), store = base.appendingPathComponent("store")
        try FileManager.default.createDirectory(at: site.appendingPathComponent("files"), withIntermediateDirectories: true)
        let extract = site.appendingPathComponent("files/tinytown-latest.osm")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="test">
              <node id="1" lat="47.1410" lon="9.5210" version="1"><tag k="amenity" v="cafe"/><tag k="name" v="Café Download"/></node>
              <node id="2" lat="47.1420" lon="9.5220" version="1"><tag k="place" v="town"/><tag k="name" v="Tinytown"/></node>
            </osm>
            """.utf8).write(to: extract)
        let md5 = try await Command.output("md5sum", [extract.path])
        try Data("\(md5.prefix(32))  tinytown-latest.osm\n".utf8).write(to: extract.appendingPathExtension("md5"))

        let server = try DownloadSite(folder: site)
        let port = server.port
        let index = """
            {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"id": "tinytown",
             "name": "Tinytown", "urls": {"pbf": "http://127.0.0.1:\(port)/tinytown-latest.osm"}}}]}
            """
        try Data(index.utf8).write(to: site.appendingPathComponent("files/index.json"))

        let output = try await runCommand(["download", "tinytown", "--data-dir", store.path,
                                           "--regions-url", "http://127.0.0.1:\(port)/index.json"]).output
        #expect(output.contains("Imported"), "\(output)")
        let kept = store.appendingPathComponent("downloads/tinytown-latest.osm").path
        #expect(FileManager.default.fileExists(atPath: kept))
        #expect(output.contains("kept at"), "\(output)")
        _ = try await runCommand(["download", "tinytown", "--no-keep", "--data-dir", store.path,
                                  "--regions-url", "http://127.0.0.1:\(port)/index.json"])
        #expect(!FileManager.default.fileExists(atPath: kept))
        let places = try await runCommand(["places", "--data-dir", store.path, "--near", "47.141,9.521", "--json"]).output
        #expect(places.contains("Café Download"), "\(places)")

        await #expect(throws: CommandFailure.self) {
            _ = try await runCommand(["download", "atlantis", "--data-dir", store.path,
                                      "--regions-url", "http://127.0.0.1:\(port)/index.json"])
        }
    }
}
