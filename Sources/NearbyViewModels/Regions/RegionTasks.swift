import FoundationEssentials
import NearbyCore

/// Where one region's update or removal stands, as its row shows it.
public enum RegionTaskState: Hashable, Sendable {
    /// Asked for, behind another region's work.
    case waiting
    case working(RegionWork)
    /// Finished: what changed, in words.
    case done(String)
    case failed(String)
}

/// The regions' updates and removals, one at a time, outliving the screen that asked for them: leaving the
/// Regions screen does not stop them, and coming back shows where they stand. The app holds one.
@MainActor
public final class RegionTasks {
    public let service: any RegionsService
    /// Each region's work, by extract id; a region absent has none.
    public let states = Observable<[Int64: RegionTaskState]>([:])
    /// Bumped when a region was updated or removed: the list reads the regions again.
    public let changed = Observable(0)

    private enum Job: Equatable {
        case update(Int64)
        case remove(Int64)

        var id: Int64 {
            switch self {
            case .update(let id), .remove(let id): id
            }
        }
    }

    private var queue: [Job] = []
    /// Each region's last job, so `r` on a failed row does it again.
    private var lastJob: [Int64: Job] = [:]
    private var running: Task<Void, Never>?
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    public init(service: any RegionsService) {
        self.service = service
    }

    /// Whether any region's work is waiting or running (quitting asks first).
    public var isBusy: Bool { running != nil || !queue.isEmpty }

    public func update(_ id: Int64) {
        enqueue(.update(id))
    }

    public func remove(_ id: Int64) {
        enqueue(.remove(id))
    }

    /// Does a failed region's work again; false when the region has no failure to retry.
    @discardableResult
    public func retry(_ id: Int64) -> Bool {
        guard case .failed = states.value[id], let job = lastJob[id] else { return false }
        enqueue(job)
        return true
    }

    /// Forgets a finished region's ✓ or failure (the row shows it as before).
    public func clear(_ id: Int64) {
        guard let state = states.value[id] else { return }
        switch state {
        case .done, .failed: states.value[id] = nil
        case .waiting, .working: break
        }
    }

    /// Returns once nothing is waiting or running (tests await this instead of sleeping).
    public func idle() async {
        guard isBusy else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    private func enqueue(_ job: Job) {
        if queue.contains(job) { return }
        if case .working = states.value[job.id] { return }
        queue.append(job)
        lastJob[job.id] = job
        states.value[job.id] = .waiting
        startNext()
    }

    private func startNext() {
        guard running == nil else { return }
        guard !queue.isEmpty else {
            let waiters = idleWaiters
            idleWaiters = []
            for waiter in waiters { waiter.resume() }
            return
        }
        let job = queue.removeFirst()
        let service = service
        states.value[job.id] = .working(.fetching(done: 0, of: 0))
        // The task holds this object until the job ends: the app keeps it for its whole run anyway.
        running = Task {
            let outcome: Result<String?, RegionsFailure>
            do throws(RegionsFailure) {
                switch job {
                case .update(let id):
                    let progress: @Sendable (RegionWork) -> Void = { work in
                        Task { @MainActor in self.report(work, for: id) }
                    }
                    outcome = .success(try await service.update(id, progress: progress))
                case .remove(let id):
                    try await service.remove(id)
                    outcome = .success("removed")
                }
            } catch {
                outcome = .failure(error)
            }
            self.finish(job, outcome)
        }
    }

    private func report(_ work: RegionWork, for id: Int64) {
        guard case .working = states.value[id] else { return }
        states.value[id] = .working(work)
    }

    private func finish(_ job: Job, _ outcome: Result<String?, RegionsFailure>) {
        switch outcome {
        case .success(let text): states.value[job.id] = .done(text ?? "up to date")
        case .failure(let failure): states.value[job.id] = .failed(failure.message)
        }
        if case .success = outcome { changed.value += 1 }
        running = nil
        startNext()
    }
}
