import Foundation
import NearbyCore
import NearbyViewModels
import Testing
import TerminalView
@testable import NearbyScreens

/// A router for the demo town, which has no paths: a walk is the two legs of a right angle (north-south,
/// then east-west), along "Lane" and "Market Street".
struct RightAngleRouter: WalkingRouter {
    func walks(from start: Coordinate, to targets: [Coordinate]) async throws(RoutingError) -> [WalkEstimate?] {
        targets.map { WalkEstimate(metres: Self.legs(from: start, to: $0).reduce(0, +)) }
    }

    func route(from start: Coordinate, to end: Coordinate) async throws(RoutingError) -> WalkRoute? {
        let corner = Coordinate(latitude: end.latitude, longitude: start.longitude)
        let legs = Self.legs(from: start, to: end)
        return WalkRoute(length: legs.reduce(0, +), points: [start, corner, end],
                         stretches: [.init(name: "Lane", length: legs[0]), .init(name: "Market Street", length: legs[1])],
                         offNetwork: 0)
    }

    static func legs(from start: Coordinate, to end: Coordinate) -> [Double] {
        let corner = Coordinate(latitude: end.latitude, longitude: start.longitude)
        return [start.distance(to: corner), corner.distance(to: end)]
    }
}

/// Walking minutes in the list, the walk on the detail's map, the note without paths, and `t` on every screen.
@MainActor
@Suite(.serialized)
final class WalkAndTimeRenderTests {
    private let folder = DemoApp.makeFolder()

    deinit { DemoApp.removeFolder(folder) }

    @Test func listRowsShowWalkingMinutesAndTheDetailDrawsTheWalk() async throws {
        let app = try await DemoApp(folder: folder, walking: RightAngleRouter())
        // Home's rows and hot pick have their minutes too.
        expectSnapshot(app.text, named: "home-walking-80x24")
        #expect(app.rows.contains { $0.contains("90 m SW · 1 min") })
        #expect(app.rows[2].contains("60 m SE · 1 m"))
        await app.press(.down, .enter)
        expectSnapshot(app.text, named: "places-list-walking-80x24")
        #expect(!app.text.contains("Distances are straight lines"))
        // Every place row has its minutes beside the distance.
        let placeRows = app.rows.dropFirst().prefix(5)
        #expect(placeRows.allSatisfy { $0.contains(" min ") }, "\(placeRows)")

        // `s` offers the walking order after distance.
        await app.press(.character("s"))
        #expect(app.rows[0].contains("by walking time"))

        // The farthest place, so that its walk is long enough to show on the map.
        await app.press(.end, .enter)
        expectSnapshot(app.text, named: "place-detail-walking-80x24")
        #expect(app.text.contains("Walk         1.8 km on foot · 23 min · via La"))
        // The walk is drawn in braille under the markers, and the place and you are never hidden.
        let accent = Theme.make(.eight).accent
        let frame = app.runner.lastFrame
        let walkCells = (0..<frame.size.height).flatMap { y in (0..<frame.size.width).map { x in frame[x, y] } }
            .filter { (0x2801...0x28FF).contains($0.base.value) && $0.style == accent }
        #expect(!walkCells.isEmpty, "the walk's braille dots, in the accent colour")
        #expect(app.text.contains("◆ Millbrook"))
        #expect(app.text.contains("@"))
    }

    @Test func withoutPathsTheListSaysDistancesAreStraightLines() async throws {
        let app = try await DemoApp(folder: folder)
        await app.press(.down, .enter)
        #expect(app.rows[1].contains("Distances are straight lines"))
        #expect(!app.rows.dropFirst(2).contains { $0.contains(" min ") })
        await app.press(.character("s"))
        #expect(!app.rows[0].contains("walking"), "no walking order without walking times")
    }

    @Test func tChoosesATimeForEveryScreenAndAnEmptyAnswerReturnsToNow() async throws {
        let app = try await DemoApp(folder: folder, choosesTime: true)
        let time = try #require(app.evaluationTime)
        await app.press(.character("t"))
        #expect(app.text.contains("time "))
        app.runner.type("Sa 14:00")
        await app.press(.enter)
        #expect(app.rows[0].contains("as of Sat 14:00"))
        expectSnapshot(app.text, named: "home-as-of-80x24")

        // The list opened now is at the same time, and says so.
        await app.press(.down, .enter)
        #expect(app.rows[0].contains("as of Sat 14:00"))
        #expect(time.isChosen)
        // So does the Favourites screen, opened from Home.
        await app.press(.escape, .character("f"))
        #expect(app.rows[0].contains("Favourites"), "\(app.rows[0])")
        #expect(app.rows[0].contains("as of Sat 14:00"), "\(app.rows[0])")

        // t always asks, so what is typed next is a time, never keys on the screen; an empty answer is now.
        await app.press(.character("t"))
        #expect(app.rows[0].contains("as of Sat 14:00"), "still chosen while the prompt is open")
        await app.press(.enter)
        #expect(!app.rows[0].contains("as of"))
        #expect(!time.isChosen)
    }

    @Test func aMistypedTimeKeepsThePromptAndEscReturnsToNow() async throws {
        let app = try await DemoApp(folder: folder, choosesTime: true)
        await app.press(.character("t"))
        app.runner.type("Sat 25:00")
        await app.press(.enter)
        #expect(app.rows.last?.contains("hours run from 00 to 23") == true, "\(app.rows.last ?? "")")
        #expect(app.text.contains("Sat 25:00"), "what was typed stays to be mended")
        await app.press(.escape)
        #expect(!app.text.contains("Sat 25:00"))
        #expect(!app.rows[0].contains("as of"))

        // A span filters the lists and the header says so too.
        await app.press(.character("t"))
        app.runner.type("18:00-20:00")
        await app.press(.enter)
        #expect(app.rows[0].contains("open Wed 18:00–20:00"), "\(app.rows[0])")
        await app.press(.character("t"), .escape)
        #expect(!app.rows[0].contains("open Wed"))
    }

    @Test func theHelpOverlayNamesT() async throws {
        let app = try await DemoApp(folder: folder, choosesTime: true)
        await app.press(.character("?"))
        #expect(app.text.contains("open at another time"))
        let plain = try await DemoApp(folder: folder)
        await plain.press(.character("?"))
        #expect(!plain.text.contains("open at another time"), "no t where there is no time to choose")
    }
}
