import FoundationEssentials
import Glibc
import NearbyCore

/// The config file: `key = "value"` lines, a small subset of TOML.
///
/// Blank lines and `#` comments (also after a value) are allowed; values are double-quoted strings with
/// TOML's escapes, or single-quoted literal strings. Two tables follow the settings: `[keys]` (an action's
/// keys by its name, one string or a list of strings: `move_down = ["j", "down"]`, `places.sort = "o"`) and
/// `[colors]` (a role's style: `selection = "black on yellow bold"`). Anything else — other tables, bare
/// values, unknown or repeated keys, control characters — is an error naming the line, so a typo never goes
/// unnoticed.
struct ConfigFile: Equatable {
    /// One value and the line it was read from.
    struct Entry: Equatable {
        var value: String
        var line: Int
    }

    /// One line of a table: its key, its values (a list in `[keys]`, one in `[colors]`) and its line.
    struct TableEntry: Equatable {
        var key: String
        var values: [String]
        var line: Int
    }

    /// The tables the file may hold after its settings.
    enum Table: String, CaseIterable {
        case keys, colors
    }

    /// Files larger than this are not read: a config file is a few lines.
    static let sizeLimit = 64 * 1024

    /// The path shown in messages.
    let path: String
    private(set) var entries: [SettingKey: Entry] = [:]
    /// The lines of `[keys]` and `[colors]`, in file order.
    private(set) var tables: [Table: [TableEntry]] = [:]

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
        var table: Table?
        var tableLines: [Table: Int] = [:]
        for (index, line) in body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let number = index + 1
            do throws(LineError) {
                if let header = try Self.tableHeader(line.unicodeScalars) {
                    if let earlier = tableLines[header] {
                        throw LineError("[\(header.rawValue)] appears twice (lines \(earlier) and \(number))")
                    }
                    tableLines[header] = number
                    table = header
                    continue
                }
                if let table {
                    guard let (key, values, isList) = try Self.parse(line.unicodeScalars, inTable: true) else { continue }
                    if SettingKey(rawValue: key) != nil {
                        throw LineError("“\(key)” is a setting: settings go above the first table "
                                        + "([\(table.rawValue)] starts on line \(tableLines[table] ?? 0))")
                    }
                    if table == .colors, isList {
                        throw LineError("a colour is one quoted style, such as \(key) = \"white on blue bold\"")
                    }
                    if let earlier = tables[table]?.first(where: { $0.key == key }) {
                        throw LineError("“\(key)” is set twice in [\(table.rawValue)] (lines \(earlier.line) and \(number))")
                    }
                    tables[table, default: []].append(TableEntry(key: key, values: values, line: number))
                    continue
                }
                guard let (key, values, _) = try Self.parse(line.unicodeScalars, inTable: false) else {
                    continue
                }
                guard values.count == 1, let value = values.first else {
                    throw LineError("“\(key)” takes one quoted value, not a list")
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

    /// The table a `[name]` line opens, nil for any other line.
    private static func tableHeader(_ line: Substring.UnicodeScalarView) throws(LineError) -> Table? {
        var rest = line
        skipBlanks(&rest)
        guard rest.first == "[" else { return nil }
        rest.removeFirst()
        var name = ""
        while let scalar = rest.first, scalar != "]" {
            guard !isControl(scalar) else { throw LineError("a table's name may not hold control characters") }
            name.unicodeScalars.append(scalar)
            rest.removeFirst()
        }
        guard rest.popFirst() == "]" else { throw LineError("the table's name has no closing “]”") }
        skipBlanks(&rest)
        if let next = rest.first, next != "#" { throw LineError("unexpected text after [\(name)]") }
        let trimmed = name.trimmingBlanks()
        guard let table = Table(rawValue: trimmed) else {
            throw LineError("unknown table [\(trimmed)]; the tables are [keys] and [colors]")
        }
        return table
    }

    /// The key and values of one line, or nil for a blank or comment line. A table's keys may name a screen
    /// ("places.sort") and its values may be a list (["j", "down"]).
    private static func parse(_ line: Substring.UnicodeScalarView, inTable: Bool)
        throws(LineError) -> (key: String, values: [String], isList: Bool)? {
        var rest = line
        skipBlanks(&rest)
        guard let first = rest.first, first != "#" else { return nil }
        var key = ""
        while let scalar = rest.first, isKeyScalar(scalar) || (inTable && scalar == ".") {
            key.unicodeScalars.append(scalar)
            rest.removeFirst()
        }
        guard !key.isEmpty else {
            if first == "\"" || first == "'" { throw LineError("keys are written without quotes: places.sort = \"o\"") }
            throw LineError("expected a key such as source = \"overpass\"")
        }
        skipBlanks(&rest)
        guard rest.first == "=" else { throw LineError("expected “=” after “\(key)”") }
        rest.removeFirst()
        skipBlanks(&rest)
        var values: [String] = []
        let isList = inTable && rest.first == "["
        if isList {
            rest.removeFirst()
            skipBlanks(&rest)
            while rest.first != "]" {
                guard let value = try quoted(&rest, key: key) else {
                    throw LineError("the list of “\(key)” has no closing “]”")
                }
                values.append(value)
                skipBlanks(&rest)
                if rest.first == "," {
                    rest.removeFirst()
                    skipBlanks(&rest)
                } else if rest.first != "]" {
                    throw LineError("write the list of “\(key)” as [\"a\", \"b\"]")
                }
            }
            rest.removeFirst()
            if values.isEmpty { throw LineError("the list of “\(key)” is empty") }
        } else {
            guard let value = try quoted(&rest, key: key) else { throw LineError("“\(key)” has no value") }
            values = [value]
        }
        skipBlanks(&rest)
        if let next = rest.first, next != "#" { throw LineError("unexpected text after the value of “\(key)”") }
        return (key, values, isList)
    }

    /// A quoted value at the start of `rest`; nil at the end of the line.
    private static func quoted(_ rest: inout Substring.UnicodeScalarView, key: String) throws(LineError) -> String? {
        switch rest.first {
        case "\""?:
            rest.removeFirst()
            return try basicString(&rest)
        case "'"?:
            rest.removeFirst()
            return try literalString(&rest)
        case nil:
            return nil
        default:
            throw LineError("values are quoted: \(key) = \"…\"")
        }
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
