/// Splits `opening_hours` text into tokens, accepting the sloppy forms people write (en dashes, `8.30`,
/// lowercase, stray spaces). Internal to the parser.
enum OpeningToken: Hashable, Sendable {
    /// Letters, lowercased ("mo", "dec", "off").
    case word(String)
    /// A bare number and how many digits it was written with ("01" → (1, 2)).
    case number(Int, digits: Int)
    /// `08:00`, `8.30`: hours and minutes as written (hours may pass 24).
    case time(Int, Int)
    case dash, comma, semicolon, fallback, plus, slash, colon, openBracket, closeBracket, openParen, closeParen
    /// A quoted comment, without its quotes.
    case comment(String)
    /// `24/7`.
    case always
}

struct OpeningHoursLexer {
    struct Failure: Error {}

    static func tokens(_ text: String) throws(Failure) -> [OpeningToken] {
        let scalars = Array(text.unicodeScalars)
        var tokens: [OpeningToken] = []
        var index = 0

        func digits(from start: Int) -> (value: Int, count: Int) {
            var value = 0, count = 0, i = start
            while i < scalars.count, let digit = asciiDigit(scalars[i]), count < 9 {
                value = value * 10 + digit
                count += 1
                i += 1
            }
            return (value, count)
        }

        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.properties.isWhitespace {
                index += 1
                continue
            }
            if asciiDigit(scalar) != nil {
                let whole = digits(from: index)
                var next = index + whole.count
                // 24/7
                if whole.value == 24, whole.count == 2, next + 1 < scalars.count, scalars[next] == "/",
                   scalars[next + 1] == "7", next + 2 >= scalars.count || asciiDigit(scalars[next + 2]) == nil {
                    tokens.append(.always)
                    index = next + 2
                    continue
                }
                // 08:00, 8.30
                if next + 1 < scalars.count, scalars[next] == ":" || scalars[next] == ".",
                   asciiDigit(scalars[next + 1]) != nil {
                    let minutes = digits(from: next + 1)
                    guard minutes.count == 2, whole.count <= 2 else { throw Failure() }
                    tokens.append(.time(whole.value, minutes.value))
                    next += 1 + minutes.count
                } else {
                    tokens.append(.number(whole.value, digits: whole.count))
                }
                index = next
                continue
            }
            if isLetter(scalar) {
                var word = String.UnicodeScalarView()
                while index < scalars.count, isLetter(scalars[index]) {
                    word.append(scalars[index])
                    index += 1
                }
                tokens.append(.word(String(word).lowercased()))
                // "Mo.-Fr.": a dot closing an abbreviation is noise.
                if index < scalars.count, scalars[index] == "." { index += 1 }
                continue
            }
            if let close = closingQuote(for: scalar) {
                var comment = String.UnicodeScalarView()
                index += 1
                while index < scalars.count, scalars[index] != close {
                    comment.append(scalars[index])
                    index += 1
                }
                guard index < scalars.count else { throw Failure() }
                index += 1
                tokens.append(.comment(String(comment)))
                continue
            }
            switch scalar {
            case "-", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2212}":
                tokens.append(.dash)
            case ",": tokens.append(.comma)
            case ";": tokens.append(.semicolon)
            case "+": tokens.append(.plus)
            case "/": tokens.append(.slash)
            case ":": tokens.append(.colon)
            case "[": tokens.append(.openBracket)
            case "]": tokens.append(.closeBracket)
            case "(": tokens.append(.openParen)
            case ")": tokens.append(.closeParen)
            case "|":
                guard index + 1 < scalars.count, scalars[index + 1] == "|" else { throw Failure() }
                tokens.append(.fallback)
                index += 1
            default:
                throw Failure()
            }
            index += 1
        }
        return tokens
    }

    private static func asciiDigit(_ scalar: Unicode.Scalar) -> Int? {
        ("0"..."9").contains(scalar) ? Int(scalar.value) - 48 : nil
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func closingQuote(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar {
        case "\"": "\""
        case "\u{201C}": "\u{201D}"
        case "\u{201E}": "\u{201C}"
        default: nil
        }
    }
}
