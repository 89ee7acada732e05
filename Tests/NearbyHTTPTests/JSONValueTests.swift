import Foundation
import Testing
import NearbyHTTP

@Suite("JSONValue and UntrustedText")
struct JSONValueTests {
    @Test("reads every kind of value, keeping big integers exact")
    func kinds() throws {
        let value = try JSONValue.parse(Data(#"{"a":[1,2.5,"x",true,null],"big":9007199254740993}"#.utf8))
        #expect(value["a"] == .array([.integer(1), .number(2.5), .string("x"), .bool(true), .null]))
        #expect(value["big"]?.integerValue == 9_007_199_254_740_993)
        #expect(value["missing"] == nil)
        #expect(JSONValue.string("42").integerValue == 42)
        #expect(JSONValue.number(42.5).integerValue == nil)
    }

    @Test("garbage, truncation and deep nesting fail as .badBody, never crash", arguments: [
        Data("not json".utf8), Data(#"{"a":"#.utf8), Data([0xFF, 0xFE, 0x00]), Data(),
    ])
    func garbage(data: Data) {
        #expect(throws: HTTPFailure.self) { try JSONValue.parse(data) }
    }

    @Test("100,000 levels of nesting fail as .badBody rather than overflow the stack")
    func deepNesting() {
        let data = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(throws: HTTPFailure.self) { try JSONValue.parse(data) }
    }

    @Test("non-finite numbers encode as null")
    func nonFinite() {
        #expect(String(decoding: JSONValue.array([.number(.nan), .number(.infinity)]).encoded(), as: UTF8.self)
                    == "[null,null]")
    }

    @Test("control characters and escape sequences become U+FFFD; huge text is refused")
    func untrusted() {
        #expect(UntrustedText.clean("Anna") == "Anna")
        #expect(UntrustedText.clean("\u{1B}[2JAnna\u{07}") == "\u{FFFD}[2JAnna\u{FFFD}")
        #expect(UntrustedText.clean("a\u{9B}31mb\u{202E}c") == "a\u{FFFD}31mb\u{FFFD}c")
        #expect(UntrustedText.clean(String(repeating: "x", count: 10 << 20)) == nil)
        #expect(UntrustedText.clean(String(repeating: "é", count: 1_001)) == nil)
        #expect(UntrustedText.clean(String(repeating: "é", count: 1_000)) != nil)
    }
}
