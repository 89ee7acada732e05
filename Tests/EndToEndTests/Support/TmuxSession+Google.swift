import Foundation
import PlacesStandIns
import Testing
import TestSupport

extension TmuxSession {
    /// Opens the app on places from `google` (a Places API (New) stand-in) with `key` in
    /// NEARBY_GOOGLE_API_KEY, here being the fixture's point, with no config file and no other NEARBY_*
    /// variables of the machine. The shell prints `MARKER=STATUS` when the app exits.
    func openGoogleApp(_ google: GoogleStandIn, key: String, open screen: String? = nil,
                       marker: String = "EXIT") throws {
        let app = dataDirectory.appendingPathComponent("app")
        let start = screen.map { " --open '\($0)'" } ?? ""
        try run("env -u NEARBY_SOURCE -u NEARBY_PLACES_URL -u NEARBY_FRIENDS_URL -u NEARBY_GOOGLE_API "
                + "NEARBY_GOOGLE_API_KEY=\(key) XDG_CONFIG_HOME=\(app.path)/config "
                + "\(TmuxSession.binary.path) --data-dir \(app.path) --source google --places-url \(google.baseURL) "
                + "--near \(GooglePlacesFixture.near)\(start); echo \(marker)=$?")
    }

    /// Presses `key` until `condition` holds for the screen (a retry that only works once a wait is over),
    /// polling with a deadline.
    @discardableResult
    func press(_ key: String, until what: String, timeout: Duration = .seconds(15),
               _ condition: (String) -> Bool) async throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            try press(key)
            // Half a second for the answer to this press, polled; then press again.
            let pressDeadline = clock.now + .milliseconds(500)
            while clock.now < pressDeadline {
                let screen = try screen()
                if condition(screen) { return screen }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        return try await waitFor(what, timeout: .milliseconds(1), condition)
    }
}
