import Foundation
import PlacesStandIns
import TestSupport

extension TmuxSession {
    /// Opens the app on live places from `overpass` (at `url`, else its API root), here being the fixture's
    /// point, with no config file and no NEARBY_* variables of the machine. The shell prints `MARKER=STATUS`
    /// when the app exits.
    func openOverpassApp(_ overpass: OverpassStandIn, url: String? = nil, open screen: String? = nil,
                         marker: String = "EXIT") throws {
        let app = dataDirectory.appendingPathComponent("app")
        let start = screen.map { " --open '\($0)'" } ?? ""
        try run("env -u NEARBY_SOURCE -u NEARBY_PLACES_URL -u NEARBY_FRIENDS_URL XDG_CONFIG_HOME=\(app.path)/config "
                + "\(TmuxSession.binary.path) --data-dir \(app.path) --source overpass "
                + "--places-url \(url ?? overpass.placesURL) --near \(OverpassFixture.near)\(start); echo \(marker)=$?")
    }
}

/// Reading one line of a captured screen.
extension String {
    /// The first line holding `text`, or "" when none does.
    func line(containing text: String) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).first { $0.contains(text) }.map(String.init) ?? ""
    }
}
