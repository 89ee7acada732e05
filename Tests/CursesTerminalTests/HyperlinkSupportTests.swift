import Testing
import TerminalView
@testable import CursesTerminal

/// OSC 8 links go only to terminals that show or ignore them, never to one that prints them raw.
@MainActor
struct HyperlinkSupportTests {
    @Test func hyperlinksAreOffWhereTheTerminalWouldPrintThemRaw() {
        for term in ["xterm-256color", "tmux-256color", "screen", "alacritty", "foot"] {
            #expect(TerminalSession.supportsHyperlinks(term: term), "\(term)")
        }
        for term in ["linux", "dumb", "vt100", "vt220", "", nil] as [String?] {
            #expect(!TerminalSession.supportsHyperlinks(term: term), "\(term ?? "nil")")
        }
        #expect(!TerminalSession(environment: ["TERM": "linux"]).supportsHyperlinks)
        #expect(TerminalSession(environment: ["TERM": "xterm"]).supportsHyperlinks)
    }
}
