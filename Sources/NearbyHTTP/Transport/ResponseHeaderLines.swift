/// The header fields of an HTTP answer, gathered line by line as the transport reads them. Only the last
/// response's fields are kept: a redirect's or an interim `100 Continue`'s are dropped when the next status
/// line arrives. Names are lower-cased; repeated fields are joined with ", ".
struct ResponseHeaderLines {
    private(set) var fields: [String: String] = [:]
    private var lastName: String?

    /// Adds one raw line (its CR LF included or not).
    mutating func add(_ line: some Collection<UInt8>) {
        var text = String(decoding: line, as: UTF8.self)
        while let last = text.last, last == "\r" || last == "\n" || last == "\r\n" { text.removeLast() }
        if text.hasPrefix("HTTP/") {
            fields = [:]
            lastName = nil
            return
        }
        guard !text.isEmpty else { return }
        if let first = text.first, first == " " || first == "\t" {
            // An obsolete folded line continues the previous field's value.
            if let lastName, let value = fields[lastName] {
                fields[lastName] = value + " " + Self.trimmed(Substring(text))
            }
            return
        }
        guard let colon = text.firstIndex(of: ":") else { return }
        let name = Self.trimmed(text[..<colon]).lowercased()
        guard !name.isEmpty else { return }
        let value = Self.trimmed(text[text.index(after: colon)...])
        if let existing = fields[name] {
            fields[name] = existing + ", " + value
        } else {
            fields[name] = value
        }
        lastName = name
    }

    private static func trimmed(_ text: Substring) -> String {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
