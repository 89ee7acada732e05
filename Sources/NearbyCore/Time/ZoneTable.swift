/// The zone database's table of zones (zone.tab): the country each zone serves and its principal place.
/// It tells `nearby hours` which holidays and which sky apply when no place is given.
public struct ZoneTable: Sendable {
    public struct Entry: Hashable, Sendable {
        /// ISO 3166 alpha-2 ("LI").
        public var country: String
        public var latitude: Double
        public var longitude: Double
    }

    private let entries: [String: Entry]

    /// The table in `directory`'s zone.tab; empty when it cannot be read.
    public init(directory: String = ZoneRules.systemDirectory) {
        self.init(text: SmallFile.contents(directory + "/zone.tab").map { String(decoding: $0, as: UTF8.self) } ?? "")
    }

    /// Reads zone.tab's lines: "LI<TAB>+4709+00931<TAB>Europe/Vaduz".
    public init(text: String) {
        var entries: [String: Entry] = [:]
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, fields[0].count == 2, let position = Self.position(String(fields[1])) else { continue }
            entries[String(fields[2])] = Entry(country: String(fields[0]), latitude: position.0, longitude: position.1)
        }
        self.entries = entries
    }

    public func entry(forZone identifier: String) -> Entry? { entries[identifier] }

    /// "+4709+00931" or "+470900+0093100" as degrees.
    static func position(_ text: String) -> (Double, Double)? {
        let scalars = Array(text.unicodeScalars)
        guard let split = scalars.indices.dropFirst().first(where: { scalars[$0] == "+" || scalars[$0] == "-" }) else {
            return nil
        }
        guard let latitude = angle(scalars[..<split], degreeDigits: 2),
              let longitude = angle(scalars[split...], degreeDigits: 3) else { return nil }
        return (latitude, longitude)
    }

    private static func angle(_ part: ArraySlice<Unicode.Scalar>, degreeDigits: Int) -> Double? {
        guard let sign = part.first, sign == "+" || sign == "-" else { return nil }
        let digits = part.dropFirst().compactMap { $0.properties.numericType == nil ? nil : Int($0.value) - 48 }
        guard digits.count == part.count - 1, digits.count == degreeDigits + 2 || digits.count == degreeDigits + 4,
              digits.allSatisfy({ (0...9).contains($0) }) else { return nil }
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + digits[$1] } }
        var value = Double(number(0..<degreeDigits)) + Double(number(degreeDigits..<(degreeDigits + 2))) / 60
        if digits.count == degreeDigits + 4 { value += Double(number((degreeDigits + 2)..<(degreeDigits + 4))) / 3600 }
        return sign == "-" ? -value : value
    }
}
