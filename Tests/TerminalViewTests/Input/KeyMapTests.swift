import Testing
@testable import TerminalView

struct KeyMapTests {
    enum Action: Equatable { case move, open, quit, help }

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

    @Test func statusBarShowsMessageThenHintsThatFit() {
        let buffer = CellBuffer(size: Size(width: 30, height: 1))
        let theme = Theme.make(.monochrome)
        StatusBar.draw(in: buffer, rect: buffer.bounds,
                       hints: [KeyHint(keys: "↑↓", summary: "move"), KeyHint(keys: "enter", summary: "open"),
                               KeyHint(keys: "q", summary: "quit")],
                       message: StatusBarMessage("Saved", kind: .success), theme: theme)
        #expect(buffer.text() == " Saved  ↑↓ move  enter open")
    }

    @Test func themesKeepSelectionVisibleWithoutColour() {
        #expect(Theme.make(.monochrome).selection.attributes.contains(.reverse))
        #expect(ColorSupport.detect(colors: 256, environment: ["NO_COLOR": "1"]) == .monochrome)
        #expect(ColorSupport.detect(colors: 256, environment: ["NO_COLOR": ""]) == .full)
        #expect(ColorSupport.detect(colors: 8, environment: [:]) == .eight)
        #expect(ColorSupport.detect(colors: 0, environment: [:]) == .monochrome)
    }
}
