import Foundation
import NearbyCore
import NearbyData
import NearbyRemote
import NearbyServer
import Testing

/// The app's `--source service` provider against a real service over a local store.
@Suite("ServicePlacesProvider")
struct ServicePlacesProviderTests {
    static let center = Coordinate(latitude: 47.1410, longitude: 9.5209)

    static func places() -> [Place] {
        (0..<120).map { index in
            let category: NearbyCore.Category = index % 3 == 0 ? .cafe : (index % 3 == 1 ? .restaurant : .pharmacy)
            return Place(id: PlaceID(source: .osm, sourceID: "n\(index + 1)"),
                         name: index == 7 ? "Café \u{1B}[2JAmadeus" : "Place \(index)", category: category,
                         coordinate: Coordinate(latitude: 47.1410 + Double(index) * 0.0002, longitude: 9.5209 + Double(index % 7) * 0.0003),
                         address: Address(street: "Städtle", houseNumber: "\(index)", city: "Vaduz"),
                         phone: "+423 555 \(index)", openingHours: .osm("Mo-Su 08:00-18:00"), cuisine: index % 3 == 1 ? "italian" : nil,
                         attribution: LocalPlacesStore.openStreetMapAttribution)
        }
    }

    /// A service over a store holding `places()`, and the store itself.
    static func service(token: String? = nil) async throws -> (NearbyService, URL, LocalPlacesStore, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-svc-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let database = try AppDatabase.open(at: folder.appendingPathComponent("nearby.sqlite"))
        let store = LocalPlacesStore(database: database)
        try store.importPlaces { writer in for place in places() { try writer.upsert(place) } }
        let service = try NearbyService(backend: LocalServiceBackend(database: database), port: 0, token: token)
        let port = try await service.start()
        return (service, try #require(URL(string: "http://127.0.0.1:\(port)")), store, folder)
    }

    @Test("pages, counts and details come back as the store has them, cleaned of control characters")
    func sameAsTheStore() async throws {
        let (service, url, store, folder) = try await Self.service(token: "t")
        let provider = ServicePlacesProvider(baseURL: url, token: "t")
        for category in [nil, NearbyCore.Category.cafe] {
            var query = PlaceQuery(center: Self.center, radius: 5_000, category: category, limit: 25)
            var remote: [PlaceHit] = [], cursor: PageCursor?
            repeat {
                let page = try await provider.places(query, after: cursor)
                remote += page.hits
                cursor = page.next
                #expect(page.attributions == [LocalPlacesStore.openStreetMapAttribution])
            } while cursor != nil
            query.limit = 500
            let local = try await store.places(query, after: nil).hits
            #expect(remote.map(\.place.id) == local.map(\.place.id))
            #expect(zip(remote, local).allSatisfy { abs($0.distance - $1.distance) < 0.06 })
            #expect(try await provider.count(near: Self.center, radius: 5_000, category: category)
                    == (try await store.count(near: Self.center, radius: 5_000, category: category)))
        }
        let hostile = try await provider.place(id: PlaceID(source: .osm, sourceID: "n8"), from: Self.center)
        #expect(!hostile.place.name.unicodeScalars.contains("\u{1B}"))
        let detail = try await provider.place(id: PlaceID(source: .osm, sourceID: "n2"), from: Self.center)
        let stored = try await store.place(id: PlaceID(source: .osm, sourceID: "n2"), from: Self.center)
        #expect(detail.place == stored.place)
        // A search reaches the store through the service and finds what the store finds.
        for text in ["amad", "place 11"] {
            let query = PlaceQuery(center: Self.center, radius: 5_000, searchText: text, limit: 50)
            let searched = try await provider.places(query, after: nil).hits.map(\.place.id)
            #expect(searched == (try await store.places(query, after: nil).hits.map(\.place.id)), "\(text)")
            if text == "place 11" { #expect(!searched.isEmpty) }
        }
        await #expect(throws: PlacesError.notFound) {
            try await provider.place(id: PlaceID(source: .osm, sourceID: "n999"), from: Self.center)
        }
        await service.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    @Test("a live source: exact counts, pages never capped, and decoration from what it received, without a request")
    func liveSourceRules() async throws {
        let (service, url, store, folder) = try await Self.service()
        let provider = ServicePlacesProvider(baseURL: url)
        #expect(provider.isLive)
        let list = PlaceQuery(center: Self.center, radius: 5_000, category: .cafe, limit: 10)
        let page = try await provider.places(list, after: nil)
        #expect(!page.isCapped)
        #expect(page.hits.count == 10)
        let count = try await provider.count(PlaceQuery(center: Self.center, radius: 5_000, category: .cafe, reach: .overview))
        #expect(count == PlaceCount(try await store.count(near: Self.center, radius: 5_000, category: .cafe)))
        // The service goes away: what the list received still answers a held-only query, nearest first, and
        // nothing is asked of the network (it would fail).
        await service.stop()
        var decoration = PlaceQuery(center: Self.center, radius: 5_000, category: .cafe, limit: 50, reach: .heldOnly)
        let held = try await provider.places(decoration, after: nil)
        #expect(held.hits.map(\.place.id) == page.hits.map(\.place.id))
        decoration.category = .pharmacy
        #expect(try await provider.places(decoration, after: nil).hits.isEmpty)
        try? FileManager.default.removeItem(at: folder)
    }

    @Test("failures become the errors the screens show: refused without the token, network when down")
    func failures() async throws {
        let (service, url, _, folder) = try await Self.service(token: "t")
        let query = PlaceQuery(center: Self.center, radius: 1_000, limit: 5)
        await #expect(throws: PlacesError.self) { try await ServicePlacesProvider(baseURL: url).places(query, after: nil) }
        do {
            _ = try await ServicePlacesProvider(baseURL: url, token: "wrong").places(query, after: nil)
        } catch {
            guard case .refused = error else { Issue.record("\(error)"); return }
        }
        await service.stop()
        do {
            _ = try await ServicePlacesProvider(baseURL: url, token: "t", timeout: .seconds(5)).places(query, after: nil)
            Issue.record("a stopped service answered")
        } catch {
            guard case .network = error else { Issue.record("\(error)"); return }
        }
        try? FileManager.default.removeItem(at: folder)
    }
}
