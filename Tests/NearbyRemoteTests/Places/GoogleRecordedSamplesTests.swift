import Foundation
import NearbyCore
import NearbyData
import TestSupport
import Testing
import NearbyRemote

/// The recorded Google responses kept beside the project (`../shared/data/google-places/`), never in it.
enum GoogleSamples {
    static let directory: URL? = {
        // Tests/NearbyDataTests/Places/<file> → the package root, then its neighbours.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [ProcessInfo.processInfo.environment["NEARBY_SHARED_DATA"].map { URL(fileURLWithPath: $0) },
                          root.deletingLastPathComponent().appendingPathComponent("shared/data"),
                          root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data")]
        return candidates.compactMap { $0?.appendingPathComponent("google-places") }
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("PlaceDetailsResponse.json").path) }
    }()

    static func data(_ name: String) throws -> Data {
        guard let directory = directory else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: directory.appendingPathComponent(name))
    }
}

@Suite("Google Places against recorded samples",
       .enabled(if: GoogleSamples.directory != nil, "recorded samples not found in ../shared/data/google-places"))
struct GoogleRecordedSamplesTests {
    static let center = Coordinate(latitude: -33.8670, longitude: 151.1957)

    private func provider(serving name: String) async throws -> (LegacyGooglePlacesProvider, StubServer) {
        let stub = try await StubServer.answering(body: try GoogleSamples.data(name),
                                                  headers: ["Content-Type": "application/json"])
        let google = LegacyGooglePlacesProvider(apiKey: "k", baseURL: stub.url, categorize: { types in
            types.contains("restaurant") ? .restaurant : types.contains("lodging") ? .hotel : nil
        }, searchType: { _ in nil }, tokenDelay: .zero)
        return (google, stub)
    }

    @Test("a nearby search by type: twenty results and a next page")
    func nearbySearch() async throws {
        let (google, stub) = try await provider(serving: "PlacesApiNearbySearchRequestByTypeResponse.json")
        let page = try await google.places(PlaceQuery(center: Self.center, radius: 5000), after: nil)
        #expect(!page.hits.isEmpty)
        #expect(page.hits.count <= 20)
        #expect(page.next != nil)
        #expect(zip(page.hits, page.hits.dropFirst()).allSatisfy { $0.distance <= $1.distance })
        #expect(page.hits.allSatisfy { $0.place.id.source == .google && !$0.place.name.isEmpty })
        #expect(page.hits.contains { $0.place.openingHours != nil })
        await stub.stop()
    }

    @Test("asked for bars, every recorded result Google gives as a bar is listed, whatever its first type")
    func barsAskedForAreBars() async throws {
        let stub = try await StubServer.answering(body: try GoogleSamples.data("PlacesApiNearbySearchRequestByTypeResponse.json"),
                                                  headers: ["Content-Type": "application/json"])
        // Categorised as the app does (`AppServices`).
        let google = LegacyGooglePlacesProvider(apiKey: "k", baseURL: stub.url,
                                                categorize: { CategoryMapping.category(googleTypes: $0) },
                                                searchType: { CategoryMapping.rule(for: $0).googleTypes.first },
                                                tokenDelay: .zero)
        let page = try await google.places(PlaceQuery(center: Self.center, radius: 50_000, category: .bar), after: nil)
        // All twenty carry the type "bar"; six list "restaurant", "cafe" or "travel_agency" first.
        #expect(page.hits.count == 20)
        #expect(page.hits.allSatisfy { $0.place.category == .bar })
        await stub.stop()
    }

    @Test("place details with weekly periods")
    func details() async throws {
        let (google, stub) = try await provider(serving: "PlaceDetailsResponse.json")
        let hit = try await google.place(id: PlaceID(source: .google, sourceID: "x"), from: Self.center)
        guard case .periods(let periods)? = hit.place.openingHours else {
            Issue.record("no periods")
            await stub.stop()
            return
        }
        #expect(periods.count == 5)
        #expect(hit.place.phone != nil)
        #expect(hit.place.website != nil)
        await stub.stop()
    }

    @Test("a permanently closed place and an over-quota answer")
    func closedAndQuota() async throws {
        let (closed, closedStub) = try await provider(serving: "PlaceDetailsResponseForPermanentlyClosedPlace.json")
        await #expect(throws: PlacesError.notFound) {
            try await closed.place(id: PlaceID(source: .google, sourceID: "x"), from: Self.center)
        }
        await closedStub.stop()
        let (quota, quotaStub) = try await provider(serving: "OverQueryLimitResponse.json")
        await #expect(throws: PlacesError.refused("The Google Places quota is used up; try again later.")) {
            try await quota.places(PlaceQuery(center: Self.center, radius: 100), after: nil)
        }
        await quotaStub.stop()
    }
}
