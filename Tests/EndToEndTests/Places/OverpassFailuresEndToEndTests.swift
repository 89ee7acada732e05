import Foundation
import PlacesStandIns
import Testing
import TestSupport

/// Places fed by Overpass when Overpass fails or sends something hostile: error rows a user understands,
/// retry with `r`, an app that stays responsive, and names that never drive the terminal.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .terminal)
struct OverpassFailuresEndToEndTests {
    @Test func serverErrorsShowTheErrorRowAndRetryShowsTheRows() async throws {
        let session = try await TmuxSession.start()
        let overpass = try await OverpassStandIn.start(fixture: OverpassFixture.json)
        overpass.answer(.status(500, body: "<html><body>Internal Server Error</body></html>"))
        // The endpoint's own address this time: the app posts to it all the same.
        try session.openOverpassApp(overpass, url: overpass.interpreterURL, open: "category:cafe")

        // 500: the error row names the service's trouble (not the user's network), with its hint, and no rows.
        let failed = try await session.waitFor("the error row of a 500") { screen in
            screen.line(containing: "Overpass has a problem (HTTP 500); try again later.").contains("r retry")
        }
        #expect(!failed.contains("Café Amadeus"))

        // 429: the app asks the status page when a slot is free, and the row says when.
        overpass.answer(.status(429, body: #"{"remark": "rate limited"}"#, headers: ["Retry-After": "1"]))
        overpass.setNextSlot(in: 2)
        try session.press("r")
        try await session.waitFor("the busy row") { screen in
            screen.line(containing: "Overpass is busy; next slot in 2 s.").contains("r retry")
        }
        #expect(overpass.requests.suffix(2).map(\.path) == [OverpassStandIn.interpreterPath, OverpassStandIn.statusPath])

        // Overpass gone altogether: once the slot is due, retrying tries (the status page first), and says so.
        await overpass.stop()
        try await session.press("r", until: "the error row of an unreachable server") { screen in
            screen.line(containing: "Loading failed, check network connection").contains("r retry")
        }

        // Back on the same port: retrying loads (the loading row shows while the answer is held), then the rows.
        try await overpass.restart()
        overpass.answer(.fixture)
        overpass.setNextSlot(in: nil)
        overpass.holdAnswers()
        try session.press("r")
        try await session.waitFor(text: "Loading cafés within 2 km…")
        overpass.releaseAnswers()
        let rows = try await session.waitFor("the fixture's cafés after retrying") { screen in
            screen.contains("Café Amadeus") && screen.contains("Cafés · 3 within 2 km")
        }
        #expect(!rows.contains("Loading failed"))
        #expect(!rows.contains("r retry"))

        try session.press("Q")
        try await session.waitFor(text: "EXIT=0")
        // One query per attempt that reached the server: the 500, the 429 and the one that worked; none while
        // Overpass's slot was not due. The status page was asked after the 429.
        #expect(overpass.requests.filter { $0.path == OverpassStandIn.interpreterPath }.count == 3,
                "\(overpass.requests.map(\.path))")
        #expect(overpass.requests.contains { $0.path == OverpassStandIn.statusPath })
        await overpass.stop()
    }

    @Test func anAnswerThatIsNotJSONKeepsTheAppAliveAndHostileNamesStayInert() async throws {
        let session = try await TmuxSession.start()
        let overpass = try await OverpassStandIn.start(fixture: OverpassFixture.json)
        overpass.answer(.status(200, body: "<html><body>Overpass is down for maintenance</body></html>"))
        try session.openOverpassApp(overpass, open: "category:cafe")
        try await session.waitFor("the error row of an unreadable answer") { screen in
            screen.line(containing: "The service answered something unreadable; try again later.").contains("r retry")
        }

        // Still responsive: help opens and closes.
        try session.press("?")
        try await session.waitFor(text: "Places — keys")
        try session.press("Escape")
        try await session.waitFor("the help closed") { screen in
            !screen.contains("Places — keys") && screen.contains("The service answered something unreadable")
        }

        // JSON of the wrong shape reads the same to the user (held, so the retry is seen replacing the row).
        overpass.answer(.status(200, body: #"{"elements": "none"}"#))
        overpass.holdAnswers()
        try session.press("r")
        try await session.waitFor(text: "Loading cafés within 2 km…")
        overpass.releaseAnswers()
        try await session.waitFor(text: "The service answered something unreadable")
        #expect(overpass.requests.count == 2, "\(overpass.requests.map { $0.path + " " + String(decoding: $0.body.prefix(60), as: UTF8.self) })")

        // Overpass answers properly: the rows, the hostile name among them shown as text, not obeyed.
        overpass.answer(.fixture)
        try session.press("r")
        let rows = try await session.waitFor("the fixture's cafés") { screen in
            screen.contains("Café Amadeus") && screen.contains("Evil")
        }
        try expectInert(name: "Evil", plain: rows, styled: try session.styledScreen())

        // Its detail: the name and its unreadable hours as inert text too, the screen not cleared.
        try session.press("Down")
        try session.press("Enter")
        let detail = try await session.waitFor("the hostile café's detail") { screen in
            screen.contains("Hours could not be read:") && screen.contains("Map")
        }
        #expect(detail.line(containing: "Hours could not be read:").contains("[2JMo-Fr whenever"))
        #expect(detail.contains("Category"))
        try expectInert(name: "Evil", plain: detail, styled: try session.styledScreen())

        // q backs out to the list, to Home, and quits there, cleanly.
        try session.press("q")
        try await session.waitFor(text: "Cafés · 3 within 2 km")
        try session.press("q")
        try await session.waitFor(text: "Hot picks")
        try session.press("q")
        try await session.waitFor(text: "EXIT=0")
        await overpass.stop()
    }

    /// The hostile name shows with a visible glyph where its ESC was, and the terminal coloured nothing red
    /// on its line: a raw ESC would have been swallowed with "[31m" and turned the rest of the line red.
    private func expectInert(name: String, plain: String, styled: String,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let line = plain.line(containing: name)
        #expect(OverpassFixture.sanitisedNames.contains { line.contains($0) },
                "no sanitised name in: \(line)", sourceLocation: sourceLocation)
        #expect(!plain.contains("\u{1B}"), sourceLocation: sourceLocation)
        let styledLine = styled.line(containing: name)
        #expect(!styledLine.isEmpty, sourceLocation: sourceLocation)
        #expect(!styledLine.contains("\u{1B}[31m"), "red on: \(styledLine.debugDescription)",
                sourceLocation: sourceLocation)
    }
}
