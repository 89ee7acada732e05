import Testing
@testable import NearbyViewModels

/// A gate the test opens by hand, so tracked work waits without sleeping.
@MainActor
private final class Gate {
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters.removeAll()
    }
}

@MainActor
struct ActivityTrackerTests {
    @Test func idleReturnsAtOnceWithNothingToDo() async {
        let tracker = ActivityTracker()
        await tracker.idle()
        await tracker.drained()
        #expect(!tracker.isBusy.value)
    }

    @Test func idleWaitsForTheWorkToFinish() async {
        let tracker = ActivityTracker()
        let gate = Gate()
        var finished = false
        tracker.run {
            await gate.wait()
            finished = true
        }
        #expect(tracker.isBusy.value)
        #expect(tracker.liveCount == 1)
        gate.open()
        await tracker.idle()
        #expect(finished)
        #expect(!tracker.isBusy.value)
    }

    @Test func aNewerTaskWithTheSameKeyCancelsTheOlder() async {
        let tracker = ActivityTracker()
        let key = ActivityKey("filter")
        let first = Gate()
        let second = Gate()
        var applied: [String] = []
        tracker.run(key) {
            await first.wait()
            if !Task.isCancelled { applied.append("a") }
        }
        tracker.run(key) {
            await second.wait()
            if !Task.isCancelled { applied.append("ab") }
        }
        #expect(tracker.liveCount == 1)
        #expect(tracker.isRunning(key))
        second.open()
        await tracker.idle()
        #expect(applied == ["ab"])
        first.open()
        await tracker.drained()
        #expect(applied == ["ab"])
    }

    @Test func otherKeysRunSideBySide() async {
        let tracker = ActivityTracker()
        let gate = Gate()
        tracker.run(ActivityKey("a")) { await gate.wait() }
        tracker.run(ActivityKey("b")) { await gate.wait() }
        tracker.run { await gate.wait() }
        #expect(tracker.liveCount == 3)
        tracker.cancelAll { $0.name == "a" }
        #expect(tracker.liveCount == 2)
        gate.open()
        await tracker.drained()
        #expect(tracker.liveCount == 0)
    }

    @Test func closeCancelsEverythingAndRefusesNewWork() async {
        let tracker = ActivityTracker()
        let gate = Gate()
        var cancelledSeen = false
        tracker.run {
            await gate.wait()
            cancelledSeen = Task.isCancelled
        }
        tracker.close()
        #expect(!tracker.isBusy.value)
        var ranAfterClose = false
        #expect(!tracker.run { ranAfterClose = true })
        gate.open()
        await tracker.drained()
        #expect(cancelledSeen)
        #expect(!ranAfterClose)
    }

    @Test func droppingTheTrackerCancelsItsWork() async {
        var tracker: ActivityTracker? = ActivityTracker()
        let gate = Gate()
        let done = Gate()
        var cancelledSeen = false
        tracker?.run {
            await gate.wait()
            cancelledSeen = Task.isCancelled
            done.open()
        }
        tracker = nil
        gate.open()
        await done.wait()
        #expect(cancelledSeen)
    }
}
