/// The escaping rules of vCard text values (RFC 6350 §3.4, RFC 2426 §5).
enum VCardText {
    private static let backslash = UInt8(ascii: "\\")

    /// Resolves `\n`, `\N`, `\,`, `\;`, `\\` (and, leniently, a backslash before any other character).
    static func unescape(_ text: Substring) -> String {
        guard text.utf8.contains(backslash) else { return String(text) }
        var result = String()
        result.reserveCapacity(text.utf8.count)
        var escaping = false
        for scalar in text.unicodeScalars {
            if escaping {
                escaping = false
                switch scalar {
                case "n", "N": result.unicodeScalars.append("\n")
                default: result.unicodeScalars.append(scalar)
                }
            } else if scalar == "\\" {
                escaping = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        // A lone backslash at the end is kept: it escapes nothing.
        if escaping { result.unicodeScalars.append("\\") }
        return result
    }

    /// Without the spaces and tabs around it. (Foundation's trimming is many times slower, and a file of
    /// 100,000 cards trims a million values.)
    static func trim(_ text: Substring) -> String {
        let utf8 = text.utf8
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end, utf8[start] == 0x20 || utf8[start] == 0x09 { start = utf8.index(after: start) }
        while start < end {
            let before = utf8.index(before: end)
            guard utf8[before] == 0x20 || utf8[before] == 0x09 else { break }
            end = before
        }
        return String(text[start..<end])
    }

    /// Whether `text` equals `upper` (upper-case ASCII) in any case.
    static func equalsIgnoringASCIICase(_ text: Substring, _ upper: String) -> Bool {
        text.utf8.count == upper.utf8.count && hasPrefixIgnoringASCIICase(text, upper)
    }

    /// Whether `text` starts with `upper` (upper-case ASCII) in any case.
    static func hasPrefixIgnoringASCIICase(_ text: Substring, _ upper: String) -> Bool {
        var index = text.utf8.startIndex
        for expected in upper.utf8 {
            guard index < text.utf8.endIndex else { return false }
            let byte = text.utf8[index]
            let folded = byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
            guard folded == expected else { return false }
            index = text.utf8.index(after: index)
        }
        return true
    }

    /// Splits a structured value at each `separator` that is not escaped; the parts stay escaped.
    static func split(_ text: Substring, at separator: Unicode.Scalar) -> [Substring] {
        let separatorByte = UInt8(separator.value)
        var parts: [Substring] = []
        var start = text.startIndex
        var escaping = false
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text.utf8[index]
            if escaping {
                escaping = false
            } else if byte == backslash {
                escaping = true
            } else if byte == separatorByte {
                parts.append(text[start..<index])
                start = text.utf8.index(after: index)
            }
            index = text.utf8.index(after: index)
        }
        parts.append(text[start..<text.endIndex])
        return parts
    }

    /// Escapes a text value for writing. Line breaks become `\n`; other control characters are dropped,
    /// since vCard has no way to carry them and they would break the readers of the file.
    static func escape(_ text: String) -> String {
        var result = String()
        result.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": result += "\\\\"
            case ",": result += "\\,"
            case ";": result += "\\;"
            case "\r": result += "\\n"
            case "\n": if !previousWasCR { result += "\\n" }
            case "\t": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
