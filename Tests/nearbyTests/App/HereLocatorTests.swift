import Foundation
import NearbyCore
import NearbyData
import Testing
@testable import nearby

/// What Home's `L` moves to: a coordinate alone, a town of the store, or one position from gpsd.
struct HereLocatorTests {
    /// Says the updates it was given, then stays silent until the listener stops.
    struct ScriptedGPS: PositionSource {
        let script: [PositionUpdate]

        func updates() -> AsyncStream<PositionUpdate> {
            AsyncStream { continuation in
                for update in script { continuation.yield(update) }
            }
        }
    }

    private func locator(_ gps: [PositionUpdate] = []) throws -> HereLocator {
        let store = LocalPlacesStore(database: try AppDatabase.inMemory())
        return HereLocator(gazetteer: StoreGazetteer(store: store), gps: ScriptedGPS(script: gps),
                           gpsPatience: .milliseconds(300))
    }

    @Test func aSouthernCoordinateIsTakenAsItIsWithoutAName() async throws {
        let answer = try await locator().locate("-33.87,151.21")
        #expect(answer == .found(name: "", coordinate: Coordinate(latitude: -33.87, longitude: 151.21)))
    }

    @Test func gpsTakesTheFirstFixAfterWaitingOutNoFix() async throws {
        let fix = GPSFix(coordinate: Coordinate(latitude: 47.14, longitude: 9.52), accuracy: 8, mode: .threeD)
        let answer = try await locator([.noFix("indoors"), .fix(fix)]).locate(" GPS ")
        #expect(answer == .found(name: "GPS", coordinate: fix.coordinate))
    }

    @Test func gpsWithoutGpsdSaysWhyAndWithoutAFixGivesUp() async throws {
        #expect(try await locator([.unavailable("gpsd is not running at localhost:2947")]).locate("gps")
            == .unavailable("gpsd is not running at localhost:2947"))
        #expect(try await locator([.noFix("indoors")]).locate("gps") == .unavailable("the GPS has no position yet"))
    }

    @Test func aTownTheStoreDoesNotKnowIsUnknown() async throws {
        #expect(try await locator().locate("Atlantis") == .unknown)
    }
}
