import Foundation
import Glibc
import Synchronization
import NearbyCore
import NearbyHTTP
import Testing
import TestSupport
@testable import NearbyData

/// `nearby update` in the store: an extract read again through its feed's changes holds exactly what
/// importing the changed file holds, and every fault leaves the store as it was.
@Suite(.serialized)
final class ExtractUpdateTests {
    private let made: ChangedExtract

    init() async throws {
        made = try await ChangedExtract()
    }

    private func update(_ store: LocalPlacesStore, data: URL) -> ExtractUpdate {
        var update = ExtractUpdate(store: store, dataFolder: data, feedOverride: made.feedURL)
        update.wait = { _ in }
        return update
    }

    private func onlyExtract(_ store: LocalPlacesStore) throws -> StoredExtract {
        try #require(try store.extracts().first)
    }

    @Test func theUpdatedStoreHoldsWhatImportingTheChangedFileHolds() async throws {
        let (expected, _) = try made.store(importing: made.changed, named: "expected")
        let (store, data) = try made.store(importing: made.base, named: "updated")
        let before = try ChangedExtract.contents(of: store)
        #expect(before != (try ChangedExtract.contents(of: expected)))

        let update = update(store, data: data)
        let plan = try await update.plan(for: try onlyExtract(store))
        #expect(plan.fileSequence == made.sequence - 1)
        #expect(plan.missing == [made.sequence])
        let outcome = try await update.run(plan)
        #expect(outcome.fetched == 1 && outcome.applied == 1)
        #expect(try ChangedExtract.contents(of: store) == (try ChangedExtract.contents(of: expected)))

        // The places the script touched, as a user sees them.
        let changes = try #require(outcome.summary?.changes)
        #expect(changes.placesAdded == 2)  // the new café and the building that became one
        #expect(changes.placesRemoved == 1)
        let cafe = try store.fetchPlace(id: PlaceID(source: .osm, sourceID: "n\(try #require(made.id("new_cafe")))"),
                                        from: Coordinate(latitude: 47.14, longitude: 9.52))
        #expect(cafe.place.name == "Café Neuanfang")

        // The store knows where it stands; a second run finds nothing to do and changes nothing.
        let extract = try onlyExtract(store)
        #expect(extract.replicationSequence == made.sequence)
        #expect(extract.dataTime == Date(timeIntervalSince1970: 1_658_780_511))
        let again = try await update.plan(for: extract)
        #expect(again.isCurrent && again.missing.isEmpty)
        #expect(try await update.run(again).summary == nil)
    }

    @Test func aFavouriteWhosePlaceTheChangesDeleteStaysListedAsGone() async throws {
        let (store, data) = try made.store(importing: made.base, named: "favourite")
        let gone = PlaceID(source: .osm, sourceID: "n\(try #require(made.ids("deleted_nodes").first))")
        try await store.setFavourite(gone, true)
        let update = update(store, data: data)
        _ = try await update.run(try await update.plan(for: try onlyExtract(store)))
        let favourites = try await store.favouritePlaces(order: .recent)
        #expect(favourites.map(\.id) == [gone])
        #expect(favourites.first?.isGone == true)
    }

    @Test func aDamagedChangeFileLeavesTheStoreAsItWas() async throws {
        let (store, data) = try made.store(importing: made.base, named: "damaged")
        let before = try ChangedExtract.contents(of: store)
        let whole = try Data(contentsOf: made.changesFile)
        defer { try? whole.write(to: made.changesFile) }
        let update = update(store, data: data)
        for damaged in [whole.prefix(whole.count / 2), Data("<osmChange><create><node id=\"1\"".utf8)] {
            try damaged.write(to: made.changesFile)
            let plan = try await update.plan(for: try onlyExtract(store))
            do {
                _ = try await update.run(plan)
                Issue.record("a damaged change file was applied")
            } catch {
                guard case .damagedChanges(let sequence, _) = error else { Issue.record("\(error)"); continue }
                #expect(sequence == made.sequence)
            }
            #expect(try ChangedExtract.contents(of: store) == before)
            #expect(try onlyExtract(store).replicationSequence == made.sequence - 1)
            // Nothing damaged is kept: the next run fetches the file anew.
            #expect(update.keptSequences(of: try onlyExtract(store)).isEmpty)
        }
    }

    @Test func aFeedThatNoLongerPublishesTheChangesSaysSo() async throws {
        let (store, data) = try made.store(importing: made.base, named: "behind")
        let whole = try Data(contentsOf: made.changesFile)
        try FileManager.default.removeItem(at: made.changesFile)
        defer { try? whole.write(to: made.changesFile) }
        let update = update(store, data: data)
        let plan = try await update.plan(for: try onlyExtract(store))
        do {
            _ = try await update.run(plan)
            Issue.record("the update went through without its changes")
        } catch {
            #expect(error == .tooFarBehind(name: "base", sequence: made.sequence))
            #expect(error.message.contains("nearby download"))
        }
    }

    @Test func aBusySiteIsWaitedForAsItAsks() async throws {
        let (store, data) = try made.store(importing: made.base, named: "busy")
        try made.site.script(#"{"queue": [[429, {"Retry-After": "7"}]]}"#)
        defer { try? made.site.script("{}") }
        let waits = WaitLog()
        var update = update(store, data: data)
        update.wait = { duration in waits.add(duration) }
        let outcome = try await update.run(try await update.plan(for: try onlyExtract(store)))
        #expect(outcome.applied == 1)
        #expect(waits.all == [.seconds(7)])
        #expect(made.site.requests().allSatisfy { $0["user_agent"]?.hasPrefix("Nearby/") == true })
    }

    @Test func oneUpdateAtATime() async throws {
        let (store, data) = try made.store(importing: made.base, named: "lock")
        let update = update(store, data: data)
        let held = try update.lock()
        defer { close(held) }
        #expect(throws: ExtractUpdateError.busy) { _ = try update.lock() }
    }

    @Test func anExtractWhoseFileIsGoneSaysWhereItWas() async throws {
        let folder = made.folder.appendingPathComponent("moved")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("village-latest.osm.pbf")
        try FileManager.default.copyItem(atPath: made.base, toPath: copy.path)
        let (store, data) = try made.store(importing: copy.path, named: "gone")
        try FileManager.default.removeItem(at: copy)
        let update = update(store, data: data)
        await #expect(throws: ExtractUpdateError.fileMissing(name: "village", path: copy.path)) {
            _ = try await update.plan(for: try self.onlyExtract(store))
        }
    }
}

/// The waits an update asked for.
private final class WaitLog: Sendable {
    private let waits = Mutex<[Duration]>([])
    func add(_ duration: Duration) { waits.withLock { $0.append(duration) } }
    var all: [Duration] { waits.withLock { $0 } }
}
