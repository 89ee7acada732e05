import Foundation
import Testing
import TestSupport

/// libcurl (and with it TLS, Kerberos and LDAP libraries, about 5 MB resident) is loaded by the first request of a
/// live source and never by a command that makes none. The dynamic loader's own trace (`LD_DEBUG=files`) lists
/// every library the process opens, those it needs at start and those it opens later alike.
struct LibcurlLoadingTests {
    /// The libraries `nearby arguments…` opened, from the loader's trace on its stderr.
    private static func librariesOpened(_ arguments: [String], environment: [String: String] = [:],
                                        in folder: URL) async throws -> [String] {
        var environment = environment
        environment["LD_DEBUG"] = "files"
        environment["HOME"] = folder.path
        let result = try await NearbyProcess.run(arguments, environment: environment, in: folder)
        // "   1234:\tfile=libcurl.so.4 [0];  dynamically loaded by …"
        return result.stderr.split(separator: "\n").compactMap { line in
            guard let start = line.range(of: "file=") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != " " })
        }
    }

    @Test("nearby hours does not load libcurl")
    func hoursLeavesLibcurlUnloaded() async throws {
        let folder = try TemporaryFolder()
        let opened = try await Self.librariesOpened(["hours", "Mo-Fr 09:00-18:00", "--at", "2026-11-21T10:00"],
                                                    in: folder.url)
        #expect(opened.contains { $0.hasPrefix("libc.so") }, "the loader's trace was not read: \(opened)")
        #expect(!opened.contains { $0.hasPrefix("libcurl") }, "\(opened)")
    }

    @Test("nearby places on the local store does not load libcurl")
    func localPlacesLeaveLibcurlUnloaded() async throws {
        let folder = try TemporaryFolder()
        let opened = try await Self.librariesOpened(
            ["places", "--data-dir", folder.url.path, "--near", "47.141,9.5209", "--json"],
            environment: ["NEARBY_SOURCE": "local"], in: folder.url)
        #expect(opened.contains { $0.hasPrefix("libsqlite3") }, "the store was not opened: \(opened)")
        #expect(!opened.contains { $0.hasPrefix("libcurl") }, "\(opened)")
    }

    @Test("the first request of a live source loads libcurl")
    func liveSourceLoadsLibcurl() async throws {
        let server = LoopbackHTTPServer() { _ in
            StubResponse.json(200, data: Data(#"{"elements": []}"#.utf8))
        }
        let port = try await server.start()
        let folder = try TemporaryFolder()
        let opened = try await Self.librariesOpened(
            ["places", "--data-dir", folder.url.path, "--near", "47.141,9.5209", "--json"],
            environment: ["NEARBY_SOURCE": "overpass", "NEARBY_PLACES_URL": "http://127.0.0.1:\(port)"],
            in: folder.url)
        await server.stop()
        #expect(opened.contains { $0.hasPrefix("libcurl") }, "\(opened)")
    }
}
