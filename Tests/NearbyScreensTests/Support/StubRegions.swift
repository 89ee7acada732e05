import Foundation
import NearbyViewModels

/// Regions named `names`, three days old; an update, a removal and a download succeed at once, unless
/// `failing` names a region whose update fails.
struct StubRegions: RegionsService {
    var names: [String]
    var failing: String?

    func regions() async throws(RegionsFailure) -> [RegionSummary] {
        names.enumerated().map { index, name in
            RegionSummary(id: Int64(index + 1), name: name, dataTime: Date(timeIntervalSince1970: 999_740_800),
                          places: 1_234, bytes: 2_100_000, canUpdate: true)
        }
    }

    func update(_ id: Int64, progress: @escaping @Sendable (RegionWork) -> Void) async throws(RegionsFailure) -> String? {
        if let failing, names.firstIndex(of: failing).map({ Int64($0 + 1) }) == id {
            throw RegionsFailure("The replication feed could not be read.")
        }
        return "places 2 added"
    }

    func remove(_ id: Int64) async throws(RegionsFailure) {}

    func index() async throws(RegionsFailure) -> [RegionChoice] {
        [RegionChoice(id: "zurich", name: "Zürich", path: "Europe › Switzerland › Zürich"),
         RegionChoice(id: "bern", name: "Bern", path: "Europe › Switzerland › Bern"),
         RegionChoice(id: "vaduz", name: "Liechtenstein", path: "Europe › Liechtenstein")]
    }

    func download(_ choice: RegionChoice, progress: @escaping @Sendable (RegionWork) -> Void)
        async throws(RegionsFailure) -> String { "10 places imported" }
}
