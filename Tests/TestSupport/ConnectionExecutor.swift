import Foundation
import Locking

/// The executor of a stand-in server's handler: the connection's own thread runs the handler's jobs while it
/// waits for the answer. Handlers used to run on the shared cooperative pool, which on a 2-core machine has two
/// threads; with the import and routing tests busy on both, a trivial handler waited past the client's time
/// limit and a test failed with "no answer in time". Here nothing else competes for the thread that answers.
final class ConnectionExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked: every stored property is behind `condition`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var closed = false

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        if closed {
            condition.unlock()
            // A job that outlives the connection (an unstructured task the handler started): the shared pool
            // runs it, so nothing is ever dropped.
            globalConcurrentExecutor.enqueue(job)
            return
        }
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Waits until jobs are queued or `deadline` passes, and runs those queued.
    func runJobs(until deadline: Date) {
        condition.lock()
        while jobs.isEmpty {
            if !condition.wait(until: deadline) { break }
        }
        let batch = jobs
        jobs.removeAll()
        condition.unlock()
        for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
    }

    /// From now on jobs go to the shared pool; those still queued are run here first.
    func close() {
        condition.lock()
        closed = true
        let left = jobs
        jobs.removeAll()
        condition.unlock()
        for job in left { job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}
