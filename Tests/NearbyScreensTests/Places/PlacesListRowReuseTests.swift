import Foundation
import NearbyViewModels
import Testing
import TerminalView
@testable import NearbyScreens

/// The Places list on the Demo town's store: a key that moves the selection, scrolling or not, copies every row
/// it shows (drawn on the frame before, or ahead of it while idle), also while the next page comes in.
@MainActor
@Suite(.serialized)
final class PlacesListRowReuseTests {
    private let folder = DemoApp.makeFolder()

    deinit { DemoApp.removeFolder(folder) }

    @Test func movingDownThroughPagesLaysOutNoRowAnew() async throws {
        let app = try await DemoApp(folder: folder, size: Size(width: 120, height: 40))
        let (runner, coordinator) = (app.runner, app.coordinator)
        // Every place of the town, a page of 100 at a time.
        let list = PlacesListViewModel(subject: .all, context: app.places, radius: 50_000)
        coordinator.perform(.push(.placesList(list)))
        await DemoApp.settle(coordinator)
        runner.renderIfNeeded()
        let view = try #require(coordinator.topView as? PlacesListView)
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
        let rows = runner.textRows(), shown = view.list.listRect
        for (offset, index) in ((151 - shown.height)...150).enumerated() {
            guard case .place(let place) = list.row(at: index) else { Issue.record("row \(index)"); continue }
            #expect(rows[shown.y + offset].contains(place.name), "row \(index)")
        }
    }
}
