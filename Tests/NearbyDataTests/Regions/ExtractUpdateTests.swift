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
        #expect(outcome.patched)
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

    /// How a base beside the store may be damaged (a disk error, a hand edit): each must make the update read
    /// the extract again, never trap and never write what the store cannot read back.
    enum BaseDamage: String, CaseIterable {
        /// Every node's latitude off the globe.
        case positionsOffTheGlobe
        /// Every way's offset into the ways file far past its end, or negative.
        case wayOffsetsWild
        /// The node-ways file's block index cut short.
        case indexCutShort
    }

    @Test(arguments: BaseDamage.allCases)
    func aDamagedBaseIsReadAroundNotTrusted(damage: BaseDamage) async throws {
        let (expected, _) = try made.store(importing: made.changed, named: "expected")
        let (store, data) = try made.store(importing: made.base, named: "updated")
        let folder = ExtractBaseFiles.folder(ofStore: store.database.path, extract: try onlyExtract(store).id)
        func rewrite(_ name: String, recordSize: Int, _ change: (inout [UInt8], Int) -> Void) throws {
            let url = URL(fileURLWithPath: folder + "/" + name)
            var bytes = [UInt8](try Data(contentsOf: url))
            #expect(bytes.count >= recordSize)
            for record in 0..<bytes.count / recordSize { change(&bytes, record * recordSize) }
            try Data(bytes).write(to: url)
        }
        switch damage {
        case .positionsOffTheGlobe:
            try rewrite(ExtractBaseFiles.nodes, recordSize: 16) { bytes, at in
                withUnsafeBytes(of: Int32.max) { bytes.replaceSubrange(at + 8..<at + 12, with: $0) }
            }
        case .wayOffsetsWild:
            try rewrite(ExtractBaseFiles.wayIndex, recordSize: 24) { bytes, at in
                let wild: Int64 = at % 48 == 0 ? .max - 3 : -1_000
                withUnsafeBytes(of: wild) { bytes.replaceSubrange(at + 8..<at + 16, with: $0) }
            }
        case .indexCutShort:
            let url = URL(fileURLWithPath: folder + "/" + ExtractBaseFiles.nodeWays + ".index")
            try Data(try Data(contentsOf: url).dropLast(8)).write(to: url)
        }
        let update = update(store, data: data)
        let outcome = try await update.run(try await update.plan(for: try onlyExtract(store)))
        #expect(!outcome.patched)
        #expect(try ChangedExtract.contents(of: store) == (try ChangedExtract.contents(of: expected)))
    }

    /// The real extract with 2 % of its places and walkable ways changed: places renamed and deleted, ways
    /// deleted, nodes in the middle of ways moved, new footways joined to the middle of others (a vertex
    /// where there was none). Patched through the base, and read again through the changes: both hold what
    /// importing the changed file holds.
    /// Compute-bound (imports on the test's thread); left out under a sanitizer, where the village's update
    /// runs the same patch in a fraction of the time.
    @Test(.enabled(if: SharedData.liechtenstein != nil, "\(SharedData.absentMessage)"),
          .enabled(if: SanitizerBuild.name == nil, "the village's update runs the patch under the sanitizers"),
          .computeBound)
    func aPatchOfTheRealExtractHoldsWhatImportingTheChangedFileHolds() async throws {
        let extract = try #require(SharedData.liechtenstein?.path)
        let real = try await ChangedExtract(extract: extract, share: 0.02)
        let (expected, _) = try real.store(importing: real.changed, named: "expected")
        let wanted = try ChangedExtract.contents(of: expected)
        for usesBase in [true, false] {
            let (store, data) = try real.store(importing: real.base, named: "updated-\(usesBase)")
            var update = ExtractUpdate(store: store, dataFolder: data, feedOverride: real.feedURL)
            update.usesBase = usesBase
            let outcome = try await update.run(try await update.plan(for: try onlyExtract(store)))
            #expect(outcome.patched == usesBase)
            let contents = try ChangedExtract.contents(of: store)
            let missing = wanted.filter { !contents.contains($0) }, extra = contents.filter { !wanted.contains($0) }
            #expect(missing.isEmpty && extra.isEmpty,
                    "patched \(usesBase): missing \(missing.prefix(5)), extra \(extra.prefix(5))")
            #expect(try onlyExtract(store).walkableWays == (try onlyExtract(expected).walkableWays))
        }
    }

    /// The day's changes published as two files, applied one update at a time: the second patch starts from
    /// a store that holds the first file's changes (read through the base as well). After each, the patched
    /// store holds what a store read again holds; after both, what importing the changed file holds.
    @Test func twoUpdatesInARowHoldWhatReadingAgainHolds() async throws {
        let (expected, _) = try made.store(importing: made.changed, named: "expected-two")
        let (patched, patchedData) = try made.store(importing: made.base, named: "patched-two")
        let (reread, rereadData) = try made.store(importing: made.base, named: "reread-two")
        // The one change file split in two: alternate elements of each action go to the first or the second.
        let whole = made.changesFile
        let first = made.sequence, second = made.sequence + 1
        let script = """
            import gzip, sys, xml.etree.ElementTree as ET
            tree = ET.parse(gzip.open(sys.argv[1]))
            halves = [ET.Element("osmChange", tree.getroot().attrib) for _ in range(2)]
            for action in tree.getroot():
                parts = [ET.SubElement(half, action.tag) for half in halves]
                for index, element in enumerate(action):
                    parts[index % 2].append(element)
            for half, path in zip(halves, sys.argv[2:]):
                with gzip.open(path, "wb") as out:
                    out.write(ET.tostring(half))
            """
        let secondFile = whole.deletingLastPathComponent().appendingPathComponent(String(format: "%03d.osc.gz", second % 1000))
        let original = try Data(contentsOf: whole)
        let state = whole.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("state.txt")
        let originalState = try Data(contentsOf: state)
        defer {
            try? original.write(to: whole)
            try? originalState.write(to: state)
            try? FileManager.default.removeItem(at: secondFile)
        }
        _ = try await Command.output("/usr/bin/python3", ["-c", script, whole.path, whole.path, secondFile.path])
        func publish(_ sequence: Int64) throws {
            try Data("sequenceNumber=\(sequence)\ntimestamp=2022-07-25T20\\:21\\:51Z\n".utf8).write(to: state)
        }
        let stores = [(patched, patchedData, true), (reread, rereadData, false)]
        for sequence in [first, second] {
            try publish(sequence)
            for (store, data, usesBase) in stores {
                var update = update(store, data: data)
                update.usesBase = usesBase
                let outcome = try await update.run(try await update.plan(for: try onlyExtract(store)))
                #expect(outcome.patched == usesBase, "sequence \(sequence)")
                #expect(try onlyExtract(store).replicationSequence == sequence)
            }
            #expect(try ChangedExtract.contents(of: patched) == (try ChangedExtract.contents(of: reread)),
                    "sequence \(sequence)")
        }
        #expect(try ChangedExtract.contents(of: patched) == (try ChangedExtract.contents(of: expected)))
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
