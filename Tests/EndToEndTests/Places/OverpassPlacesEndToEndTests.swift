import Foundation
import PlacesStandIns
import Testing
import TestSupport

/// Places fed by Overpass over the network (a stand-in on 127.0.0.1), in a real terminal: loading, rows,
/// detail, and the store's cache behind going back and forth.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .terminal)
struct OverpassPlacesEndToEndTests {
    /// The frames of the app's spinner.
    static let spinnerFrames = Set("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

    @Test func aCategoryLoadsWithASpinnerThenShowsRowsAndOpensAPlace() async throws {
        let session = try await TmuxSession.start()
        let overpass = try await OverpassStandIn.start(fixture: OverpassFixture.json)
        overpass.holdAnswers()
        try session.openOverpassApp(overpass, open: "category:cafe")

        // While Overpass has not answered: the loading row, with its spinner, and no rows yet.
        let loading = try await session.waitFor("the loading row with a spinner") { screen in
            screen.line(containing: "Loading cafés within 2 km…").contains { Self.spinnerFrames.contains($0) }
        }
        #expect(!loading.contains("Café Amadeus"))
        // The spinner turns by itself while nothing else happens: the main loop wakes for its next glyph.
        let glyph = { (screen: String) in
            screen.line(containing: "Loading cafés within 2 km…").first { Self.spinnerFrames.contains($0) }
        }
        let firstGlyph = glyph(loading)
        try await session.waitFor("the spinner’s next glyph") { screen in
            glyph(screen).map { $0 != firstGlyph } ?? false
        }
        overpass.releaseAnswers()

        // The fixture's cafés (a node and a way's centre), nearest first, with distance and bearing; the
        // pharmacy is not a café and the bench is no category at all.
        let rows = try await session.waitFor("the fixture's cafés") { screen in
            screen.line(containing: "Café Amadeus").contains("110 m N")
                && screen.line(containing: "Kaffee Bar Vaduz").contains("330 m N")
                && screen.contains("Cafés · 3 within 2 km")
        }
        #expect(rows.line(containing: "Kaffee Bar Vaduz").contains("open · 24/7"))
        #expect(rows.line(containing: "Evil").contains("180 m SW"))
        #expect(!rows.contains("Apotheke") && !rows.contains("Bench"))
        #expect(!rows.contains("Loading"))
        #expect(rows.contains("© OpenStreetMap contributors"))

        // Enter opens the nearest: the place detail with the fixture's fields and the week's hours.
        try session.press("Enter")
        let detail = try await session.waitFor("Café Amadeus's detail") { screen in
            // Not "Map" alone: the list's attribution line says "OpenStreetMap" too.
            screen.contains("Städtle 5") && screen.contains("Distance") && screen.contains("Su  07:00-19:00")
        }
        #expect(detail.contains("+423 232 00 00"))
        #expect(detail.contains("47.14200, 9.52090"))
        #expect(detail.line(containing: "Distance").contains("110 m N"))
        #expect(detail.contains("Mo  07:00-19:00"))
        #expect(detail.contains("Su  07:00-19:00"))
        #expect(detail.contains("© OpenStreetMap contributors"))

        try session.press("Escape")
        try await session.waitFor(text: "Cafés · 3 within 2 km")
        try session.press("Q")
        try await session.waitFor(text: "EXIT=0")

        // One request for all of it: the Overpass QL posted as a form, around here, 2 km.
        let requests = overpass.requests
        #expect(requests.count == 1)
        let request = try #require(requests.first)
        #expect(request.method == "POST")
        #expect(request.path == OverpassStandIn.interpreterPath)
        let form = String(decoding: request.body, as: UTF8.self)
        let query = form.hasPrefix("data=") ? String(form.dropFirst(5)).removingPercentEncoding ?? "" : ""
        #expect(query.contains("(around:2000,47.141,9.5209)"))
        await overpass.stop()
    }

    @Test func goingBackAndForthAsksOverpassOnce() async throws {
        let session = try await TmuxSession.start()
        let overpass = try await OverpassStandIn.start(fixture: OverpassFixture.json)
        try session.openOverpassApp(overpass)

        // Home: every section from one fetch. The category chips load on their own; until they are there,
        // ↓ would go past them to the first section.
        try await session.waitFor("Home's sections and categories") { screen in
            screen.contains("4 places within 2 km") && screen.contains("Closest cafés")
                && screen.contains("Closest pharmacies") && screen.contains("Apotheke am Städtle")
                && screen.line(containing: "Café 3").contains("Pharmacy 1")
        }

        // Home → cafés → a café → back → back.
        try session.press("Down")
        try session.press("Enter")
        try await session.waitFor(text: "Cafés · 3 within 2 km")
        try session.press("Enter")
        try await session.waitFor(text: "Städtle 5")
        try session.press("Escape")
        try await session.waitFor(text: "Cafés · 3 within 2 km")
        try session.press("Escape")
        try await session.waitFor(text: "Hot picks")

        // Home kept its focus on the categories: → pharmacies → the pharmacy → back → back.
        try session.press("Right")
        try session.press("Enter")
        try await session.waitFor(text: "Pharmacies · 1 within 2 km")
        try session.press("Enter")
        try await session.waitFor(text: "Mo  08:00-18:30")
        try session.press("Escape")
        try await session.waitFor(text: "Pharmacies · 1 within 2 km")
        try session.press("Escape")
        try await session.waitFor(text: "Hot picks")
        try session.press("q")
        try await session.waitFor(text: "EXIT=0")
        #expect(overpass.requests.count == 1)

        // Started again with Overpass gone: the area fetched a moment ago is read from the store.
        await overpass.stop()
        try session.run("clear")
        try session.openOverpassApp(overpass, open: "category:cafe", marker: "EXIT2")
        try await session.waitFor("the cafés from the store") { screen in
            screen.contains("Cafés · 3 within 2 km") && screen.contains("Café Amadeus")
        }
        try session.press("Q")
        try await session.waitFor(text: "EXIT2=0")
        #expect(overpass.requests.count == 1)
    }
}
