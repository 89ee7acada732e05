/// The zone database's table of zones (zone.tab): the country each zone serves and its principal place.
/// It tells `nearby hours` which holidays and which sky apply when no place is given.
public struct ZoneTable: Sendable {
    public struct Entry: Hashable, Sendable {
        /// ISO 3166 alpha-2 ("LI").
        public var country: String
        public var latitude: Double
        public var longitude: Double
    }

    /// The file as read. Every start asks for one zone, so its line is looked for in the bytes when asked
    /// instead of every line being read into strings first (that took a fifth of the app's start).
    private let bytes: [UInt8]

    /// The table in `directory`'s zone.tab; empty when it cannot be read.
    public init(directory: String = ZoneRules.systemDirectory) {
        bytes = SmallFile.contents(directory + "/zone.tab") ?? []
    }

    /// A table from zone.tab's lines: "LI<TAB>+4709+00931<TAB>Europe/Vaduz".
    public init(text: String) {
        bytes = Array(text.utf8)
    }

    public func entry(forZone identifier: String) -> Entry? {
        let wanted = Array(identifier.utf8)
        for var line in bytes.split(separator: UInt8(ascii: "\n")) where line.first != UInt8(ascii: "#") {
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard fields.count >= 3, fields[2].elementsEqual(wanted), fields[0].count == 2,
                  fields[0].allSatisfy(Self.isLetter), let position = Self.position(fields[1]) else { continue }
            return Entry(country: String(decoding: fields[0], as: UTF8.self), latitude: position.0,
                         longitude: position.1)
        }
        return nil
    }

    /// "+4709+00931" or "+470900+0093100" as degrees.
    static func position(_ text: some Collection<UInt8>) -> (Double, Double)? {
        let bytes = Array(text)
        guard let split = bytes.indices.dropFirst().first(where: { Self.isSign(bytes[$0]) }) else { return nil }
        guard let latitude = angle(bytes[..<split], degreeDigits: 2),
              let longitude = angle(bytes[split...], degreeDigits: 3) else { return nil }
        return (latitude, longitude)
    }

    private static func angle(_ part: ArraySlice<UInt8>, degreeDigits: Int) -> Double? {
        guard let sign = part.first, isSign(sign) else { return nil }
        let digits = part.dropFirst().map { Int($0) - Int(UInt8(ascii: "0")) }
        guard digits.count == degreeDigits + 2 || digits.count == degreeDigits + 4,
              digits.allSatisfy({ (0...9).contains($0) }) else { return nil }
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + digits[$1] } }
        var value = Double(number(0..<degreeDigits)) + Double(number(degreeDigits..<(degreeDigits + 2))) / 60
        if digits.count == degreeDigits + 4 { value += Double(number((degreeDigits + 2)..<(degreeDigits + 4))) / 3600 }
        return sign == UInt8(ascii: "-") ? -value : value
    }

    private static func isSign(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") }

    private static func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
}
