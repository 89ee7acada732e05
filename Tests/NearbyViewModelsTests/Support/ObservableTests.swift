import Testing
@testable import NearbyViewModels

@MainActor
struct ObservableTests {
    @Test func bindCallsOnChangeOnly() {
        let observable = Observable(1)
        var seen: [Int] = []
        let token = observable.bind { seen.append($0) }
        observable.value = 2
        observable.value = 3
        #expect(seen == [2, 3])
        _ = token
    }

    @Test func bindAndFireCallsNow() {
        let observable = Observable("a")
        var seen: [String] = []
        let token = observable.bindAndFire { seen.append($0) }
        observable.value = "b"
        #expect(seen == ["a", "b"])
        _ = token
    }

    @Test func cancelledOrReleasedTokensStopListening() {
        let observable = Observable(0)
        var kept: [Int] = []
        var dropped: [Int] = []
        let token = observable.bind { kept.append($0) }
        var released: ObservationToken? = observable.bind { dropped.append($0) }
        observable.value = 1
        released = nil
        observable.value = 2
        token.cancel()
        observable.value = 3
        #expect(kept == [1, 2])
        #expect(dropped == [1])
        #expect(observable.observerCount == 0)
        _ = released
    }

    @Test func updateSkipsEqualValues() {
        let observable = Observable(5)
        var calls = 0
        let token = observable.bind { _ in calls += 1 }
        observable.update(5)
        observable.update(6)
        #expect(calls == 1)
        _ = token
    }
}
