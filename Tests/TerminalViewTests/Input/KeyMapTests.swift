import Testing
@testable import TerminalView

@MainActor
struct KeyMapTests {
    enum Action: Equatable { case move, open, quit, help, retry, refresh }

    @Test func oneTableDispatchesHintsAndHelp() {
        let map = KeyMap<Action>(title: "Friends", [
            KeyBinding([.up, .down, .character("k"), .character("j")], "↑↓", "move", action: .move),
            KeyBinding([.enter], "open", action: .open),
            KeyBinding([.character("?")], "help", action: .help, inFooter: false),
            KeyBinding([.character("q"), .control("c")], "quit", action: .quit),
        ])
        #expect(map.action(for: .down) == .move)
        #expect(map.action(for: .character("j")) == .move)
        #expect(map.action(for: .control("c")) == .quit)
        #expect(map.action(for: .character("x")) == nil)
        #expect(map.footerHints.map(\.keys) == ["↑↓", "enter", "q"])
        #expect(map.helpLines.map(\.keys) == ["↑ ↓ k j", "enter", "?", "q ctrl-c"])
    }

    /// A disabled binding neither dispatches nor shows; another binding of the same key may take over.
    @Test func bindingsKnowWhenTheyApplyAndWhatTheySay() {
        final class State {
            var failed = false
            var count = 1
        }
        let state = State()
        let map = KeyMap<Action>(title: "List", [
            KeyBinding([.enter], "open", action: .open).enabled { state.count > 0 },
            KeyBinding([.character("r")], "retry", action: .retry).enabled { state.failed },
            KeyBinding([.character("r")], "refresh", action: .refresh, inFooter: false).enabled { !state.failed },
            KeyBinding([.character("q")], "quit", action: .quit).described { state.count > 0 ? "quit" : "leave" },
        ])
        #expect(map.action(for: .character("r")) == .refresh)
        #expect(map.footerHints.map(\.summary) == ["open", "quit"])
        #expect(map.helpLines.map(\.summary) == ["open", "refresh", "quit"])
        state.failed = true
        state.count = 0
        #expect(map.action(for: .character("r")) == .retry)
        #expect(map.action(for: .enter) == nil)
        #expect(map.footerHints.map(\.summary) == ["retry", "leave"])
        #expect(map.helpLines.map(\.keys) == ["r", "q"])
        #expect(map.key { $0 == .retry } == "r")
    }

    @Test func statusBarShowsMessageThenHintsThatFit() {
        let buffer = CellBuffer(size: Size(width: 30, height: 1))
        let theme = Theme.make(.monochrome)
        StatusBar.draw(in: buffer, rect: buffer.bounds,
                       hints: [KeyHint(keys: "↑↓", summary: "move"), KeyHint(keys: "enter", summary: "open"),
                               KeyHint(keys: "q", summary: "quit")],
                       message: StatusBarMessage("Saved", kind: .success), theme: theme)
        #expect(buffer.text() == " Saved  ↑↓ move  enter open")
    }

    /// In a narrow footer the way back and help stay; the hints that go are the last of the others.
    @Test func aNarrowFooterKeepsTheEssentialHints() {
        let buffer = CellBuffer(size: Size(width: 40, height: 1))
        let hints = [KeyHint(keys: "↑↓", summary: "move"), KeyHint(keys: "enter", summary: "open"),
                     KeyHint(keys: "/", summary: "filter"), KeyHint(keys: "s", summary: "sort"),
                     KeyHint(keys: "esc", summary: "back", isEssential: true),
                     KeyHint(keys: "?", summary: "help", isEssential: true)]
        StatusBar.draw(in: buffer, rect: buffer.bounds, hints: hints, message: nil, theme: Theme.make(.monochrome))
        #expect(buffer.text() == " ↑↓ move  enter open  esc back  ? help")
    }

    @Test func themesKeepSelectionVisibleWithoutColour() {
        #expect(Theme.make(.monochrome).selection.attributes.contains(.reverse))
        #expect(ColorSupport.detect(colors: 256, environment: ["NO_COLOR": "1"]) == .monochrome)
        #expect(ColorSupport.detect(colors: 256, environment: ["NO_COLOR": ""]) == .full)
        #expect(ColorSupport.detect(colors: 8, environment: [:]) == .eight)
        #expect(ColorSupport.detect(colors: 0, environment: [:]) == .monochrome)
    }
}
