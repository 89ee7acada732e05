import Testing
@testable import NearbyCore

@Suite("Search folding")
struct SearchFoldingTests {
    @Test(arguments: [
        ("Café", "cafe"), ("ROLF", "rolf"), ("Rølf", "rolf"), ("Ærø", "aero"), ("Straße", "strasse"),
        ("Łódź", "lodz"), ("Œuvre", "oeuvre"), ("Þór", "thor"), ("Đorđe", "dorde"), ("İstanbul", "istanbul"),
        ("ﬁsh", "fish"), ("ＡＢＣ１", "abc1"), ("Ångström", "angstrom"), ("ñandú", "nandu"), ("Zoë 李", "zoe 李"),
        ("l’Aldosa", "l'aldosa"), ("D‘Artagnan", "d'artagnan"), ("Hawaiʻi", "hawai'i"), ("Пётр", "петр"),
    ])
    func foldsLettersAUserCannotType(text: String, folded: String) {
        #expect(SearchFolding.fold(text) == folded)
    }

    @Test func keepsScriptsWithoutAccentsComposed() {
        // Decomposition splits a Hangul syllable into letters; folding must give the syllable back.
        #expect(SearchFolding.fold("한국") == "한국")
        #expect(SearchFolding.fold("東京") == "東京")
        #expect(SearchFolding.fold("Москва") == "москва")
    }

    @Test func theFullTextFoldKeepsWhatTheIndexKeeps() {
        // SQLite's unicode61 tokenizer removes accents but keeps ø, æ, ß and ł: its queries must too.
        #expect(SearchFolding.foldAccents("Café Rølf Straße") == "cafe rølf straße")
        #expect(SearchFolding.foldAccents("CAFÉ") == "cafe")
    }

    @Test func separatorsSurvive() {
        #expect(SearchFolding.fold("Rølf\u{1F}Ærø\u{1F}+423") == "rolf\u{1F}aero\u{1F}+423")
    }
}
