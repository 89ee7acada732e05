import FoundationEssentials
import Glibc
import NearbyCore
import NearbyData
import NearbyViewModels

/// The Regions screen's service on the local store: its extracts, `nearby update`'s work for one of them, and
/// `nearby extracts remove`'s. The import runs on a thread of its own, off the Swift pool and the main thread.
struct StoreRegions: RegionsService {
    let store: LocalPlacesStore
    let dataFolder: URL
    let updatesURL: String?
    /// The download index (nil: Geofabrik's).
    var regionsURL: URL?
    /// Whether a downloaded extract stays in downloads/ (for updates) after its import.
    var keepDownloads = true

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

    func index() async throws(RegionsFailure) -> [RegionChoice] {
        let index = try await regionIndex()
        return index.regions.filter { $0.pbfURL != nil }.map { region in
            RegionChoice(id: region.id, name: region.name, path: index.path(of: region).joined(separator: " › "))
        }
    }

    func download(_ choice: RegionChoice, progress: @escaping @Sendable (RegionWork) -> Void) async throws(RegionsFailure)
        -> String {
        let index = try await regionIndex()
        guard let region = index.region(id: choice.id), let pbf = region.pbfURL, let url = URL(string: pbf) else {
            throw RegionsFailure("The index no longer offers \(choice.name).")
        }
        let download = RegionDownload(url: url, md5URL: URL(string: pbf + ".md5"),
                                      folder: dataFolder.appendingPathComponent("downloads"))
        let file: URL
        do {
            file = try await download.run { step in progress(.downloading(bytes: step.bytes, total: step.total)) }
        } catch {
            throw RegionsFailure(error.message)
        }
        let summary: OSMImportSummary
        do {
            summary = try await store.importOpenStreetMapOnOwnThread(at: file.path) { step in
                guard step.totalBytes > 0 else { return }
                progress(.reading(fraction: min(1, Double(step.bytesRead) / Double(step.totalBytes))))
            }
        } catch {
            throw RegionsFailure("\(error)")
        }
        if !keepDownloads { try? FileManager.default.removeItem(at: file) }
        let places = summary.places
        return "\(NumberText.grouped(places)) \(places == 1 ? "place" : "places") imported"
    }

    private func regionIndex() async throws(RegionsFailure) -> RegionIndex {
        guard let address = regionsURL ?? URL(string: RegionIndexSource.defaultURL) else {
            throw RegionsFailure("The download index's address is not valid.")
        }
        do {
            return try await RegionIndexSource(url: address, folder: dataFolder).load().index
        } catch {
            throw RegionsFailure(error.message)
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
