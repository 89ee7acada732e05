import Testing
@testable import NearbyViewModels

@MainActor
struct NavigatorTests {
    @Test func recordsIntentsWhileNoHandlerIsSet() {
        let navigator = Navigator()
        navigator.pop()
        navigator.quit()
        #expect(navigator.recorded.count == 2)
        #expect(navigator.recorded[0].isPop)
        if case .quit = navigator.recorded[1] {} else { Issue.record("expected quit") }
        navigator.clearRecorded()
        #expect(navigator.recorded.isEmpty)
    }

    @Test func forwardsToTheHandlerInsteadOfRecording() {
        var handled: [String] = []
        let navigator = Navigator { intent in
            switch intent {
            case .push: handled.append("push")
            case .pop: handled.append("pop")
            case .quit: handled.append("quit")
            }
        }
        let repository = FakeFriendsRepository()
        let list = FriendsListViewModel(context: FriendsContext(repository: repository, navigator: navigator))
        navigator.push(.friendsList(list))
        navigator.pop()
        #expect(handled == ["push", "pop"])
        #expect(navigator.recorded.isEmpty)
    }
}
