import Foundation
import NearbyCore
import NearbyViewModels
import Testing
import TerminalView
@testable import NearbyScreens

/// Home's `/` over the whole store, `L` to move here, and `f` to the favourites, on the Demo town at 80x24.
@MainActor
@Suite(.serialized)
final class HomeSearchMoveFavouritesTests {
    private let folder = DemoApp.makeFolder()

    deinit { DemoApp.removeFolder(folder) }

    @Test func aFavouriteSavedInADetailIsListedOnTheFavouritesScreenAndForgottenThere() async throws {
        let app = try await DemoApp(folder: folder)
        let runner = app.runner
        await app.press(.character("f"))
        #expect(runner.textRows()[0].contains("Favourites · 0"))
        #expect(runner.text().contains("No favourites yet — f on a place's detail saves one"))
        await app.press(.escape)
        // The first category's nearest place, saved from its detail.
        await app.press(.down, .enter)
        guard case .place(let first) = placesRow(app, 0) else {
            Issue.record("no place in the first category")
            return
        }
        await app.press(.enter)
        await app.press(.character("f"))
        #expect(runner.text().contains("Saved to favourites"))
        await app.press(.escape, .escape)
        #expect(runner.textRows()[0].contains("Demo town"))
        await app.press(.character("f"))
        expectSnapshot(runner.text(), named: "favourites-demo-80x24")
        #expect(runner.textRows()[0].contains("Favourites · 1"))
        #expect(runner.textRows()[1].contains(first.name.prefix(20)))
        #expect(runner.textRows()[1].contains(first.openState.prefix(8)))
        // Open it, forget it, come back: the list no longer holds it.
        await app.press(.enter)
        #expect(runner.textRows()[0].contains(first.name))
        await app.press(.character("f"))
        await app.press(.escape)
        #expect(runner.textRows()[0].contains("Favourites · 0"))
        await app.press(.escape)
        #expect(runner.textRows()[0].contains("Demo town"))
    }

    @Test func slashOnHomeSearchesTheWholeStoreAndNFindsTheNextName() async throws {
        let app = try await DemoApp(folder: folder)
        let runner = app.runner
        await app.press(.character("/"))
        #expect(runner.text().contains("search every place by name"))
        runner.type("bank")
        await app.press(.enter)
        let title = runner.textRows()[0]
        #expect(title.contains("“bank”"))
        #expect(title.contains("anywhere"))
        #expect(!title.contains("within"))
        guard case .placesList(let list)? = app.coordinator.topModel else {
            Issue.record("the search did not open a list")
            return
        }
        #expect(list.rowCount > 1)
        let before = list.selection.value
        await app.press(.character("n"))
        #expect(list.selection.value != before)
        await app.press(.character("N"))
        #expect(list.selection.value == before)
    }

    /// A search that finds nothing names what it may have meant.
    @Test func aMisspeltSearchOffersTheNamesItMayHaveMeant() async throws {
        let app = try await DemoApp(folder: folder)
        let runner = app.runner
        await app.press(.character("/"))
        runner.type("harbuor")
        await app.press(.enter)
        guard case .placesList(let list)? = app.coordinator.topModel else {
            Issue.record("the search did not open a list")
            return
        }
        await list.idle()
        runner.renderIfNeeded()
        #expect(runner.text().contains("Nothing matches “harbuor” anywhere. Did you mean “The Harbour Café”"),
                "\(runner.text())")
    }

    @Test func capitalLMovesHereToACoordinateInTheSouthernHemisphere() async throws {
        let app = try await DemoApp(folder: folder)
        let runner = app.runner
        await app.press(.character("L"))
        #expect(runner.text().contains("move to: a town, LAT,LON"))
        runner.type("-33.87,151.21")
        await app.press(.enter)
        #expect(runner.textRows()[0].contains("Nearby · -33.8700, 151.2100"))
        #expect(runner.text().contains("No places within 2 km"))
        // And back by the town's name.
        await app.press(.character("L"))
        runner.type("Demo town")
        await app.press(.enter)
        #expect(runner.textRows()[0].contains("Nearby · Demo town"))
        #expect(!runner.text().contains("No places within 2 km"))
    }

    @Test func anUnknownTownLeavesHomeWhereItWasAndSaysSo() async throws {
        let app = try await DemoApp(folder: folder)
        let runner = app.runner
        await app.press(.character("L"))
        runner.type("Atlantis")
        await app.press(.enter)
        #expect(runner.textRows()[0].contains("Nearby · Demo town"))
        #expect(runner.text().contains("No town called “Atlantis”"))
        // The line is open again with what was typed: mended, not typed again.
        #expect(runner.textRows().contains { $0.hasPrefix("@ Atlantis") }, "\(runner.text())")
        await app.press(.escape)
        #expect(!runner.textRows().contains { $0.hasPrefix("@ Atlantis") })
    }

    @Test func aGeoLinkOrTwoNumbersApartMoveHereToo() async throws {
        let app = try await DemoApp(folder: folder)
        let runner = app.runner
        await app.press(.character("L"))
        runner.type("geo:-33.87,151.21;u=20")
        await app.press(.enter)
        #expect(runner.textRows()[0].contains("Nearby · -33.8700, 151.2100"))
        await app.press(.character("L"))
        runner.type("-34.5 150.25")
        await app.press(.enter)
        #expect(runner.textRows()[0].contains("Nearby · -34.5000, 150.2500"))
    }

    private func placesRow(_ app: DemoApp, _ index: Int) -> PlacesListRow? {
        guard case .placesList(let list)? = app.coordinator.topModel else { return nil }
        return list.row(at: index)
    }
}
