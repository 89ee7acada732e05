@testable import NearbyViewModels

/// Reading recorded intents in tests.
@MainActor
extension NavigationIntent {
    var pushedDetail: FriendDetailViewModel? {
        if case .push(.friendDetail(let model)) = self { return model }
        return nil
    }

    var pushedForm: FriendFormViewModel? {
        if case .push(.friendForm(let model)) = self { return model }
        return nil
    }

    var isPop: Bool {
        if case .pop = self { return true }
        return false
    }
}
