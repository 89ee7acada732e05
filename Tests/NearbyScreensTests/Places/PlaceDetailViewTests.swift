import Foundation
import NearbyCore
import NearbyViewModels
import Testing
import TerminalView
@testable import NearbyScreens

/// The place detail scrolls with the list keys; what a key acts on is never hidden.
@MainActor
@Suite(.serialized)
final class PlaceDetailViewTests {
    private let folder = DemoApp.makeFolder()

    deinit { DemoApp.removeFolder(folder) }

    /// Home → the first category → its first place.
    private func detail(size: Size, units: UnitSystem = .metric) async throws -> DemoApp {
        let app = try await DemoApp(folder: folder, size: size, units: units)
        await app.press(.down, .enter, .enter)
        guard case .placeDetail = app.coordinator.topModel else {
            Issue.record("not on a place detail")
            return app
        }
        return app
    }

    @Test(arguments: [Size(width: 80, height: 24), Size(width: 60, height: 20)])
    func meetingPointsAreScrolledIntoViewWithTheirKeysInTheFooter(size: Size) async throws {
        let app = try await detail(size: size)
        await app.press(.character("m"))
        let rows = app.rows
        #expect(rows.contains { $0.contains("Meet ") && $0.hasSuffix(" at") }, "m shows its result")
        for digit in 1...3 {
            #expect(rows.contains { $0.hasPrefix("   \(digit) ") }, "meeting point \(digit) is on screen")
        }
        #expect(rows.last?.contains("1-3 meet there") == true)
        let title = rows[0]
        await app.press(.character("3"))
        #expect(app.rows[0] != title, "3 opens the third meeting point")
    }

    @Test func theListKeysScrollTheDetail() async throws {
        let app = try await detail(size: Size(width: 60, height: 20))
        let top = app.rows[2]
        #expect(app.rows.last?.contains("↑↓ scroll") == true)
        await app.press(.character("j"))
        #expect(app.rows[2] != top)
        #expect(app.rows[1] == "", "the title and the blank under it stay")
        await app.press(.character("G"))
        #expect(app.text.contains("Map"), "the map at the end comes into view")
        await app.press(.pageUp, .character("g"))
        #expect(app.rows[2] == top)
    }

    /// Wide, the meeting points take the whole width instead of a narrow column beside the facts.
    @Test func meetingPointsUseTheWidth() async throws {
        let app = try await detail(size: Size(width: 120, height: 40))
        await app.press(.character("m"))
        let entries = app.rows.filter { $0.hasPrefix("   1 ") || $0.hasPrefix("   2 ") }
        #expect(!entries.isEmpty)
        for entry in entries {
            #expect(!entry.contains("…"), "\(entry) is cut")
            #expect(entry.contains(" · here "), "both distances are shown whole")
        }
    }

    @Test func theMapScaleFollowsTheUnits() async throws {
        let metric = try await detail(size: Size(width: 80, height: 24))
        #expect(metric.rows.contains { $0.contains("├") && ($0.contains(" m ") || $0.contains(" km ")) })
        let imperial = try await detail(size: Size(width: 80, height: 24), units: .imperial)
        let scale = imperial.rows.first { $0.contains("├") } ?? ""
        #expect(scale.contains(" mi ") || scale.contains(" ft "), "scale bar: \(scale)")
    }

    /// The walkthrough's P3: the map stayed about 38 columns wide at 160 and 250 columns. It grows with the
    /// terminal to 2/5 of the body, at most 90 columns, and taller with it.
    @Test(arguments: [(80, 31, 12), (160, 63, 21), (250, 90, 24)])
    func theMapGrowsWithTheTerminal(width: Int, mapWidth: Int, mapHeight: Int) async throws {
        let app = try await detail(size: Size(width: width, height: 50))
        let top = try #require(app.rows.first { $0.contains("╭─ Map") }, "\(app.text)")
        let box = top.drop { $0 != "╭" }.prefix { $0 != "╮" }.count + 1
        #expect(box == mapWidth, "\(top)")
        let height = app.rows.filter { $0.hasSuffix("│") || $0.contains("╮") || $0.contains("╯") }.count
        #expect(height == mapHeight, "\(app.text)")
    }
}
