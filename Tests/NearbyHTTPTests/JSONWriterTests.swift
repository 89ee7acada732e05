import Foundation
import NearbyCore
import Testing
@testable import NearbyHTTP

@Suite("JSONWriter")
struct JSONWriterTests {
    @Test("strings are escaped so that any text parses back unchanged", arguments: [
        "plain", "quote \" and backslash \\", "line\nbreak\r\ttab", "\u{1B}[2J\u{07}\u{0}\u{7F}", "Zoë 東京 🎉",
        "\u{2028}\u{2029}",
    ])
    func strings(text: String) throws {
        var writer = JSONWriter()
        writer.string(text)
        #expect(try JSONValue.parse(writer.data) == .string(text))
    }

    @Test("escapes land exactly where they belong: at the start, the end, side by side and between runs")
    func escapeRuns() {
        let cases: [(String, String)] = [
            ("", #""""#),
            ("\"", #""\"""#),
            ("\"a\\", #""\"a\\""#),
            ("ab\n\ncd", #""ab\n\ncd""#),
            ("\u{1}x\u{7F}", #""\u0001x\u007f""#),
            ("Zoë\t東京", "\"Zoë\\t東京\""),
            (String(repeating: "long run ", count: 40) + "\"", "\"" + String(repeating: "long run ", count: 40) + "\\\"\""),
        ]
        for (text, expected) in cases {
            var writer = JSONWriter()
            writer.string(text)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == expected, "\(text.debugDescription)")
        }
    }

    @Test("dates are ISO 8601 in UTC, as Foundation writes them", arguments: [
        0.0, 951_782_400, 951_868_799.9, 4_107_542_400, -1, -86_400 * 365.25 * 30, 1_795_000_000, 253_402_300_799,
    ])
    func dates(seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        var writer = JSONWriter()
        writer.iso8601(date)
        let expected = date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: 0) ?? .current))
        #expect(try JSONValue.parse(writer.data) == .string(expected))
    }

    @Test("non-finite numbers become null")
    func numbers() throws {
        var writer = JSONWriter()
        writer.raw("[")
        writer.number(47.141)
        writer.raw(",")
        writer.number(.nan)
        writer.raw(",")
        writer.integer(-42)
        writer.raw("]")
        #expect(try JSONValue.parse(writer.data) == .array([.number(47.141), .null, .integer(-42)]))
    }

    @Test(arguments: [Int64.min, Int64.min + 1, -1_000_001, -9, 0, 7, 10, 1_000_000_000_000, Int64.max])
    func integersAreWrittenAsSwiftWritesThem(value: Int64) {
        var writer = JSONWriter()
        writer.integer(value)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
    }

    @Test func textFromBytesIsEscapedAsAString() {
        var bytes = JSONWriter(), string = JSONWriter()
        let text = "Café \"Sonne\" \\ \u{1}\ttab 👋"
        Array(text.utf8).withUnsafeBytes { bytes.string(utf8: $0) }
        string.string(text)
        #expect(bytes.bytes == string.bytes)
    }
}
