/// Turns what a user typed into an FTS5 query: every word must match, the way words start ("caf amad").
enum FullTextQuery {
    /// The MATCH expression for `text`, or nil when it holds no word to look for.
    ///
    /// Words are runs of letters and digits, the same split the `unicode61` tokenizer makes; each is quoted,
    /// so nothing a user types can be read as FTS5 syntax.
    static func expression(for text: String) -> String? {
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
        guard !words.isEmpty else { return nil }
        return words.prefix(16).map { "\"\($0.replacingOccurrences(of: "\"", with: "\"\""))\"*" }
            .joined(separator: " ")
    }
}
