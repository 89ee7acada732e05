import Foundation
import Glibc
import Locking
import Testing
import TestSupport
@testable import NearbyData

/// A region's extract downloaded from a stand-in site (a Python server with HEAD, ETag, Range and If-Range):
/// whole, resumed, started again when the file changed, refused on a wrong MD5, after a 429, and one at a time.
@Suite(.serialized)
final class RegionDownloadTests {
    private let site: URL
    private let store: URL
    private let content: Data
    private var server: DownloadSite?

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("download-\(UUID().uuidString)")
        site = base.appendingPathComponent("site")
        store = base.appendingPathComponent("store")
        try FileManager.default.createDirectory(at: site.appendingPathComponent("files"), withIntermediateDirectories: true)
        var generator = SystemRandomNumberGenerator()
        content = Data((0..<(700 * 1024)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try content.write(to: site.appendingPathComponent("files/region-latest.osm.pbf"))
    }

    deinit {
        server = nil
        try? FileManager.default.removeItem(at: site.deletingLastPathComponent())
    }

    private func start(script: String = "{}", md5: String? = nil) async throws -> RegionDownload {
        try Data(script.utf8).write(to: site.appendingPathComponent("script.json"))
        var published = md5 ?? ""
        if md5 == nil {
            published = try await Command.output("md5sum", [site.appendingPathComponent("files/region-latest.osm.pbf").path])
        }
        try Data("\(published.prefix(32))  region-latest.osm.pbf\n".utf8)
            .write(to: site.appendingPathComponent("files/region-latest.osm.pbf.md5"))
        if server == nil { server = try DownloadSite(folder: site) }
        let port = try #require(server?.port)
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/region-latest.osm.pbf"))
        var download = RegionDownload(url: url, md5URL: URL(string: url.absoluteString + ".md5"),
                                      folder: store.appendingPathComponent("downloads"))
        download.attempts = 3
        return download
    }

    private func requests() -> [[String: String]] {
        server?.requests() ?? []
    }

    private func part(of download: RegionDownload) -> URL {
        download.folder.appendingPathComponent(download.fileName + ".part")
    }

    private let noWait: @Sendable (Duration) async throws -> Void = { _ in }

    @Test func downloadsChecksAndNamesItself() async throws {
        let download = try await start()
        let file = try await download.run(progress: { _ in }, wait: noWait)
        #expect(try Data(contentsOf: file) == content)
        #expect(file.lastPathComponent == "region-latest.osm.pbf")
        #expect(!FileManager.default.fileExists(atPath: part(of: download).path))
        let gets = requests().filter { $0["method"] == "GET" }
        #expect(gets.map { $0["path"] } == ["/region-latest.osm.pbf", "/region-latest.osm.pbf.md5"])
        #expect(gets.allSatisfy { $0["user_agent"]?.hasPrefix("Nearby/") == true })
    }

    @Test func aCutDownloadResumesWithARangeRequest() async throws {
        // The first answer stops after 200 KB (the connection closed); the next attempt asks for the rest.
        let download = try await start(script: #"{"cut_after": 204800}"#)
        let file = try await download.run(progress: { _ in }, wait: noWait)
        #expect(try Data(contentsOf: file) == content)
        let gets = requests().filter { $0["method"] == "GET" && $0["path"] == "/region-latest.osm.pbf" }
        #expect(gets.count == 2)
        #expect(gets.last?["range"] == "bytes=204800-", "\(requests())")
        #expect(gets.last?["if_range"] == "\"v1\"")
    }

    @Test func aFileThatChangedOnTheServerStartsAgain() async throws {
        let download = try await start(script: #"{"etag": "\"v2\""}"#)
        try FileManager.default.createDirectory(at: download.folder, withIntermediateDirectories: true)
        try Data(repeating: 7, count: 100_000).write(to: part(of: download))
        try Data("\"v1\"".utf8).write(to: download.folder.appendingPathComponent(download.fileName + ".part.validator"))
        let file = try await download.run(progress: { _ in }, wait: noWait)
        #expect(try Data(contentsOf: file) == content)
        #expect(requests().filter { $0["method"] == "GET" }.allSatisfy { $0["range"] == nil })
    }

    @Test func aServerThatIgnoresTheRangeIsWrittenOnceWhole() async throws {
        let download = try await start(script: #"{"ignore_range": true}"#)
        try FileManager.default.createDirectory(at: download.folder, withIntermediateDirectories: true)
        try content.prefix(300_000).write(to: part(of: download))
        try Data("\"v1\"".utf8).write(to: download.folder.appendingPathComponent(download.fileName + ".part.validator"))
        let file = try await download.run(progress: { _ in }, wait: noWait)
        #expect(try Data(contentsOf: file) == content, "a 200 to a range request starts the file again")
    }

    @Test func aWrongMD5LeavesNothingToImport() async throws {
        let download = try await start(md5: String(repeating: "0", count: 32))
        await #expect(throws: RegionDownloadError.self) { _ = try await download.run(progress: { _ in }, wait: self.noWait) }
        do {
            _ = try await download.run(progress: { _ in }, wait: noWait)
        } catch {
            guard case .damaged = error else { Issue.record("\(error)"); return }
        }
        #expect(!FileManager.default.fileExists(atPath: download.file.path))
        #expect(!FileManager.default.fileExists(atPath: part(of: download).path))
    }

    @Test func comeBackLaterIsHonoured() async throws {
        let download = try await start(script: #"{"queue": [[429, {"Retry-After": "7"}]]}"#)
        let waits = Locked<[Duration]>([])
        let file = try await download.run(progress: { _ in }, wait: { delay in waits.withLock { $0.append(delay) } })
        #expect(try Data(contentsOf: file) == content)
        #expect(waits.withLock { $0 }.first.map { $0 >= .seconds(6) && $0 <= .seconds(7) } == true)
    }

    @Test func oneDownloadAtATimeAndTheDiskChecked() async throws {
        var download = try await start()
        try FileManager.default.createDirectory(at: download.folder, withIntermediateDirectories: true)
        let lock = open(download.folder.appendingPathComponent(".download.lock").path, O_RDWR | O_CREAT, 0o600)
        #expect(flock(lock, LOCK_EX) == 0)
        await #expect(throws: RegionDownloadError.busy) { _ = try await download.run(progress: { _ in }, wait: self.noWait) }
        close(lock)
        download.diskMargin = Int64.max / 4
        do {
            _ = try await download.run(progress: { _ in }, wait: noWait)
            Issue.record("a download larger than the disk started")
        } catch {
            guard case .diskFull = error else { Issue.record("\(error)"); return }
            #expect(error.message.hasPrefix("Not enough disk space"))
        }
    }
}
