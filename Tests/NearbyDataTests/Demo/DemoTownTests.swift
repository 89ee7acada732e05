import Foundation
import Testing
import TestSupport
import NearbyCore
@testable import NearbyData

struct DemoTownTests {
    /// Every place of a generated town, by id.
    private func allPlaces(_ database: AppDatabase, count: Int) throws -> [Place] {
        let store = LocalPlacesStore(database: database)
        let page = try store.fetchPage(PlaceQuery(center: DemoTown.center, radius: 200_000, limit: count + 10))
        return page.hits.map(\.place).sorted { $0.id.description < $1.id.description }
    }

    private func town(places: Int) async throws -> AppDatabase {
        let database = try AppDatabase.inMemory()
        try await DemoTown.generate(into: database, places: places)
        return database
    }

    private func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("nearby-demo-\(UUID().uuidString)")
    }

    @Test func sameCountMakesTheSameTown() async throws {
        let first = try await town(places: 300)
        let second = try await town(places: 300)
        let firstPlaces = try allPlaces(first, count: 300)
        #expect(firstPlaces.count == 300)
        #expect(firstPlaces == (try allPlaces(second, count: 300)))
        let firstFriends = try await LocalFriendsRepository(database: first).listFriends()
        let secondFriends = try await LocalFriendsRepository(database: second).listFriends()
        #expect(firstFriends == secondFriends)
    }

    @Test func everyCategoryIsThereAndMostPlacesLieWithinTwoKilometres() async throws {
        let database = try await town(places: 500)
        let store = LocalPlacesStore(database: database)
        let totals = try store.fetchCategoryTotals()
        // The town's categories: those added to the app later are not in it, so the town stays as made.
        #expect(Set(totals.keys) == Set(DemoVocabulary.townCategories))
        #expect(totals.values.reduce(0, +) == 500)
        let near = try store.fetchCategoryCounts(near: DemoTown.center, radius: 2_000)
        #expect(Set(near.keys) == Set(DemoVocabulary.townCategories), "the default radius shows every category")
        #expect(near.values.reduce(0, +) > 350)
    }

    @Test func hoursCoverPastMidnightAroundTheClockSeasonalOffAndUnreadable() async throws {
        let places = try allPlaces(try await town(places: 200), count: 200)
        let texts = places.compactMap { place -> String? in
            if case .osm(let text) = place.openingHours { return text }
            return nil
        }
        #expect(texts.contains("Fr-Sa 18:00-03:00"))
        #expect(texts.contains("24/7"))
        #expect(texts.contains { $0.hasPrefix("Apr-Oct") })
        #expect(texts.contains { $0.contains(" off") })
        let unreadable = texts.filter { !OpeningHours(osm: $0).isReadable }
        #expect(!unreadable.isEmpty)
        #expect(Set(unreadable).isSubset(of: Set(DemoVocabulary.unreadableHours)),
                "only the deliberately unreadable texts fail to parse: \(Set(unreadable))")
        #expect(places.contains { $0.openingHours == nil })
    }

    @Test func placesHaveThePlausibleFieldsOnSomeAndAreLabelledAsDemo() async throws {
        let places = try allPlaces(try await town(places: 500), count: 500)
        #expect(places.allSatisfy { $0.id.source == .demo && $0.attribution == DemoTownGenerator.attribution })
        #expect(places.allSatisfy { $0.address.city == DemoTown.name && $0.address.street != nil })
        #expect(places.contains { $0.phone != nil } && places.contains { $0.phone == nil })
        #expect(places.contains { $0.website != nil } && places.contains { $0.email != nil })
        #expect(places.contains { $0.rating != nil && $0.ratingCount != nil } && places.contains { $0.rating == nil })
        #expect(places.filter { $0.category == .restaurant }.contains { $0.cuisine != nil })
        #expect(places.contains { $0.priceLevel != nil } && places.contains { $0.wheelchair != nil })
        #expect(places.allSatisfy { ($0.rating ?? 3).isFinite && (0...5).contains($0.rating ?? 3) })
    }

    @Test func friendsWithAndWithoutLocations() async throws {
        let friends = try await LocalFriendsRepository(database: try await town(places: 50)).listFriends()
        #expect(friends.count >= 10)
        #expect(friends.contains { $0.coordinate != nil })
        #expect(friends.contains { $0.coordinate == nil && $0.placeName != nil })
        #expect(friends.contains { $0.coordinate == nil && $0.placeName == nil })
        for friend in friends {
            if let coordinate = friend.coordinate {
                #expect(coordinate.distance(to: DemoTown.center) < 10_000)
            }
        }
    }

    @Test func theTownAndItsDistrictsResolveAsNear() async throws {
        let store = LocalPlacesStore(database: try await town(places: 50))
        let here = try store.resolveNear("demo town")
        #expect(here.name == DemoTown.name)
        #expect(here.coordinate == DemoTown.center)
        #expect(try store.resolveNear("Millbrook").name == "Millbrook")
    }

    @Test func fileIsGeneratedOnceAndAgainWhenTheCountChanges() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await DemoTown.open(in: folder, places: 120)
        #expect(first.wasGenerated)
        #expect(first.name == "Demo town")
        #expect(try LocalPlacesStore(database: first.database).fetchCount(near: first.center, radius: 100_000,
                                                                          category: nil) == 120)
        let again = try await DemoTown.open(in: folder, places: 120)
        #expect(!again.wasGenerated)
        let other = try await DemoTown.open(in: folder, places: 80)
        #expect(other.wasGenerated)
        #expect(try LocalPlacesStore(database: other.database).fetchCount(near: other.center, radius: 100_000,
                                                                          category: nil) == 80)
        #expect(try await LocalFriendsRepository(database: other.database).listFriends().count
            == DemoTownGenerator(center: DemoTown.center, placeCount: 80).friends().count,
                "friends are not added twice")
        #expect(!FileManager.default.fileExists(atPath: DataLocation.storeFile(in: folder).path),
                "the user's store is never created")
    }

    @Test func withoutACountTheTownThereIsReusedWhateverItsSize() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await DemoTown.open(in: folder, places: 120)
        let reused = try await DemoTown.open(in: folder)
        #expect(!reused.wasGenerated)
        #expect(reused.placeCount == 120)
        #expect(try LocalPlacesStore(database: reused.database).fetchCount(near: reused.center, radius: 100_000,
                                                                           category: nil) == 120)
    }

    @Test func withoutACountAndWithoutAUsableTownTheDefaultOneIsMade() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("not a database at all".utf8).write(to: DemoTown.file(in: folder))
        let town = try await DemoTown.open(in: folder)
        #expect(town.wasGenerated)
        #expect(town.placeCount == DemoTown.defaultPlaceCount)
    }

    @Test func aDamagedFileIsReplaced() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("not a database at all".utf8).write(to: DemoTown.file(in: folder))
        let town = try await DemoTown.open(in: folder, places: 30)
        #expect(town.wasGenerated)
        #expect(try LocalPlacesStore(database: town.database).fetchIsEmpty() == false)
    }

    @Test(arguments: [0, -5, DemoTown.maximumPlaceCount + 1])
    func countsOutOfRangeAreRefusedWithASentence(count: Int) async throws {
        await #expect(throws: PlacesError.self) {
            _ = try await DemoTown.open(in: temporaryFolder(), places: count)
        }
    }

    @Test(.computeBound) func hundredThousandPlacesGenerate() async throws {
        let database = try await town(places: 100_000)
        let store = LocalPlacesStore(database: database)
        #expect(try store.fetchCategoryTotals().values.reduce(0, +) == 100_000)
        #expect(try store.fetchPage(PlaceQuery(center: DemoTown.center, radius: 2_000, limit: 20)).hits.count == 20)
    }
}
