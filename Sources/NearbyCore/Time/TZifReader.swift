/// Reads a TZif file (RFC 8536, versions 1 to 4): the transition table, the offsets and the footer's POSIX
/// rule for the years after the table.
enum TZifReader {
    static func rules(from bytes: [UInt8], identifier: String) throws(ZoneError) -> ZoneRules {
        func fail(_ reason: String) -> ZoneError { .malformed(identifier, reason: reason) }
        var reader = ByteReader(bytes: bytes)
        guard let first = reader.header() else { throw fail("not a TZif file") }
        guard first.version != 0 else {
            return try table(&reader, header: first, timeSize: 4, identifier: identifier, footer: nil)
        }
        // Version 2 and later repeat the table with 64-bit times; skip the 32-bit one.
        guard reader.skip(first.dataLength(timeSize: 4)), let second = reader.header() else {
            throw fail("the file is cut short")
        }
        var wide = reader
        guard wide.skip(second.dataLength(timeSize: 8)) else { throw fail("the file is cut short") }
        var footer: POSIXZoneRule?
        if let text = wide.footer(), !text.isEmpty {
            guard let rule = POSIXZoneRule(text) else { throw fail("its rule \"\(text)\" is not a POSIX TZ string") }
            footer = rule
        }
        return try table(&reader, header: second, timeSize: 8, identifier: identifier, footer: footer)
    }

    private static func table(_ reader: inout ByteReader, header: Header, timeSize: Int, identifier: String,
                              footer: POSIXZoneRule?) throws(ZoneError) -> ZoneRules {
        func fail(_ reason: String) -> ZoneError { .malformed(identifier, reason: reason) }
        guard header.typeCount > 0, header.typeCount <= 256 else { throw fail("it has no local time types") }
        var transitions: [Int] = []
        transitions.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount {
            guard let time = timeSize == 8 ? reader.int64() : reader.int32() else { throw fail("the file is cut short") }
            if let last = transitions.last, time <= last { throw fail("its transitions are out of order") }
            transitions.append(time)
        }
        var indices: [UInt8] = []
        indices.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount {
            guard let index = reader.byte(), Int(index) < header.typeCount else { throw fail("a transition has no type") }
            indices.append(index)
        }
        var types: [(seconds: Int, isDST: Bool, nameIndex: Int)] = []
        for _ in 0..<header.typeCount {
            guard let seconds = reader.int32(), let dst = reader.byte(), let nameIndex = reader.byte(),
                  abs(seconds) < 26 * 3600 else { throw fail("a local time type is damaged") }
            types.append((seconds, dst != 0, Int(nameIndex)))
        }
        guard let names = reader.take(header.charCount).map(Array.init) else { throw fail("the file is cut short") }
        let offsets = types.map { type in
            var end = type.nameIndex
            while end < names.count, names[end] != 0 { end += 1 }
            let name = type.nameIndex < names.count ? String(decoding: names[type.nameIndex..<end], as: UTF8.self) : ""
            return ZoneOffset(seconds: type.seconds, isDaylightSaving: type.isDST, abbreviation: name)
        }
        return ZoneRules(identifier: identifier, transitions: transitions, offsetIndices: indices, offsets: offsets,
                         initial: offsets[0], tail: footer)
    }

    struct Header {
        var version: UInt8
        var utcCount: Int, standardCount: Int, leapCount: Int, timeCount: Int, typeCount: Int, charCount: Int

        func dataLength(timeSize: Int) -> Int {
            timeCount * timeSize + timeCount + typeCount * 6 + charCount + leapCount * (timeSize + 4)
                + standardCount + utcCount
        }
    }

    struct ByteReader {
        let bytes: [UInt8]
        var index = 0

        mutating func header() -> Header? {
            guard let magic = take(4), Array(magic) == Array("TZif".utf8), let version = byte(),
                  skip(15) else { return nil }
            var counts: [Int] = []
            for _ in 0..<6 {
                guard let count = int32(), count >= 0, count < 1_000_000 else { return nil }
                counts.append(count)
            }
            let versionNumber: UInt8 = version == 0 ? 0 : version &- 48
            return Header(version: versionNumber, utcCount: counts[0], standardCount: counts[1],
                          leapCount: counts[2], timeCount: counts[3], typeCount: counts[4], charCount: counts[5])
        }

        /// The text between the newlines after the 64-bit table.
        mutating func footer() -> String? {
            guard byte() == 10 else { return nil }
            var text: [UInt8] = []
            while let next = byte(), next != 10 {
                text.append(next)
                if text.count > 256 { return nil }
            }
            return String(decoding: text, as: UTF8.self)
        }

        mutating func skip(_ count: Int) -> Bool {
            guard count >= 0, index + count <= bytes.count else { return false }
            index += count
            return true
        }

        mutating func byte() -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
            guard count >= 0, index + count <= bytes.count else { return nil }
            defer { index += count }
            return bytes[index..<(index + count)]
        }

        mutating func int32() -> Int? {
            guard let slice = take(4) else { return nil }
            let value = slice.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return Int(Int32(bitPattern: value))
        }

        mutating func int64() -> Int? {
            guard let slice = take(8) else { return nil }
            let value = slice.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return Int(Int64(bitPattern: value))
        }
    }
}
