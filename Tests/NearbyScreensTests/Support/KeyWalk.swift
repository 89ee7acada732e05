import Foundation
import Testing
import TerminalView
import TerminalTestSupport
@testable import NearbyScreens

/// An app on the screen a key walk is about, and what else shows that a key acted (a stub's recorded calls).
@MainActor
struct WalkedApp {
    var runner: HeadlessRunner
    var coordinator: AppCoordinator
    var probe: () -> [String] = { [] }
}

/// Walks the help overlay of a screen: every key it lists is pressed, each on a fresh app, and must act; keys
/// it does not list must not. So the help overlay shows exactly the keys that work, and every enabled binding
/// of the screen's key map dispatches.
@MainActor
enum KeyWalk {
    /// - Parameters:
    ///   - open: a fresh app on the screen, in the state to walk it in.
    ///   - settle: awaits the work a key started (view models' `idle()`).
    ///   - unbound: keys that must do nothing here.
    static func expectHelpListsExactlyTheKeysThatWork(
        open: () async throws -> WalkedApp, settle: (AppCoordinator) async -> Void = { _ in },
        unbound: [Key] = [], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let first = try await open()
        let lines = first.coordinator.helpLines
        #expect(!lines.isEmpty, sourceLocation: sourceLocation)
        var pressed = 0
        for line in lines {
            for label in line.keys.split(separator: " ").map(String.init) {
                guard let key = key(for: label) else {
                    Issue.record("help lists \"\(label)\" (\(line.summary)), which is not a key", sourceLocation: sourceLocation)
                    continue
                }
                let app = try await open()
                let before = state(of: app)
                app.runner.press(key)
                let handled = app.coordinator.lastEventHandled
                let right = state(of: app)
                await settle(app.coordinator)
                app.runner.renderIfNeeded()
                let later = state(of: app)
                #expect(handled && (right != before || later != before),
                        "\(label) (\(line.summary)) is in the help but did nothing", sourceLocation: sourceLocation)
                pressed += 1
            }
        }
        for key in unbound {
            let app = try await open()
            let before = state(of: app)
            app.runner.press(key)
            await settle(app.coordinator)
            #expect(!app.coordinator.lastEventHandled && state(of: app) == before,
                    "\(key.label) is not in the help but acted", sourceLocation: sourceLocation)
        }
        #expect(pressed > 0, sourceLocation: sourceLocation)
    }

    /// What the user (or a test) could tell apart: the screen and where the selection is, the cursor, the
    /// stack, a clear, and the probe.
    private static func state(of app: WalkedApp) -> [String] {
        let cursor = app.runner.lastFrame.cursor.map { "\($0.x),\($0.y)" } ?? "-"
        let selection = app.runner.lastFrame.styleRows(legend: [app.runner.theme.selection: "S"])
        return [app.runner.text(), selection.joined(separator: "\n"), cursor, "\(app.coordinator.screenCount)",
                "\(app.coordinator.isFinished)", "\(app.runner.terminal.clears)"] + app.probe()
    }

    /// The key a help label names (`Key.label` read back).
    static func key(for label: String) -> Key? {
        let named: [String: Key] = [
            "↑": .up, "↓": .down, "←": .left, "→": .right, "Home": .home, "End": .end, "PgUp": .pageUp,
            "PgDn": .pageDown, "enter": .enter, "esc": .escape, "bksp": .backspace, "del": .delete, "tab": .tab,
            "shift-tab": .backTab, "ins": .insert, "space": .character(" "),
        ]
        if let key = named[label] { return key }
        if label.hasPrefix("ctrl-"), label.count == 6, let c = label.last { return .control(c) }
        if label.count == 1, let c = label.first { return .character(c) }
        return nil
    }
}
