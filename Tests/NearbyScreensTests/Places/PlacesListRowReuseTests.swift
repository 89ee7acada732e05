import Foundation
import NearbyCore
import NearbyViewModels
import Testing
import TerminalView
import TerminalTestSupport
@testable import NearbyScreens

/// The Places list on the Demo town's store: a key that moves the selection, scrolling or not, copies every row
/// it shows (drawn on the frame before, or ahead of it while idle), also while the next page comes in.
@MainActor
@Suite(.serialized)
final class PlacesListRowReuseTests {
    private let folder = DemoApp.makeFolder()

    deinit { DemoApp.removeFolder(folder) }

    /// The rows shown, each holding the name of the place the list has at its index.
    private func expectRowsShowTheList(_ runner: HeadlessRunner, _ view: PlacesListView,
                                       _ list: PlacesListViewModel, top: Int,
                                       sourceLocation: SourceLocation = #_sourceLocation) {
        let rows = runner.textRows(), shown = view.list.listRect
        for offset in 0..<shown.height where top + offset < list.rowCount {
            let index = top + offset
            switch list.row(at: index) {
            case .place(let place):
                #expect(rows[shown.y + offset].contains(place.name), "row \(index)", sourceLocation: sourceLocation)
            case .moreLoading(let text):
                #expect(rows[shown.y + offset].contains(text), "row \(index)", sourceLocation: sourceLocation)
            default:
                Issue.record("row \(index) is \(list.row(at: index))", sourceLocation: sourceLocation)
            }
        }
    }

    /// Every place of the town at 120x40, a page of 100 at a time, from `provider` (the town's store by default).
    private func openAllPlaces(provider: ((any PlacesProvider) -> any PlacesProvider)? = nil) async throws
        -> (runner: HeadlessRunner, coordinator: AppCoordinator, list: PlacesListViewModel, view: PlacesListView) {
        let app = try await DemoApp(folder: folder, size: Size(width: 120, height: 40))
        var context = app.places
        if let provider { context.provider = provider(context.provider) }
        let list = PlacesListViewModel(subject: .all, context: context, radius: 50_000)
        app.coordinator.perform(.push(.placesList(list)))
        await app.settle()
        let view = try #require(app.coordinator.topView as? PlacesListView)
        return (app.runner, app.coordinator, list, view)
    }

    @Test func movingDownThroughPagesLaysOutNoRowAnew() async throws {
        let (runner, coordinator, list, view) = try await openAllPlaces()
        var laidOut: [Int] = []
        for _ in 0..<150 {
            let before = view.list.rowsLaidOut
            runner.press(.down)
            // A page that comes in is drawn by the frame after it.
            await DemoApp.settle(coordinator)
            runner.renderIfNeeded()
            laidOut.append(view.list.rowsLaidOut - before)
        }
        #expect(list.rowCount > 200, "the second page came in on the way")
        #expect(laidOut.allSatisfy { $0 == 0 }, "\(laidOut)")
        // The rows copied show what the list holds: the last row shown is the selected one, the 151st place.
        expectRowsShowTheList(runner, view, list, top: 151 - view.list.listRect.height)
    }

    /// The page comes in while its "Loading more" row is on screen: that row shows the place that took its place.
    @Test func aPageThatComesInReplacesTheLoadingRowShown() async throws {
        let (runner, coordinator, list, view) = try await openAllPlaces()
        // One key to the last row held, drawn before the next page can come in.
        runner.press(.character("G"))
        #expect(runner.text().contains("Loading more"))
        await DemoApp.settle(coordinator)
        runner.renderIfNeeded()
        #expect(list.rowCount > 101, "the next page came in")
        #expect(!runner.text().contains("Loading more"))
        expectRowsShowTheList(runner, view, list, top: list.selection.value + 1 - view.list.listRect.height)
    }

    /// A live source may answer a first page with no place but a cursor: the "No places" row it showed gives way
    /// to the places of the next page.
    @Test func aFirstPageWithNoPlaceGivesWayToTheNext() async throws {
        let (runner, coordinator, list, view) = try await openAllPlaces { EmptyFirstPage(inner: $0) }
        // The empty page's frame asked for the next page; it is drawn once it is in.
        await DemoApp.settle(coordinator)
        runner.renderIfNeeded()
        #expect(list.rowCount > 1, "the second page came in")
        expectRowsShowTheList(runner, view, list, top: 0)
    }
}

/// A source whose first page holds no place, only the cursor to the places.
private struct EmptyFirstPage: PlacesProvider {
    let inner: any PlacesProvider
    private static let start = PageCursor(token: "start")

    func places(_ query: PlaceQuery, after cursor: PageCursor?) async throws(PlacesError) -> PlacesPage {
        guard let cursor else { return PlacesPage(hits: [], next: Self.start) }
        return try await inner.places(query, after: cursor == Self.start ? nil : cursor)
    }

    func place(id: PlaceID, from center: Coordinate) async throws(PlacesError) -> PlaceHit {
        try await inner.place(id: id, from: center)
    }

    func count(near center: Coordinate, radius: Double, category: Category?) async throws(PlacesError) -> Int {
        try await inner.count(near: center, radius: radius, category: category)
    }

    func count(_ query: PlaceQuery) async throws(PlacesError) -> PlaceCount { try await inner.count(query) }
    func refresh(_ query: PlaceQuery) async throws(PlacesError) { try await inner.refresh(query) }
    var isLive: Bool { inner.isLive }
}
