import Foundation
import NearbyCore
import NearbyViewModels
import Testing
import TerminalView
@testable import NearbyScreens

/// The ★ of favourites in a places list and on Home, `f` in the list, and Home's Favourites section, on the
/// Demo town at 80x24.
@MainActor
@Suite(.serialized)
final class FavouriteMarksTests {
    private let folder = DemoApp.makeFolder()

    deinit { DemoApp.removeFolder(folder) }

    private func listRow(_ app: DemoApp, _ index: Int) -> PlaceRowModel? {
        guard case .placesList(let list)? = app.coordinator.topModel,
              case .place(let row) = list.row(at: index) else { return nil }
        return row
    }

    @Test func fInTheListSavesAndTheStarFollowsTheDetailAndHome() async throws {
        let app = try await DemoApp(folder: folder)
        #expect(!app.text.contains("Favourites"), "no section while there are none")
        // The first category's list: f saves its first place, with a ✓ while the news stands.
        await app.press(.down, .enter)
        let first = try #require(listRow(app, 0))
        await app.press(.character("f"))
        #expect(app.text.contains("Saved to favourites"))
        expectSnapshot(app.runner.text(), named: "places-list-favourite-80x24")
        // One space between the star and the name (the walkthrough's P3 read "★CAFE im kunstmuseum").
        #expect(app.rows[2].hasPrefix("★ " + first.name.prefix(10)))
        #expect(app.rows[2].contains("✓"))
        #expect(!app.rows[3].hasPrefix("★"))
        // The second place saved in its detail: starred on the way back.
        await app.press(.down, .enter, .character("f"), .escape)
        #expect(app.rows[3].hasPrefix("★"))
        // Home: the two in a Favourites section, and starred where their category lists them.
        await app.press(.escape)
        #expect(app.rows[0].contains("Demo town"))
        expectSnapshot(app.runner.text(), named: "home-favourites-80x24")
        let section = try #require(app.rows.firstIndex { $0.hasPrefix(" Favourites") })
        #expect(app.rows[section + 1].contains(first.name.prefix(10)))
        #expect(app.rows[section + 1].hasPrefix(" ★"))
        // Home kept the chips selected: the next item is the section's title, which opens the Favourites screen.
        await app.press(.down, .enter)
        #expect(app.rows[0].contains("Favourites · 2"))
        // One forgotten there leaves Home's section on the way back.
        await app.press(.enter, .character("f"), .escape, .escape)
        #expect(app.rows[0].contains("Demo town"))
        let after = try #require(app.rows.firstIndex { $0.hasPrefix(" Favourites") })
        #expect(app.rows[after + 1].hasPrefix(" ★"))
        #expect(!app.rows[after + 2].hasPrefix(" ★"), "one favourite left in the section")
    }

    /// The walkthrough's "★… ✓": however narrow the terminal, a place saved from the list keeps the first letters
    /// of its name between the star and the tick, or shows no tick at all.
    @Test func aNarrowRowKeepsTheNameOfAPlaceJustSaved() async throws {
        for width in [30, 34, 40, 50] {
            let app = try await DemoApp(folder: folder, size: Size(width: width, height: 16))
            await app.press(.down, .enter)
            let first = try #require(listRow(app, 0))
            await app.press(.character("f"))
            let row = app.rows[2]
            // Saved now, or forgotten if an earlier width saved it: either way the name leads the row.
            #expect(row.hasPrefix("★ ") || row.hasPrefix("  "), "\(width): \(row)")
            #expect(row.dropFirst(2).hasPrefix(first.name.prefix(3)), "\(width): \(row)")
            #expect(!row.contains("★…") && !row.dropFirst(2).hasPrefix("…"), "\(width): \(row)")
        }
    }
}
