/// One unfolded line of a card: `[group.]NAME[;PARAM=value,…]:value`.
struct VCardContentLine {
    /// The property name, upper-cased, without its group prefix.
    var name: String
    /// Parameters with upper-cased names; values keep their case, quotes removed.
    /// A bare vCard 2.1 parameter (`TEL;CELL:`) is read as a `TYPE`.
    var parameters: [(name: String, values: [String])]
    /// The raw value, still escaped.
    var value: Substring

    private static let colon = UInt8(ascii: ":")
    private static let semicolon = UInt8(ascii: ";")
    private static let equals = UInt8(ascii: "=")
    private static let comma = UInt8(ascii: ",")
    private static let quote = UInt8(ascii: "\"")
    private static let dot = UInt8(ascii: ".")

    /// The property name of a line, upper-cased, or nil when the line does not start with one.
    /// Cheap, so that properties nobody reads (photos, sounds) are never decoded.
    static func propertyName(of bytes: [UInt8]) -> (name: String, end: Int)? {
        var index = 0
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        var start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == colon || byte == semicolon { break }
            if byte == dot { start = index + 1 } else if !isNameByte(byte) { return nil }
            index += 1
        }
        guard index < bytes.count, index > start else { return nil }
        return (String(decoding: bytes[start..<index], as: UTF8.self).uppercased(), index)
    }

    /// Whether the value after a bare property name (`BEGIN:`, `END:`) is `VCARD`, in any case.
    static func valueIsVCard(_ bytes: [UInt8], nameEnd: Int) -> Bool {
        guard nameEnd < bytes.count, bytes[nameEnd] == colon else { return false }
        var start = nameEnd + 1
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        guard end - start == 5 else { return false }
        // ASCII letters only; OR-ing 0x20 lower-cases them.
        return bytes[start] | 0x20 == 0x76 && bytes[start + 1] | 0x20 == 0x63 && bytes[start + 2] | 0x20 == 0x61
            && bytes[start + 3] | 0x20 == 0x72 && bytes[start + 4] | 0x20 == 0x64
    }

    /// Parses a whole line; nil when it has no property name or no `:`.
    static func parse(_ bytes: [UInt8]) -> VCardContentLine? {
        guard let (name, nameEnd) = propertyName(of: bytes) else { return nil }
        var parameters: [(name: String, values: [String])] = []
        var index = nameEnd
        while index < bytes.count, bytes[index] == semicolon {
            index += 1
            let parameterStart = index
            while index < bytes.count, bytes[index] != equals, bytes[index] != semicolon, bytes[index] != colon {
                index += 1
            }
            guard index < bytes.count else { return nil }
            let parameterName = String(decoding: bytes[parameterStart..<index], as: UTF8.self).uppercased()
            if bytes[index] != equals {
                if !parameterName.isEmpty { parameters.append((name: "TYPE", values: [parameterName])) }
                continue
            }
            index += 1
            var values: [String] = []
            while true {
                guard index < bytes.count else { return nil }
                let valueStart: Int
                let valueEnd: Int
                if bytes[index] == quote {
                    valueStart = index + 1
                    index = valueStart
                    while index < bytes.count, bytes[index] != quote { index += 1 }
                    guard index < bytes.count else { return nil }
                    valueEnd = index
                    index += 1
                } else {
                    valueStart = index
                    while index < bytes.count, bytes[index] != comma, bytes[index] != semicolon,
                          bytes[index] != colon {
                        index += 1
                    }
                    valueEnd = index
                }
                values.append(String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self))
                guard index < bytes.count else { return nil }
                if bytes[index] == comma { index += 1 } else { break }
            }
            parameters.append((name: parameterName, values: values))
        }
        guard index < bytes.count, bytes[index] == colon else { return nil }
        var line = VCardContentLine(name: name, parameters: parameters, value: "")
        line.value = line.decodeValue(bytes[(index + 1)...])[...]
        return line
    }

    /// Every value of the parameters called `name` (upper-case).
    func values(of parameterName: String) -> [String] {
        parameters.filter { $0.name == parameterName }.flatMap(\.values)
    }

    /// The upper-cased `TYPE`s, 3.0 and 4.0 style alike (`TYPE=a;TYPE=b`, `TYPE=a,b`, `TYPE="a,b"`).
    var types: Set<String> {
        if parameters.isEmpty { return [] }
        return Set(values(of: "TYPE").flatMap { $0.uppercased().split(separator: ",").map(String.init) })
    }

    /// Whether one of the `TYPE`s is `type` (upper-case); cheaper than building `types`.
    func hasType(_ type: String) -> Bool {
        for parameter in parameters where parameter.name == "TYPE" {
            for value in parameter.values {
                for part in value.split(separator: ",") where VCardText.equalsIgnoringASCIICase(part, type) {
                    return true
                }
            }
        }
        return false
    }

    /// How strongly the card prefers this value: `PREF=1` is the strongest (4.0), `TYPE=pref` counts as 1 (3.0);
    /// nil when it says nothing.
    var preference: Int? {
        var best: Int?
        for parameter in parameters where parameter.name == "PREF" {
            for value in parameter.values {
                if let pref = Int(value), pref < (best ?? .max) { best = pref }
            }
        }
        if best == nil, hasType("PREF") { best = 1 }
        return best
    }

    /// Whether the value is declared a URI (`VALUE=uri`).
    var isURI: Bool {
        !parameters.isEmpty && values(of: "VALUE").contains { VCardText.equalsIgnoringASCIICase($0[...], "URI") }
    }

    /// The value as text: vCard 2.1's quoted-printable undone, and Latin-1 read as such; UTF-8 otherwise.
    private func decodeValue(_ raw: ArraySlice<UInt8>) -> String {
        if parameters.isEmpty { return String(decoding: raw, as: UTF8.self) }
        let quotedPrintable = values(of: "ENCODING").contains {
            VCardText.equalsIgnoringASCIICase($0[...], "QUOTED-PRINTABLE")
        } || hasType("QUOTED-PRINTABLE")
        let bytes = quotedPrintable ? Self.decodeQuotedPrintable(raw) : Array(raw)
        let latin1 = values(of: "CHARSET").contains {
            ["ISO-8859-1", "LATIN1", "WINDOWS-1252"].contains($0.uppercased())
        }
        if latin1 {
            var text = String.UnicodeScalarView()
            for byte in bytes { text.append(Unicode.Scalar(byte)) }
            return String(text)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `=C3=96` → the bytes C3 96; a `=` not followed by two hex digits stays as it is.
    static func decodeQuotedPrintable(_ raw: ArraySlice<UInt8>) -> [UInt8] {
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x37
            case 0x61...0x66: byte - 0x57
            default: nil
            }
        }
        var result: [UInt8] = []
        result.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            if byte == equals, index + 2 < raw.endIndex, let high = hex(raw[index + 1]),
               let low = hex(raw[index + 2]) {
                result.append(high << 4 | low)
                index += 3
            } else {
                result.append(byte)
                index += 1
            }
        }
        return result
    }

    /// Whether a line declares quoted-printable encoding, looking only at what precedes the value.
    static func declaresQuotedPrintable(_ bytes: [UInt8]) -> Bool {
        let marker = Array("QUOTED-PRINTABLE".utf8)
        guard let colonIndex = bytes.firstIndex(of: colon), colonIndex >= marker.count else { return false }
        var start = 0
        while start + marker.count <= colonIndex {
            var matches = true
            for offset in 0..<marker.count {
                let byte = bytes[start + offset]
                let upper = byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
                if upper != marker[offset] { matches = false; break }
            }
            if matches { return true }
            start += 1
        }
        return false
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x2D || byte == 0x5F
    }
}
