import Foundation
import NearbyCore
@testable import NearbyServer
import Testing

@Suite("PostGIS page cursors")
struct PlacesCursorTests {
    typealias Cursor = PostgresPlacesStore.Cursor

    @Test("ties order by the ids' UTF-8 bytes, as PostgreSQL's COLLATE \"C\" does")
    func byteOrder() {
        func cursor(_ id: String) -> Cursor { Cursor(distance: 10, id: id, spot: nil) }
        #expect(cursor("osm:n10") < cursor("osm:n2"))
        #expect(cursor("osm:n2") < cursor("osm:w1"))
        #expect(Cursor(distance: 9, id: "osm:n9", spot: nil) < cursor("osm:n1"))
        // Canonically equivalent, so equal as Strings, but two ids to PostgreSQL: "e" + U+0301 (65 CC 81)
        // sorts before "é" (C3 A9) there, and must here.
        let decomposed = cursor("osm:e\u{301}"), precomposed = cursor("osm:\u{e9}")
        #expect(decomposed.id == precomposed.id)
        #expect(decomposed < precomposed)
        #expect(!(precomposed < decomposed))
        #expect(decomposed != precomposed)
    }

    @Test("a cursor carries the last place's spot; both formats are read, anything else refused")
    func tokens() throws {
        let spot = Coordinate(latitude: 47.14, longitude: 9.5078125)
        let made = Cursor(distance: 591.25, id: "osm:n1:x", spot: spot)
        let read = try Cursor(made.token)
        #expect(read.distance == 591.25)
        #expect(read.id == "osm:n1:x")
        #expect(read.spot == spot)
        let older = try Cursor(PageCursor(token: "p1:\(String(591.25.bitPattern, radix: 16)):osm:n7"))
        #expect(older.id == "osm:n7")
        #expect(older.spot == nil)
        let bits = { (value: Double) in String(value.bitPattern, radix: 16) }
        for token in ["", "p1", "p1:0:", "p1:zz:osm:n1", "p3:0:osm:n1", "d1:0:5",
                      "p2:0:\(bits(47)):osm:n1", "p2:0:\(bits(91)):\(bits(9)):osm:n1",
                      "p2:0:\(bits(.nan)):\(bits(9)):osm:n1", "p2:\(bits(.infinity)):\(bits(47)):\(bits(9)):osm:n1",
                      "p2:0:\(bits(47)):\(bits(9)):"] {
            #expect(!Cursor.isValid(PageCursor(token: token)), "\(token)")
        }
    }
}
