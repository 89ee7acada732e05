/// What a view model asks of the screen stack.
@MainActor
public enum NavigationIntent {
    case push(ScreenModel)
    case pop
    case quit
}

/// Where view models send navigation intents. The coordinator sets `handler`; without one the intents
/// are recorded, which is what tests read.
@MainActor
public final class Navigator {
    /// Receives every intent once set; the coordinator captures itself weakly here.
    public var handler: ((NavigationIntent) -> Void)?
    /// Intents sent while no handler was set, oldest first.
    public private(set) var recorded: [NavigationIntent] = []

    public init(handler: ((NavigationIntent) -> Void)? = nil) {
        self.handler = handler
    }

    public func push(_ screen: ScreenModel) { send(.push(screen)) }
    public func pop() { send(.pop) }
    public func quit() { send(.quit) }

    /// Forgets what was recorded.
    public func clearRecorded() { recorded.removeAll() }

    private func send(_ intent: NavigationIntent) {
        if let handler {
            handler(intent)
        } else {
            recorded.append(intent)
        }
    }
}
