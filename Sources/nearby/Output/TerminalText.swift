import NearbyCore
import TerminalView
import TerminalText

/// The one sanitiser for text a command prints: the TUI's rules (`TextSanitizer`: escape sequences, C0 and
/// C1 controls, bidi overrides and line separators become visible placeholders) after dropping the invisible
/// characters names carry (`InvisibleCharacters`). Every message that quotes data or a file name, on standard
/// output or standard error, passes through here.
enum TerminalText {
    /// `text` from a user, a file or a service, safe to print on one line.
    static func safe(_ text: String) -> String {
        TextSanitizer.sanitize(InvisibleCharacters.stripped(text))
    }

    /// Characters of a value a message quotes: enough to recognise it, never a screenful of digits.
    static let quotedLength = 80

    /// “text”, safe and cut to `quotedLength`: how messages quote what the user gave or the data holds.
    static func quoted(_ text: String) -> String {
        let shown = text.count > quotedLength ? text.prefix(quotedLength - 1) + "…" : text
        return "“\(safe(String(shown)))”"
    }

    /// Each line of `text` made safe, the line breaks kept (for multi-line messages from libraries).
    static func safeLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { safe(String($0)) }
            .joined(separator: "\n")
    }
}
