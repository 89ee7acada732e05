import Testing
@testable import NearbyCore

struct EditDistanceTests {
    @Test(arguments: [
        ("vaduz", "vaduz", 0), ("vaduzz", "vaduz", 1), ("shcaan", "schaan", 1), ("escaldas", "escaldes", 1),
        ("triesenberg", "triesen", 4), ("", "abc", 3), ("abc", "", 3), ("ab", "ba", 1),
    ])
    func lettersApart(a: String, b: String, distance: Int) {
        #expect(EditDistance.between(Array(a), Array(b), atMost: 5) == distance)
        #expect(EditDistance.between(Array(b), Array(a), atMost: 5) == distance)
    }

    @Test func stopsOnceBeyondTheLimit() {
        #expect(EditDistance.between(Array("liechtenstein"), Array("vaduz"), atMost: 2) == 3)
        #expect(EditDistance.between(Array("abcdef"), Array("uvwxyz"), atMost: 2) == 3)
    }
}
