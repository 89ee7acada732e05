import Foundation
import PlacesStandIns
import Testing
import TestSupport

/// The request budget of docs/data-sources.md, counted at stand-in servers for one walk through the app:
/// Home → a category → a place → back → back → r. Home costs at most 3 requests on Google and 1 on
/// Overpass, a list at most 1 a page, a detail 1 on Google and 0 on Overpass, going back nothing, and r asks
/// the source for Home's area again.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .terminal)
struct RequestBudgetEndToEndTests {
    static let key = "e2e-budget-key"

    /// Waits until `condition` holds, polling with a deadline (for what the stand-in counts, not the screen).
    private func eventually(_ what: String, timeout: Duration = .seconds(15),
                            _ condition: () -> Bool) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("Timed out waiting for \(what)")
    }

    @Test func theWalkOnGoogleCostsThreeForHomeOneForTheDetailAndThreeForR() async throws {
        let session = try await TmuxSession.start()
        let google = try await GoogleStandIn.start(keys: .accepts(Self.key))
        try session.openGoogleApp(google, key: Self.key)

        // Home: its area in three Nearby Searches, split by category, with Google's attribution beside it.
        // The header, the sections and the attribution on the last line: the whole frame.
        let home = try await session.waitFor("Home's sections, categories and attribution") { screen in
            screen.contains("6 places within 2 km · fetched just now") && screen.contains("Closest cafés")
                && screen.contains("Closest pharmacies") && screen.line(containing: "ATM 1").contains("Café 3")
                && screen.contains("Google Maps")
        }
        #expect(!home.contains("Café Feldkirch") && !home.contains("Café Gone"))
        #expect(google.requests.count == 3)
        #expect(google.requests(to: "/v1/places:searchNearby").count == 3)

        // A category: Home's answers hold every ATM within 2 km, so the list asks nothing.
        try session.press("Down")
        try session.press("Enter")
        try await session.waitFor(text: "ATMs · 1 within 2 km")
        #expect(google.requests.count == 3)

        // A place: one Place Details request for the detail's fields.
        try session.press("Enter")
        try await session.waitFor("the ATM's detail") { screen in
            screen.contains("LLB Bancomat") && screen.contains("Map") && screen.contains("Google Maps")
        }
        try await eventually("the detail's request") { google.requests.count == 4 }
        #expect(google.requests(to: "/v1/places/").count == 1)

        // Back and back: nothing.
        try session.press("Escape")
        try await session.waitFor(text: "ATMs · 1 within 2 km")
        try session.press("Escape")
        try await session.waitFor(text: "Hot picks")
        #expect(google.requests.count == 4)

        // r: Home's area again, three requests, and Home shows the new answer.
        try session.press("r")
        try await eventually("three more requests") { google.requests.count == 7 }
        try await session.waitFor("Home again") { screen in
            screen.contains("Closest cafés") && screen.contains("fetched just now") && !screen.contains("updating")
        }
        try session.press("q")
        try await session.waitFor(text: "EXIT=0")
        #expect(google.requests.count == 7)
        #expect(google.requests.allSatisfy { $0.headers["x-goog-api-key"] == Self.key && $0.query.isEmpty })
        await google.stop()
    }

    @Test func theWalkOnOverpassCostsOneForHomeNothingForTheRestAndOneForR() async throws {
        let session = try await TmuxSession.start()
        let overpass = try await OverpassStandIn.start(fixture: OverpassFixture.json)
        try session.openOverpassApp(overpass)

        try await session.waitFor("Home's sections, categories and attribution") { screen in
            screen.contains("4 places within 2 km · fetched just now") && screen.contains("Closest cafés")
                && screen.line(containing: "Café 3").contains("Pharmacy 1")
                && screen.contains("© OpenStreetMap contributors")
        }
        #expect(overpass.requests.count == 1)

        // The list, and the place from the list's answer: nothing.
        try session.press("Down")
        try session.press("Enter")
        try await session.waitFor("the cafés with the cache's age") { screen in
            screen.contains("Cafés · 3 within 2 km") && screen.contains("© OpenStreetMap contributors · fetched just now")
        }
        try session.press("Enter")
        try await session.waitFor(text: "Städtle 5")
        try session.press("Escape")
        try await session.waitFor(text: "Cafés · 3 within 2 km")
        try session.press("Escape")
        try await session.waitFor(text: "Hot picks")
        #expect(overpass.requests.count == 1)

        // r fetches the area again, however fresh the cache.
        try session.press("r")
        try await eventually("one more request") { overpass.requests.count == 2 }
        try await session.waitFor("Home again") { screen in
            screen.contains("Closest cafés") && !screen.contains("updating")
        }
        try session.press("q")
        try await session.waitFor(text: "EXIT=0")
        #expect(overpass.requests.map(\.path) == [OverpassStandIn.interpreterPath, OverpassStandIn.interpreterPath])
        await overpass.stop()
    }
}
