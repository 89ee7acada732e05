import Foundation
import Locking
import NearbyViewModels

/// Regions in memory: updates answer as scripted, and one may be held until the test lets it go.
final class StubRegions: RegionsService {
    private struct State {
        var regions: [RegionSummary]
        var failures: [Int64: [String]] = [:]
        var held: Set<Int64> = []
        var waiting: [Int64: CheckedContinuation<Void, Never>] = [:]
        var updated: [Int64] = []
    }

    private let state: Locked<State>

    init(_ regions: [RegionSummary]) {
        state = Locked(State(regions: regions))
    }

    static func region(_ id: Int64, _ name: String, feed: Bool = true, days: Double = 3) -> RegionSummary {
        RegionSummary(id: id, name: name, dataTime: Date(timeIntervalSince1970: 1_000_000_000 - days * 86_400),
                      places: 1_234, bytes: 2_100_000, canUpdate: feed)
    }

    /// The next updates of `id` fail with these reasons, in turn.
    func fail(_ id: Int64, _ reasons: String...) { state.withLock { $0.failures[id, default: []] += reasons } }
    /// Updates of `id` wait for `release(id)`.
    func hold(_ id: Int64) { state.withLock { _ = $0.held.insert(id) } }
    func release(_ id: Int64) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.held.remove(id)
            return state.waiting.removeValue(forKey: id)
        }
        waiter?.resume()
    }
    var updated: [Int64] { state.withLock { $0.updated } }
    var isWaiting: Bool { state.withLock { !$0.waiting.isEmpty } }

    /// Waits while `key` is held, then throws its next scripted failure, if any.
    private func holdThenFail(_ key: Int64) async throws(RegionsFailure) {
        if state.withLock({ $0.held.contains(key) }) {
            await withCheckedContinuation { continuation in
                state.withLock { $0.waiting[key] = continuation }
            }
        }
        let failure = state.withLock { state -> String? in
            guard var reasons = state.failures[key], !reasons.isEmpty else { return nil }
            let reason = reasons.removeFirst()
            state.failures[key] = reasons
            return reason
        }
        if let failure { throw RegionsFailure(failure) }
    }

    func regions() async throws(RegionsFailure) -> [RegionSummary] {
        state.withLock { $0.regions }
    }

    func update(_ id: Int64, progress: @escaping @Sendable (RegionWork) -> Void) async throws(RegionsFailure) -> String? {
        progress(.fetching(done: 1, of: 2))
        try await holdThenFail(id)
        state.withLock { state in
            state.updated.append(id)
            if let index = state.regions.firstIndex(where: { $0.id == id }) {
                state.regions[index].dataTime = Date(timeIntervalSince1970: 1_000_000_000)
            }
        }
        return "places 2 added"
    }

    func remove(_ id: Int64) async throws(RegionsFailure) {
        state.withLock { $0.regions.removeAll { $0.id == id } }
    }

    static let index = [RegionChoice(id: "liechtenstein", name: "Liechtenstein", path: "Europe › Liechtenstein"),
                        RegionChoice(id: "zurich", name: "Zürich", path: "Europe › Switzerland › Zürich"),
                        RegionChoice(id: "andorra", name: "Andorra", path: "Europe › Andorra")]

    func index() async throws(RegionsFailure) -> [RegionChoice] { Self.index }

    /// Downloads of ids in `failures` (by the negative of their index position + 1, -1 for the first) fail;
    /// a region whose update is held is held here too.
    func download(_ choice: RegionChoice, progress: @escaping @Sendable (RegionWork) -> Void) async throws(RegionsFailure)
        -> String {
        progress(.downloading(bytes: 512, total: 1_024))
        let key = -Int64((Self.index.firstIndex(of: choice) ?? 0) + 1)
        try await holdThenFail(key)
        state.withLock { state in
            let id = (state.regions.map(\.id).max() ?? 0) + 1
            state.regions.append(RegionSummary(id: id, name: choice.id, dataTime: Date(timeIntervalSince1970: 1_000_000_000),
                                               places: 10, bytes: 1_000, canUpdate: true))
        }
        return "10 places imported"
    }
}
