import FoundationEssentials
import NearbyCore
import NearbyData
import NearbyRemote
import Testing
@testable import NearbyServer
import NearbyHTTP

/// The friends list's JSON from PostgreSQL's records must be `FriendJSON`'s for the same friend, byte for byte,
/// also for what the API's checks keep out but a database may still hold (rows written by other tools).
@Suite("FriendRowsJSON")
struct FriendRowsJSONTests {
    /// `friend` as the list query's record: the fields `FriendRowsJSON.query` selects, in its order.
    private static func record(_ friend: Friend, createdMicros: Int64, updatedMicros: Int64) -> [UInt8] {
        var fields: [(UInt32, [UInt8]?)] = [(20, be(UInt64(bitPattern: friend.id)))]
        fields += [(25, Array(friend.firstName.utf8)), (25, Array(friend.lastName.utf8)),
                   (25, Array(friend.phoneNumber.utf8)), (25, friend.email.map { Array($0.utf8) })]
        fields += [(701, friend.coordinate.map { be($0.latitude.bitPattern) }),
                   (701, friend.coordinate.map { be($0.longitude.bitPattern) })]
        fields += [(25, friend.placeName.map { Array($0.utf8) })]
        let epoch: Int64 = 946_684_800 * 1_000_000
        fields += [(1184, be(UInt64(bitPattern: createdMicros - epoch))), (1184, be(UInt64(bitPattern: updatedMicros - epoch)))]
        fields += [(25, Array(friend.otherPhones.joined(separator: "\n").utf8))]
        var bytes = withUnsafeBytes(of: UInt32(fields.count).bigEndian) { Array($0) }
        for (oid, value) in fields {
            bytes += withUnsafeBytes(of: oid.bigEndian) { Array($0) }
            bytes += withUnsafeBytes(of: UInt32(bitPattern: Int32(value?.count ?? -1)).bigEndian) { Array($0) }
            bytes += value ?? []
        }
        return bytes
    }

    private static func be(_ value: UInt64) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }

    private static func written(_ record: [UInt8]) throws -> [UInt8] {
        var writer = JSONWriter()
        try record.withUnsafeBytes { try FriendRowsJSON.write($0, into: &writer) }
        return writer.bytes
    }

    @Test("the same bytes as FriendJSON", arguments: [
        (Int64(1_764_000_000_123_456), Int64(1_764_000_001_999_999)),
        (Int64(-1_500_000), Int64(-1)),             // before 1970: whole seconds round down
        (Int64(0), Int64(253_402_300_799_000_000)), // the last second of 9999
    ])
    func sameBytes(micros: (Int64, Int64)) throws {
        let date = { (micros: Int64) in Date(timeIntervalSince1970: Double(micros) / 1_000_000) }
        let friends = [
            Friend(id: 7, firstName: "Zoë", lastName: "O'Brien", phoneNumber: "+423 555 0101", email: "z@example.org",
                   coordinate: Coordinate(latitude: 47, longitude: -0.0), placeName: "Café \"Sonne\" \\ 2"),
            Friend(id: Int64.max, firstName: "Tab\tEsc\u{1B}[31m", lastName: "Del\u{7F}Bell\u{07}\u{08}\u{0C}",
                   phoneNumber: "\u{9B}2J line\nfeed\r", coordinate: Coordinate(latitude: -33.8675, longitude: 151.207)),
            Friend(id: -3, firstName: "李", lastName: "小龙 👋", phoneNumber: "1", placeName: "Vaduz"),
            Friend(id: 9, firstName: "Cher", lastName: "", phoneNumber: "+1 555.123.4567",
                   otherPhones: ["0711/123456", "x\"12\\"]),
        ]
        for var friend in friends {
            friend.createdAt = date(micros.0)
            friend.updatedAt = date(micros.1)
            let bytes = try Self.written(Self.record(friend, createdMicros: micros.0, updatedMicros: micros.1))
            #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: FriendJSON.data(of: friend), as: UTF8.self))
        }
    }

    @Test("infinite timestamps and a record of other fields are answered without a crash")
    func edges() throws {
        let friend = Friend(id: 1, firstName: "A", lastName: "B", phoneNumber: "1")
        for micros in [Int64.max, Int64.min] {
            var record = Self.record(friend, createdMicros: 0, updatedMicros: 0)
            // The update time's 8 bytes, before the empty other numbers (8 bytes of header): PostgreSQL's infinity
            // is the extreme value itself.
            record.replaceSubrange((record.count - 16)..<(record.count - 8), with: Self.be(UInt64(bitPattern: micros)))
            let text = String(decoding: try Self.written(record), as: UTF8.self)
            #expect(text.hasSuffix("Z\"}"))
        }
        var wrongType = Self.record(friend, createdMicros: 0, updatedMicros: 0)
        wrongType[7] = 23  // the id's OID: int4, not int8
        #expect(throws: BinaryRecord.Malformed.self) { _ = try Self.written(wrongType) }
    }
}
