import Foundation
import NearbyCore
@testable import NearbyServer
import Testing

@Suite("Parsed opening hours cache")
struct ParsedHoursCacheTests {
    @Test("gives the hours a fresh read gives, for text and for periods, and stays within its capacity")
    func sameHoursBounded() {
        let cache = ParsedHoursCache(capacity: 2)
        let sources: [OpeningHoursSource] = [
            .osm("Mo-Fr 08:00-18:00"), .osm("24/7"), .osm("not hours at all"),
            .periods([WeeklyPeriod(openDay: 1, openMinute: 540, closeDay: 1, closeMinute: 1020)]),
        ]
        for _ in 0..<2 {
            for source in sources {
                #expect(cache.hours(source) == OpeningHours(source))
                #expect(cache.count <= 2)
            }
        }
        #expect(cache.count >= 1)
    }
}
