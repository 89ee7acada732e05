import Foundation
import Testing
import TestSupport

/// A place's picture in a real terminal: the local source with `fetch_pictures`, Commons stood in for by a
/// server on 127.0.0.1. The detail asks once for a thumbnail and draws it; the next run takes it from the
/// store's folder without asking; without `fetch_pictures` nothing is asked at all.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .terminal)
struct PlacePictureEndToEndTests {
    static let extract = """
        <osm version="0.6">
          <node id="1" lat="47.14000" lon="9.52000"><tag k="amenity" v="cafe"/><tag k="name" v="Café Bild"/>
            <tag k="wikimedia_commons" v="File:Café Bild.jpg"/></node>
        </osm>
        """

    /// Green with a yellow disc: blocks at its edge, in its colours.
    static let png = TestPictures.png(width: 160, height: 120, rgba: TestPictures.pattern(width: 160, height: 120) { x, y in
        (x - 80) * (x - 80) + (y - 60) * (y - 60) < 40 * 40 ? (255, 255, 0, 255) : (0, 128, 0, 255)
    })

    static func blocks(_ text: String) -> Int {
        text.unicodeScalars.filter { (0x2580...0x259F).contains($0.value) }.count
    }

    /// Runs the app on the café's detail with `settings`, waits for `condition` on the screen, and quits.
    static func openCafe(_ session: TmuxSession, data: String, settings: String,
                         until what: String, _ condition: @escaping (String) -> Bool) async throws {
        try session.run("env -u NO_COLOR \(settings) \(TmuxSession.binary.path) --data-dir \(data) "
                        + "--near 47.14,9.52 --open place:osm:n1; echo EXIT=$?")
        try await session.waitFor(text: "Café Bild")
        try await session.waitFor(what, condition)
        try session.press("q")
        try session.press("q")
        try await session.waitFor(text: "EXIT=0")
        try session.run("clear")
    }

    @Test func aPlacesPictureIsFetchedOnceAndDrawn() async throws {
        let server = try await StubServer.answering(body: Data(Self.png), headers: ["Content-Type": "image/png"])
        defer { Task { await server.stop() } }
        let session = try await TmuxSession.start(width: 110, height: 36)
        let data = session.dataDirectory.appendingPathComponent("app").path
        let file = session.dataDirectory.appendingPathComponent("cafe.osm")
        try Data(Self.extract.utf8).write(to: file)
        try await Command.output(Binaries.nearby, ["import", "--data-dir", data, file.path])
        let commons = server.url.absoluteString + "/wiki/Special:FilePath/"

        // Without fetch_pictures the local source asks no one.
        try await Self.openCafe(session, data: data, settings: "", until: "the detail") { $0.contains("Café") }
        #expect(server.requests.isEmpty)

        let settings = "NEARBY_FETCH_PICTURES=yes NEARBY_COMMONS_URL=\(commons)"
        try await Self.openCafe(session, data: data, settings: settings, until: "the picture") { Self.blocks($0) > 10 }
        #expect(server.requests.map(\.path) == ["/wiki/Special:FilePath/Café_Bild.jpg"])
        #expect(server.requests.first?.query["width"] == "640")

        // The next run draws it from the store's folder.
        try await Self.openCafe(session, data: data, settings: settings, until: "the kept picture") { Self.blocks($0) > 10 }
        #expect(server.requests.count == 1)
        await session.close()
    }
}
