import NearbyCore
import TerminalView

/// The one sanitiser for text a command prints: the TUI's rules (`TextSanitizer`: escape sequences, C0 and
/// C1 controls, bidi overrides and line separators become visible placeholders) after dropping the invisible
/// characters names carry (`InvisibleCharacters`). Every message that quotes data or a file name, on standard
/// output or standard error, passes through here.
enum TerminalText {
    /// `text` from a user, a file or a service, safe to print on one line.
    static func safe(_ text: String) -> String {
        TextSanitizer.sanitize(InvisibleCharacters.stripped(text))
    }

    /// “text”, safe: how messages quote what the user gave or the data holds.
    static func quoted(_ text: String) -> String {
        "“\(safe(text))”"
    }

    /// Each line of `text` made safe, the line breaks kept (for multi-line messages from libraries).
    static func safeLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { safe(String($0)) }
            .joined(separator: "\n")
    }
}
