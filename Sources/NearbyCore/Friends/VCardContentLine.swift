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
        let value = String(decoding: bytes[(index + 1)...], as: UTF8.self)
        return VCardContentLine(name: name, parameters: parameters, value: value[...])
    }

    /// Every value of the parameters called `name` (upper-case).
    func values(of parameterName: String) -> [String] {
        parameters.filter { $0.name == parameterName }.flatMap(\.values)
    }

    /// The upper-cased `TYPE`s, 3.0 and 4.0 style alike (`TYPE=a;TYPE=b`, `TYPE=a,b`, `TYPE="a,b"`).
    var types: Set<String> {
        Set(values(of: "TYPE").flatMap { $0.uppercased().split(separator: ",").map(String.init) })
    }

    /// How strongly the card prefers this value: `PREF=1` is the strongest (4.0), `TYPE=pref` counts as 1 (3.0);
    /// nil when it says nothing.
    var preference: Int? {
        if let pref = values(of: "PREF").compactMap({ Int($0) }).min() { return pref }
        return types.contains("PREF") ? 1 : nil
    }

    /// Whether the value is declared a URI (`VALUE=uri`).
    var isURI: Bool {
        values(of: "VALUE").contains { $0.lowercased() == "uri" }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x2D || byte == 0x5F
    }
}
