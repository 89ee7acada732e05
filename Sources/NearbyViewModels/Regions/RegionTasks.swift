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
    /// Bumped when a region was updated, removed or added: the list reads the regions again.
    public let changed = Observable(0)
    /// Downloads asked for and not yet in the store (waiting, running, or failed), oldest first.
    public let downloads = Observable<[RegionDownloadState]>([])
    /// What the last finished download brought, for the screen's status line.
    public let news = Observable<String?>(nil)

    private enum Job: Equatable {
        case update(Int64)
        case remove(Int64)
        case download(RegionChoice)

        /// The extract a job is about; downloads have none yet.
        var id: Int64? {
            switch self {
            case .update(let id), .remove(let id): id
            case .download: nil
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

    /// Downloads and imports a region of the index (once: a second ask while it waits or runs is ignored).
    public func download(_ choice: RegionChoice) {
        let job = Job.download(choice)
        guard !queue.contains(job), !downloads.value.contains(where: { $0.choice == choice && $0.state.isWorking })
        else { return }
        downloads.value.removeAll { $0.choice == choice }
        downloads.value.append(RegionDownloadState(choice: choice, state: .waiting))
        queue.append(job)
        startNext()
    }

    /// Tries a failed download again.
    public func retryDownload(_ choice: RegionChoice) {
        guard downloads.value.contains(where: { $0.choice == choice && !$0.state.isWorking }) else { return }
        download(choice)
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
        guard let id = job.id, !queue.contains(job) else { return }
        if case .working = states.value[id] { return }
        queue.append(job)
        lastJob[id] = job
        states.value[id] = .waiting
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
        setState(.working(job.id == nil ? .downloading(bytes: 0, total: nil) : .fetching(done: 0, of: 0)), of: job)
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
                case .download(let choice):
                    let progress: @Sendable (RegionWork) -> Void = { work in
                        Task { @MainActor in self.reportDownload(work, for: choice) }
                    }
                    outcome = .success(try await service.download(choice, progress: progress))
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

    private func reportDownload(_ work: RegionWork, for choice: RegionChoice) {
        guard let index = downloads.value.firstIndex(where: { $0.choice == choice }),
              downloads.value[index].state.isWorking else { return }
        downloads.value[index].state = .working(work)
    }

    private func setState(_ state: RegionTaskState, of job: Job) {
        switch job {
        case .update(let id), .remove(let id):
            states.value[id] = state
        case .download(let choice):
            if let index = downloads.value.firstIndex(where: { $0.choice == choice }) {
                downloads.value[index].state = state
            }
        }
    }

    private func finish(_ job: Job, _ outcome: Result<String?, RegionsFailure>) {
        switch (job, outcome) {
        case (.download(let choice), .success(let text)):
            // In the store now: its row is the extract's; the status line says what came.
            downloads.value.removeAll { $0.choice == choice }
            news.value = "\(choice.name): \(text ?? "downloaded")"
        case (_, .success(let text)): setState(.done(text ?? "up to date"), of: job)
        case (_, .failure(let failure)): setState(.failed(failure.message), of: job)
        }
        if case .success = outcome { changed.value += 1 }
        running = nil
        startNext()
    }
}

/// A download asked for on the Regions screen, until its region is in the store.
public struct RegionDownloadState: Hashable, Sendable {
    public var choice: RegionChoice
    public var state: RegionTaskState
}
