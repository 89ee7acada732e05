import NearbyCore

/// Turns what a user typed into an FTS5 query: every word must match the way a word of the name or
/// subtitle starts ("caf amad" finds "Café Amadeus").
///
/// FTS5 answers a prefix fast, and can seek to a key range, only when the prefix has its own index
/// (`prefix = '1 2 3 4 5 6 7 8'`); a longer prefix makes it merge every matching word's list first,
/// 10–20 ms on a million places, and once per key range. So the index is asked for the first
/// `indexedPrefix` letters of each word and `matches(name:subtitle:)` checks longer words whole on the
/// rows found (an 8-letter prefix is rare enough that those are few).
struct FullTextQuery {
    /// The longest prefix the full-text index holds (see `PlacesSchema`).
    static let indexedPrefix = 8

    /// The words, folded as the index's text was (`SearchFolding.fold`, as every search of the app folds:
    /// "пятерочка" finds "Пятёрочка", "strasse" finds "Straße").
    let words: [String]
    /// The MATCH expression: each word cut to `indexedPrefix` letters, quoted, as a prefix.
    let expression: String
    /// Whether some word is longer than the index's prefixes, so rows must be checked.
    let needsCheck: Bool

    /// Nil when `text` holds no word to look for.
    init?(_ text: String) {
        let words = Self.words(of: SearchFolding.fold(text)).prefix(16)
        guard !words.isEmpty else { return nil }
        self.words = Array(words)
        expression = words.map { word in
            // Words are letters and digits only, so quoting cannot be broken out of.
            "\"\(word.prefix(Self.indexedPrefix))\"*"
        }.joined(separator: " ")
        needsCheck = words.contains { $0.count > Self.indexedPrefix }
    }

    /// Whether every word starts a word of `name` or `subtitle`.
    func matches(name: String, subtitle: String) -> Bool {
        let haystack = Self.words(of: SearchFolding.fold(name)) + Self.words(of: SearchFolding.fold(subtitle))
        return words.allSatisfy { word in haystack.contains { $0.hasPrefix(word) } }
    }

    /// Runs of letters and digits, the split the `unicode61` tokenizer makes.
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
