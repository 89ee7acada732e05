import NearbyCore
import TerminalView
import TerminalText

/// The one JSON style of the command line's `--json` outputs: keys in snake_case and in a reader's order
/// (not sorted), every key present (null when the data has no value), two-space indents, `"key": value`,
/// coordinates to seven decimals (about a centimetre), other numbers as they are, and every character the
/// terminal would act on escaped (as TextSanitizer would replace them: DEL, C1 controls, bidi overrides,
/// line separators), so that printing it to a terminal is as safe as printing the rows.
indirect enum JSONOutput: Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    static func == (left: JSONOutput, right: JSONOutput) -> Bool {
        left.rendered() == right.rendered()
    }

    /// A string, or null.
    static func text(_ text: String?) -> JSONOutput { text.map { .string($0) } ?? .null }

    /// A number, or null.
    static func decimal(_ value: Double?) -> JSONOutput { value.map { .number($0) } ?? .null }

    /// A whole number, or null.
    static func whole(_ value: Int?) -> JSONOutput { value.map { .int($0) } ?? .null }

    /// A latitude or longitude, rounded to seven decimals.
    static func degrees(_ value: Double?) -> JSONOutput {
        value.map { .number(($0 * 1e7).rounded() / 1e7) } ?? .null
    }

    /// A distance in whole metres or a bearing in whole degrees: always an integer, never "12.0" beside "12".
    static func rounded(_ value: Double) -> JSONOutput {
        value.isFinite && value.magnitude < 1e15 ? .int(Int(value.rounded())) : .null
    }

    /// A walk's minutes as the rows say them: whole minutes, at least 1 for any walk at all, 0 for none.
    static func walkMinutes(metres: Double, pace: WalkingPace = .standard) -> JSONOutput {
        guard metres.isFinite, metres >= 0 else { return .null }
        return .int(metres > 0 ? max(1, Int(pace.minutes(for: metres).rounded())) : 0)
    }

    /// The text, ending in a newline.
    func rendered() -> String {
        var out = ""
        write(into: &out, indent: 0)
        return out + "\n"
    }

    private func write(into out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .number(let value): out += Self.numberText(value)
        case .string(let text): Self.writeString(text, into: &out)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                item.write(into: &out, indent: indent + 2)
                out += index + 1 < items.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let fields):
            guard !fields.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (index, (key, value)) in fields.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                Self.writeString(key, into: &out)
                out += ": "
                value.write(into: &out, indent: indent + 2)
                out += index + 1 < fields.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }

    /// Whole numbers without ".0"; others in Swift's shortest form that reads back the same; JSON has no
    /// NaN or infinity, so those are null.
    private static func numberText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value.rounded() == value, value.magnitude < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// `text` as a JSON string literal, quotes included.
    static func quoted(_ text: String) -> String {
        var out = ""
        writeString(text, into: &out)
        return out
    }

    private static func writeString(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if TextSanitizer.placeholder(for: scalar) != nil {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
