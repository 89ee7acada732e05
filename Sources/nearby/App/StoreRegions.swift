import FoundationEssentials
import Glibc
import NearbyData
import NearbyViewModels

/// The Regions screen's service on the local store: its extracts, `nearby update`'s work for one of them, and
/// `nearby extracts remove`'s. The import runs on a thread of its own, off the Swift pool and the main thread.
struct StoreRegions: RegionsService {
    let store: LocalPlacesStore
    let dataFolder: URL
    let updatesURL: String?

    func regions() async throws(RegionsFailure) -> [RegionSummary] {
        let extracts: [StoredExtract]
        do {
            extracts = try store.extracts()
        } catch {
            throw RegionsFailure(error.explanation)
        }
        return extracts.map { extract in
            RegionSummary(id: extract.id, name: extract.name, dataTime: extract.dataTime, places: extract.places,
                          bytes: extract.bytes,
                          canUpdate: !(extract.replicationURL ?? "").isEmpty || updatesURL != nil)
        }
    }

    func update(_ id: Int64, progress: @escaping @Sendable (RegionWork) -> Void) async throws(RegionsFailure) -> String? {
        let extract = try find(id)
        let update = ExtractUpdate(store: store, dataFolder: dataFolder, feedOverride: updatesURL)
        let lock: Int32
        do {
            lock = try update.lock()
        } catch {
            throw RegionsFailure(error.message)
        }
        defer { close(lock) }
        do throws(ExtractUpdateError) {
            let plan = try await update.plan(for: extract)
            if plan.isCurrent { return nil }
            progress(.fetching(done: 0, of: plan.missing.count))
            let outcome = try await update.run(plan, fetched: { done, all in
                progress(.fetching(done: done, of: all))
            }, progress: { step in
                guard step.totalBytes > 0 else { return }
                progress(.reading(fraction: min(1, Double(step.bytesRead) / Double(step.totalBytes))))
            })
            guard let changes = outcome.summary?.changes else { return nil }
            return Self.changesText(changes)
        } catch {
            throw RegionsFailure(error.message)
        }
    }

    func remove(_ id: Int64) async throws(RegionsFailure) {
        let extract = try find(id)
        do {
            _ = try store.removeExtract(named: extract.key)
        } catch {
            throw RegionsFailure("\(error)")
        }
    }

    private func find(_ id: Int64) throws(RegionsFailure) -> StoredExtract {
        let extracts: [StoredExtract]
        do {
            extracts = try store.extracts()
        } catch {
            throw RegionsFailure(error.explanation)
        }
        guard let extract = extracts.first(where: { $0.id == id }) else {
            throw RegionsFailure("This region is no longer in the store.")
        }
        return extract
    }

    /// "2 places added, 1 removed" (or "no place changed").
    static func changesText(_ changes: PlacesImportChanges) -> String {
        var parts: [String] = []
        if changes.placesAdded > 0 { parts.append("\(changes.placesAdded) added") }
        if changes.placesUpdated > 0 { parts.append("\(changes.placesUpdated) changed") }
        if changes.placesRemoved > 0 { parts.append("\(changes.placesRemoved) removed") }
        guard !parts.isEmpty else { return "no place changed" }
        let total = changes.placesAdded + changes.placesUpdated + changes.placesRemoved
        return (total == 1 ? "place " : "places ") + parts.joined(separator: ", ")
    }
}
