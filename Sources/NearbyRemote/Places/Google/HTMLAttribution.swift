import NearbyData
/// Google's legacy `html_attributions` as the text a terminal shows: the tags taken out, the few entities
/// such snippets use read, and a link's address kept after its words ("Listings by X (https://…)"), since
/// Google requires the attribution and its link to be shown. Nothing of the markup reaches the screen.
enum HTMLAttribution {
    static func plainText(_ html: String) -> String {
        var text = ""
        var links: [String] = []
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            text += rest[..<open]
            guard let close = rest[open...].firstIndex(of: ">") else {
                // A "<" that opens no tag is text.
                text += rest[open...]
                rest = ""
                break
            }
            if let link = href(in: rest[rest.index(after: open)..<close]) { links.append(link) }
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        var plain = decodingEntities(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for link in links where !plain.contains(link) {
            plain += plain.isEmpty ? link : " (\(link))"
        }
        return plain
    }

    /// The `href` of an `a` tag's inside (`a href="…"`), when it is a web address.
    private static func href(in tag: Substring) -> String? {
        let words = tag.drop { $0 == " " }
        guard words.lowercased().hasPrefix("a "), let start = words.firstRange(of: "href=") else { return nil }
        var value = words[start.upperBound...]
        guard let quote = value.first, quote == "\"" || quote == "'" else { return nil }
        value = value.dropFirst()
        guard let end = value.firstIndex(of: quote) else { return nil }
        let link = decodingEntities(String(value[..<end]))
        guard link.hasPrefix("https://") || link.hasPrefix("http://") else { return nil }
        return link
    }

    private static let entities = ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'", "&apos;": "'",
                                   "&nbsp;": " "]

    private static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = text
        // `&amp;` last, so "&amp;lt;" reads as "&lt;", not "<".
        for (entity, character) in entities where entity != "&amp;" {
            out = out.replacing(entity, with: character)
        }
        return out.replacing("&amp;", with: "&")
    }
}
