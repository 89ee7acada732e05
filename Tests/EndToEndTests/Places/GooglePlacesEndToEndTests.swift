import Foundation
import PlacesStandIns
import Testing
import TestSupport

/// Google Places API (New) in a real terminal, against a stand-in that checks the key and the field mask:
/// a denied key says what to do, a place Google says is open now shows open, and what lies outside the
/// radius or has closed for good is not listed.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .terminal)
struct GooglePlacesEndToEndTests {
    @Test func aDeniedKeyShowsWhereItIsSetAndWhatToDo() async throws {
        let session = try await TmuxSession.start()
        let key = "AIza-new-project-key"
        let google = try await GoogleStandIn.start(keys: .serviceDisabled(key))
        try session.openGoogleApp(google, key: key)
        let screen = try await session.waitFor("the note on the denied key") { screen in
            screen.contains("NEARBY_GOOGLE_API_KEY") && screen.contains("Google Cloud console.")
        }
        let note = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(note.contains("The places service refused: Google refused the API key set in NEARBY_GOOGLE_API_KEY "
                              + "(403 PERMISSION_DENIED): enable Places API (New) for the key's project in the "
                              + "Google Cloud console."))
        // The key itself is never on screen.
        #expect(!screen.contains(key))
        try session.press("Q")
        try await session.waitFor(text: "EXIT=0")
        #expect(google.requests.count >= 1 && google.requests.count <= 3)
        await google.stop()
    }

    @Test func aPlaceGoogleSaysIsOpenNowShowsOpenAndOnlyPlacesWithinTheRadiusAreListed() async throws {
        let session = try await TmuxSession.start()
        let key = "AIza-good-key"
        let google = try await GoogleStandIn.start(keys: .accepts(key))
        try session.openGoogleApp(google, key: key, open: "category:cafe")

        // The attribution is on the frame's last line: waiting for it waits for the whole frame.
        let rows = try await session.waitFor("the cafés") { screen in
            screen.contains("Cafés · 3 within 2 km") && screen.contains("Kaffee Bar Vaduz")
                && screen.contains("Google Maps · fetched just now")
        }
        // Google sent no hours for it, only that it is open now: the row says open.
        #expect(rows.line(containing: "Kaffee Bar Vaduz").contains("open now"))
        #expect(rows.line(containing: "Café Amadeus").contains("110 m N"))
        // Closed for good, and 13 km away although Google sent it: neither is listed.
        #expect(!rows.contains("Café Gone") && !rows.contains("Feldkirch"))
        #expect(!rows.contains("\u{1B}"))

        // Its detail says so too.
        // G, not End: a key sent as an escape sequence can reach a loaded machine's app in two reads.
        try session.press("G")
        try session.press("Enter")
        // Google's attribution is the detail's footer, so waiting for it waits for the whole frame.
        try await session.waitFor("Kaffee Bar's detail") { screen in
            screen.contains("Open now · as the source says") && screen.contains("Map") && screen.contains("Google Maps")
        }
        try session.press("Q")
        try await session.waitFor(text: "EXIT=0")
        await google.stop()
    }
}
