import Testing
@testable import TerminalText

struct DisplayWidthTests {
    @Test func countsColumnsLikeTheTerminal() {
        #expect(DisplayWidth.of("Café") == 4)
        #expect(DisplayWidth.of("Cafe\u{301}") == 4) // combining acute adds nothing
        #expect(DisplayWidth.of("東京") == 4)
        #expect(DisplayWidth.of("한국") == 4)
        #expect(DisplayWidth.of("☕") == 2)
        #expect(DisplayWidth.of("🍕") == 2)
        #expect(DisplayWidth.of("❤\u{FE0F}") == 1) // the variation selector adds no column
        #expect(DisplayWidth.of("ｱ") == 1) // halfwidth katakana
        #expect(DisplayWidth.of("Ａ") == 2) // fullwidth latin
        #expect(DisplayWidth.of("a\u{200B}b") == 2) // zero-width space
        #expect(DisplayWidth.of("\u{1B}[31m") == 4) // ESC itself is 0 here; it is replaced before drawing
    }

    @Test func sanitisesControlsAndEscapes() {
        #expect(TextSanitizer.sanitize("plain") == "plain")
        #expect(TextSanitizer.sanitize("a\u{1B}[2Jb") == "a\u{241B}[2Jb")
        #expect(TextSanitizer.sanitize("tab\there") == "tab\u{2409}here")
        #expect(TextSanitizer.sanitize("x\u{9B}31m") == "x\u{FFFD}31m") // C1 CSI
        #expect(TextSanitizer.sanitize("del\u{7F}") == "del\u{2421}")
        #expect(TextSanitizer.sanitize("rtl\u{202E}txt") == "rtl\u{FFFD}txt")
        #expect(TextSanitizer.sanitize("bell\u{07}") == "bell\u{2407}")
    }

    @Test func truncatesWithEllipsisNeverSplittingWideCharacters() {
        #expect(TextLayout.truncate("Café Amadeus", toWidth: 20) == "Café Amadeus")
        #expect(TextLayout.truncate("Café Amadeus", toWidth: 6) == "Café …")
        #expect(TextLayout.truncate("東京タワー", toWidth: 6) == "東京…") // 4 + 1, never half of タ
        #expect(DisplayWidth.of(TextLayout.truncate("東京タワー", toWidth: 6)) <= 6)
        #expect(TextLayout.truncate("abc", toWidth: 0) == "")
        #expect(TextLayout.fit("ab", width: 4, alignment: .right) == "  ab")
    }

    @Test func truncationNeverCutsAnEmojiSequenceOrAMark() {
        let family = "👨\u{200D}👩\u{200D}👧"
        // The family is drawn as its first face, two columns (`EmojiFold`): 9 columns leave 8 before the "…".
        let cut = TextLayout.truncate("Family \(family) Café", toWidth: 9)
        // The whole family goes, or none of it: never a dangling joiner.
        #expect(cut == "Family …")
        #expect(!cut.unicodeScalars.contains("\u{200D}"))
        #expect(TextLayout.truncate("Cafe\u{301} Amadeus", toWidth: 6) == "Cafe\u{301} …")
        #expect(TextLayout.wrap("\(family)\(family)", width: 3) == [family, family])
    }

    @Test func wrapsAtSpaces() {
        #expect(TextLayout.wrap("Delete Anna Beck from your friends?", width: 16)
                == ["Delete Anna Beck", "from your", "friends?"])
        #expect(TextLayout.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    }

    /// The scalars measured without the Unicode tables measure as the tables say: one column each.
    @Test func theRangesKnownAheadAgreeWithTheUnicodeTables() {
        let known = (0x2000...0x27FF).compactMap { Unicode.Scalar(UInt32($0)) }.filter {
            DisplayWidth.isKnownOneColumn($0.value)
        }
        #expect(known.count == 436, "punctuation, arrows and box drawing")
        for scalar in known {
            #expect(DisplayWidth.measured(scalar) == 1, "U+\(String(scalar.value, radix: 16, uppercase: true))")
        }
        #expect(DisplayWidth.of("’“”—…·↑↓│") == 9)
        #expect(DisplayWidth.of("\u{200B}\u{2060}\u{202E}") == 0, "zero-width and bidi controls stay outside")
    }
}
