import Foundation
import Locking
import NearbyCore
import NearbyHTTP
import Testing
import TestSupport
@testable import NearbyRemote

/// Places' pictures from a stand-in server on 127.0.0.1: Commons files asked for as thumbnails of a width,
/// addresses as they are, each kept on disk and not asked again; and every answer that is no picture named
/// in a few words: a 404, an HTML page, a GIF, an answer too large, an address that redirects forever.
@Suite("Place picture fetcher")
struct PictureFetcherTests {
    static let png = TestPictures.png(width: 8, height: 8, rgba: TestPictures.pattern(width: 8, height: 8))

    static func fetcher(_ server: StubServer, cache folder: TemporaryFolder? = nil) -> PictureFetcher {
        PictureFetcher(commonsURL: server.url.appendingPathComponent("wiki/Special:FilePath/"),
                            cache: folder.map { PictureCache(folder: $0.path) }, timeout: .seconds(10))
    }

    @Test func aCommonsFileIsAskedForAtTheWidthNeededWithNearbysUserAgent() async throws {
        let server = try await StubServer.answering(body: Data(Self.png), headers: ["Content-Type": "image/png"])
        defer { Task { await server.stop() } }
        let bytes = try await Self.fetcher(server).bytes(of: .commons("Vaduz Castle (2020).jpg"), width: 500)
        #expect(bytes == Self.png)
        let request = try #require(server.requests.first)
        // Sent as one path segment (`(` and `)` escaped; the stand-in reads the path decoded).
        #expect(request.path == "/wiki/Special:FilePath/Vaduz_Castle_(2020).jpg")
        #expect(request.query["width"] == "640")
        #expect(request.headers["user-agent"] == NearbyRelease.userAgent)
    }

    @Test func aPictureIsKeptAndNotAskedForAgain() async throws {
        let server = try await StubServer.answering(body: Data(Self.png))
        defer { Task { await server.stop() } }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let address = RemotePicture.address(server.url.appendingPathComponent("amann.png").absoluteString)
        #expect(try await Self.fetcher(server, cache: folder).bytes(of: address, width: 300) == Self.png)
        // Another fetcher on the same folder (the next run of the app) finds it there.
        #expect(try await Self.fetcher(server, cache: folder).bytes(of: address, width: 300) == Self.png)
        #expect(server.requests.count == 1)
        #expect(server.requests.first?.path == "/amann.png")
    }

    @Test(arguments: [
        (StubResponse(status: 404, body: Data("Not found".utf8)), PictureFetchFailure.status(404),
         "the picture's server has no such picture"),
        (StubResponse(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>a page</html>".utf8)),
         .notAPicture, "the address holds no picture"),
        (StubResponse(status: 200, body: Data(TestPictures.gifHeader)), .notAPicture, "the address holds no picture"),
        (StubResponse(status: 200, body: Data(count: PictureFetcher.maxBytes + 1)), .tooLarge,
         "the picture is too large"),
    ])
    func whatIsNoPictureIsNamed(answer: StubResponse, failure: PictureFetchFailure, words: String) async throws {
        let server = try await StubServer.start { _ in answer }
        defer { Task { await server.stop() } }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        await #expect(throws: failure) {
            try await Self.fetcher(server, cache: folder).bytes(of: .commons("X.jpg"), width: 300)
        }
        #expect(failure.words == words)
        // Nothing that failed is kept.
        #expect(PictureCache(folder: folder.path).totalBytes == 0)
    }

    @Test func anAddressThatRedirectsForeverIsGivenUp() async throws {
        let server = try await StubServer.start { request in
            StubResponse(status: 302, headers: ["Location": request.path + "x"])
        }
        defer { Task { await server.stop() } }
        let address = RemotePicture.address(server.url.appendingPathComponent("loop").absoluteString)
        await #expect(throws: PictureFetchFailure.redirectsTooOften) {
            try await Self.fetcher(server).bytes(of: address, width: 300)
        }
        #expect(server.requests.count == 6)
    }

    @Test func requestsGoOneAtATime() async throws {
        let inFlight = Locked((now: 0, most: 0))
        let server = try await StubServer.start { _ in
            inFlight.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
            // Long enough for the other calls to arrive while this one is answered.
            try? await Task.sleep(for: .milliseconds(50))
            inFlight.withLock { $0.now -= 1 }
            return StubResponse(status: 200, body: Data(Self.png))
        }
        defer { Task { await server.stop() } }
        let fetcher = Self.fetcher(server)
        try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for index in 0..<4 {
                group.addTask { try await fetcher.bytes(of: .commons("Picture \(index).jpg"), width: 300) }
            }
            for try await bytes in group { #expect(bytes == Self.png) }
        }
        #expect(server.requests.count == 4)
        #expect(inFlight.withLock { $0.most } == 1)
    }

    @Test func aKeptPictureOfAnotherKeyWithTheSameFileIsAMiss() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = PictureCache(folder: folder.path)
        cache.keep([1, 2, 3], for: "https://example.com/a.jpg")
        // Another key whose file would be the same one (as a hostile address made to collide would).
        let other = "https://example.com/b.jpg"
        try FileManager.default.copyItem(atPath: cache.path(for: "https://example.com/a.jpg"), toPath: cache.path(for: other))
        #expect(cache.bytes(for: other) == nil)
        #expect(cache.bytes(for: "https://example.com/a.jpg") == [1, 2, 3])
    }

    @Test func aServerThatIsNotThereIsUnreachable() async throws {
        let url = try await closedPortURL()
        let fetcher = PictureFetcher(commonsURL: url, cache: nil, timeout: .seconds(5))
        await #expect(throws: PictureFetchFailure.unreachable) { try await fetcher.bytes(of: .commons("X.jpg"), width: 300) }
    }
}

/// The pictures kept on disk stay within their bound, the least recently used going first.
@Suite("Picture cache")
struct PictureCacheTests {
    @Test func theLeastRecentlyUsedGoFirst() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Room for three of the 1,000-byte pictures with their keys, not four.
        let cache = PictureCache(folder: folder.path, maxBytes: 3_100)
        for (index, key) in ["a", "b", "c"].enumerated() {
            cache.keep([UInt8](repeating: 1, count: 1_000), for: key)
            // Used long ago, a second apart, in this order (no waiting for the clock).
            var times = [timeval(tv_sec: 1_000 + index, tv_usec: 0), timeval(tv_sec: 1_000 + index, tv_usec: 0)]
            #expect(utimes(cache.path(for: key), &times) == 0)
        }
        #expect(cache.bytes(for: "a") != nil)   // used again: now the latest
        cache.keep([UInt8](repeating: 2, count: 1_000), for: "d")
        #expect(cache.totalBytes <= 3_100)
        #expect(cache.bytes(for: "b") == nil)
        #expect(cache.bytes(for: "a") != nil && cache.bytes(for: "c") != nil && cache.bytes(for: "d") != nil)
        // A picture larger than the whole bound is not kept.
        cache.keep([UInt8](repeating: 3, count: 4_000), for: "e")
        #expect(cache.bytes(for: "e") == nil)
    }
}
