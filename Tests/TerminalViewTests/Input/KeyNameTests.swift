import Testing
@testable import TerminalView

/// Keys by the names the config file writes them with.
struct KeyNameTests {
    @Test func namesReadBackAsTheirKeys() {
        let keys: [Key] = [.character("j"), .character("G"), .character("/"), .character("+"), .character("é"),
                           .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .enter, .escape, .backspace,
                           .delete, .tab, .backTab, .insert, .function(5), .function(12), .control("n"),
                           .character(" ")]
        for key in keys { #expect(Key(name: key.name) == key, "\(key.name)") }
    }

    @Test func spellingsPeopleUse() {
        #expect(Key(name: "ESC") == .escape)
        #expect(Key(name: "Return") == .enter)
        #expect(Key(name: "PageDown") == .pageDown)
        #expect(Key(name: "page_up") == .pageUp)
        #expect(Key(name: "Ctrl-N") == .control("n"))
        #expect(Key(name: "F1") == .function(1))
        #expect(Key(name: "space") == .character(" "))
    }

    @Test func whatIsNoKey() {
        for name in ["", " ", "foo", "ctrl-1", "ctrl-", "ctrl-ab", "f0", "f25", "\u{7}", "alt-x"] {
            #expect(Key(name: name) == nil, "\(name)")
        }
    }
}
