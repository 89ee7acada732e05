import FoundationEssentials
import Glibc

/// The config file: `key = "value"` lines, a small subset of TOML.
///
/// Blank lines and `#` comments (also after a value) are allowed; values are double-quoted strings with
/// TOML's escapes, or single-quoted literal strings. Anything else — tables, bare values, unknown or repeated
/// keys, control characters — is an error naming the line, so a typo never goes unnoticed.
struct ConfigFile: Equatable {
    /// One value and the line it was read from.
    struct Entry: Equatable {
        var value: String
        var line: Int
    }

    /// Files larger than this are not read: a config file is a few lines.
    static let sizeLimit = 64 * 1024

    /// The path shown in messages.
    let path: String
    private(set) var entries: [SettingKey: Entry] = [:]

    /// Reads the file at `url`; nil when there is none.
    static func load(from url: URL) throws(SettingsError) -> ConfigFile? {
        let bytes: [UInt8]
        do {
            // Only a file that is not there means "no config file": a link that loops or points nowhere is
            // a mistake worth saying.
            bytes = try FileSystem.read(url.path, limit: sizeLimit)
        } catch {
            var info = stat()
            if error.kind == .missing {
                if lstat(url.path, &info) != 0 { return nil }
                throw SettingsError("Cannot read \(url.path): it is a link to nothing.")
            }
            // A folder on the way that may not be entered hides whether there is a file at all: none is read.
            if lstat(url.path, &info) != 0, errno == EACCES { return nil }
            if error.kind == .tooLarge {
                throw SettingsError("\(url.path) is larger than \(sizeLimit / 1024) KB; it is not a config file.")
            }
            throw SettingsError("Cannot read \(url.path): \(error.reason).")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SettingsError("\(url.path) is not UTF-8 text.")
        }
        return try ConfigFile(parsing: text, path: url.path)
    }

    init(parsing text: String, path: String) throws(SettingsError) {
        self.path = path
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        for (index, line) in body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let number = index + 1
            do throws(LineError) {
                guard let (key, value) = try Self.parse(line.unicodeScalars) else {
                    continue
                }
                guard let setting = SettingKey(rawValue: key) else {
                    let known = SettingKey.allCases.map(\.fileKey).joined(separator: ", ")
                    throw LineError("unknown key “\(key)”; known keys: \(known)")
                }
                if let earlier = entries[setting] {
                    throw LineError("“\(key)” is set twice (lines \(earlier.line) and \(number))")
                }
                entries[setting] = Entry(value: value, line: number)
            } catch {
                throw SettingsError("\(path) line \(number): \(error.reason).")
            }
        }
    }

    /// Where `key`'s value came from, for messages: "/home/a/.config/nearby/config.toml line 3".
    func origin(of key: SettingKey) -> String? {
        entries[key].map { "\(path) line \($0.line)" }
    }

    // MARK: - One line

    private struct LineError: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The key and value of one line, or nil for a blank or comment line.
    private static func parse(_ line: Substring.UnicodeScalarView) throws(LineError) -> (String, String)? {
        var rest = line
        skipBlanks(&rest)
        guard let first = rest.first, first != "#" else { return nil }
        if first == "[" { throw LineError("tables ([…]) are not used; write key = \"value\" lines") }
        var key = ""
        while let scalar = rest.first, isKeyScalar(scalar) {
            key.unicodeScalars.append(scalar)
            rest.removeFirst()
        }
        guard !key.isEmpty else { throw LineError("expected a key such as source = \"overpass\"") }
        skipBlanks(&rest)
        guard rest.first == "=" else { throw LineError("expected “=” after “\(key)”") }
        rest.removeFirst()
        skipBlanks(&rest)
        let value: String
        switch rest.first {
        case "\""?:
            rest.removeFirst()
            value = try basicString(&rest)
        case "'"?:
            rest.removeFirst()
            value = try literalString(&rest)
        case nil:
            throw LineError("“\(key)” has no value")
        default:
            throw LineError("values are quoted: \(key) = \"…\"")
        }
        skipBlanks(&rest)
        if let next = rest.first, next != "#" { throw LineError("unexpected text after the value of “\(key)”") }
        return (key, value)
    }

    private static func basicString(_ rest: inout Substring.UnicodeScalarView) throws(LineError) -> String {
        var value = String.UnicodeScalarView()
        while let scalar = rest.popFirst() {
            switch scalar {
            case "\"":
                return String(value)
            case "\\":
                guard let escape = rest.popFirst() else { throw LineError("the value ends inside an escape") }
                switch escape {
                case "\"": value.append("\"")
                case "\\": value.append("\\")
                case "u", "U":
                    let count = escape == "u" ? 4 : 8
                    let digits = String(String.UnicodeScalarView(rest.prefix(count)))
                    guard digits.count == count, let code = UInt32(digits, radix: 16),
                          let decoded = Unicode.Scalar(code) else {
                        throw LineError("\\\(escape) wants \(count) hex digits of a Unicode character")
                    }
                    rest.removeFirst(count)
                    guard !isControl(decoded) else { throw LineError("values may not hold control characters") }
                    value.append(decoded)
                case "b", "t", "n", "f", "r":
                    throw LineError("values may not hold control characters")
                default:
                    throw LineError("unknown escape \\\(isControl(escape) ? "?" : String(escape))")
                }
            default:
                guard !isControl(scalar) else { throw LineError("values may not hold control characters") }
                value.append(scalar)
            }
        }
        throw LineError("the value has no closing quote")
    }

    private static func literalString(_ rest: inout Substring.UnicodeScalarView) throws(LineError) -> String {
        var value = String.UnicodeScalarView()
        while let scalar = rest.popFirst() {
            if scalar == "'" { return String(value) }
            guard !isControl(scalar) else { throw LineError("values may not hold control characters") }
            value.append(scalar)
        }
        throw LineError("the value has no closing quote")
    }

    private static func skipBlanks(_ rest: inout Substring.UnicodeScalarView) {
        while let scalar = rest.first, scalar == " " || scalar == "\t" { rest.removeFirst() }
    }

    private static func isKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-": true
        default: false
        }
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
