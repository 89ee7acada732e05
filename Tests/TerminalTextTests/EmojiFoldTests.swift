import Glibc
import Testing
@testable import TerminalText

/// Emoji sequences are drawn as scalars whose width every terminal agrees on (the attack's N7), and what
/// `DisplayWidth` counts is what the cell buffer draws.
struct EmojiFoldTests {
    static let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
    /// Each sequence, what is drawn for it, and its columns (as tmux 3.3a's cursor moved after the drawn text;
    /// docs/decisions/terminal-text.md).
    static let sequences: [(text: String, drawn: String, columns: Int)] = [
        (family, "👨", 2),
        ("👍\u{1F3FD}", "👍", 2), // skin tone
        ("1\u{FE0F}\u{20E3}", "1", 1), // keycap
        ("🇱🇮", "LI", 2), // flag
        ("❤\u{FE0F}", "❤", 1), // variation selector
        ("⌚\u{FE0E}", "⌚", 2),
        ("🏳\u{FE0F}\u{200D}🌈", "🏳", 1), // rainbow flag: its first scalar is one column
        ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "🏴", 2), // tag sequence (Scotland)
        ("🧑\u{1F3FD}\u{200D}🚀", "🧑", 2), // skin tone, then a ZWJ
        ("\u{1F3FD}", "\u{1F3FD}", 2), // a lone skin tone is an emoji of its own
        ("Cafe\u{301}", "Cafe\u{301}", 4), // combining marks stay
        ("a\u{200D}b", "ab", 2), // a joiner between letters goes
    ]

    @Test func eachSequenceIsDrawnAsScalarsOfAnAgreedWidth() {
        for sequence in Self.sequences {
            #expect(EmojiFold.folded(sequence.text) == sequence.drawn, "\(sequence.text)")
            #expect(DisplayWidth.of(sequence.text) == sequence.columns, "\(sequence.text)")
            #expect(TextLayout.columns(of: sequence.text) == sequence.columns, "\(sequence.text)")
        }
    }

    @Test func aStringMeasuresAsItsCharactersAddUp() {
        let text = Self.sequences.map(\.text).joined(separator: "x") + Self.family + Self.family + "🇱🇮🇨🇭"
        #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) })
    }

    /// What the fold keeps of the pictographs is as wide as glibc's `wcwidth` says, which tmux follows.
    @Test func theScalarsKeptAreAsWideAsGlibcSays() throws {
        // `wcwidth` is an X/Open function the Glibc module leaves out; glibc itself has it.
        typealias WidthFunction = @convention(c) (wchar_t) -> Int32
        let wcwidth = unsafeBitCast(try #require(dlsym(nil, "wcwidth")), to: WidthFunction.self)
        let locale = try #require(newlocale(Int32(1) << LC_CTYPE, "C.UTF-8", nil))
        defer { freelocale(locale) }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        var compared = 0
        for value in UInt32(0x1F000)...0x1FAFF where !(0x1F1E6...0x1F1FF).contains(value) {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else { continue }
            let glibc = Int(wcwidth(wchar_t(bitPattern: value)))
            guard glibc >= 0 else { continue } // newer than this glibc's tables
            #expect(DisplayWidth.of(scalar) == glibc, "U+\(String(value, radix: 16, uppercase: true))")
            compared += 1
        }
        #expect(compared > 1_500)
    }
}
