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
    /// Builds the screen of a route: the app's `RouteTable`. Without it, or when it builds nothing, the route
    /// is recorded in `routes` (what tests read) and nothing is pushed.
    public var screens: (@MainActor (Route) -> ScreenModel?)?
    /// Routes asked for that built no screen, oldest first.
    public private(set) var routes: [Route] = []

    public init(handler: ((NavigationIntent) -> Void)? = nil) {
        self.handler = handler
    }

    public func push(_ screen: ScreenModel) { send(.push(screen)) }

    /// Shows the screen of `route` (another feature's), and hands it back so the asker may follow it.
    @discardableResult
    public func open(_ route: Route) -> ScreenModel? {
        guard let screen = screens?(route) else {
            routes.append(route)
            return nil
        }
        push(screen)
        return screen
    }

    public func pop() { send(.pop) }
    public func quit() { send(.quit) }

    /// Forgets what was recorded.
    public func clearRecorded() {
        recorded.removeAll()
        routes.removeAll()
    }

    private func send(_ intent: NavigationIntent) {
        if let handler {
            handler(intent)
        } else {
            recorded.append(intent)
        }
    }
}
