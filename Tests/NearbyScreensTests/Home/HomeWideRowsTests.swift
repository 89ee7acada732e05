import Foundation
import Testing
import TerminalView
@testable import NearbyScreens

/// The walkthrough's P3: at 250 columns Home's and the list's rows set the name and the distance about 200
/// columns apart. The name's column stops at its limit and the row's other columns stay beside it.
@MainActor
@Suite(.serialized)
final class HomeWideRowsTests {
    private let folder = DemoApp.makeFolder()

    deinit { DemoApp.removeFolder(folder) }

    /// The column where a row's first distance ("120 m", "1.2 km") starts.
    private func distanceColumn(_ row: String) -> Int? {
        guard let range = row.range(of: #"\d+(\.\d)? k?m "#, options: .regularExpression) else { return nil }
        return row.distance(from: row.startIndex, to: range.lowerBound)
    }

    @Test func rowsKeepTheirColumnsTogetherOnAVeryWideTerminal() async throws {
        let app = try await DemoApp(folder: folder, size: Size(width: 250, height: 40))
        let home = app.rows.filter { $0.hasPrefix("   ") }.compactMap(distanceColumn)
        #expect(!home.isEmpty, "\(app.text)")
        #expect(home.allSatisfy { $0 < HomeView.widestRow }, "Home: \(home)")
        #expect(!app.rows.contains { $0.count > HomeView.widestRow && $0.hasSuffix("see all ›") })
        // The hot picks' box ends with the rows, its page count beside the pick.
        let box = app.rows.filter { $0.hasPrefix("╭") || $0.hasSuffix("╮") || $0.contains(" / ") }
        #expect(!box.isEmpty, "\(app.text)")
        #expect(box.allSatisfy { $0.trimmingCharacters(in: .whitespaces).count <= HomeView.widestRow }, "\(box)")
        await app.press(.down, .enter)
        let list = app.rows.dropFirst(2).compactMap(distanceColumn)
        #expect(!list.isEmpty, "\(app.text)")
        #expect(list.allSatisfy { $0 < 2 + PlaceRowLayout.nameLimit + PlaceRowLayout.subtitleWidth + 10 },
                "the list: \(list)")
    }
}
