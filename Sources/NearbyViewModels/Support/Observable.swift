/// A value that tells its observers when it changes. Views bind to these; view models set them.
@MainActor
public final class Observable<Value> {
    /// One observer: the callback, and the token that keeps it (weakly, so a released token unbinds).
    @MainActor
    private final class Subscription {
        weak var token: ObservationToken?
        let callback: @MainActor (Value) -> Void

        init(token: ObservationToken, callback: @escaping @MainActor (Value) -> Void) {
            self.token = token
            self.callback = callback
        }

        var isLive: Bool { token.map { !$0.isCancelled } ?? false }
    }

    private var observers: [Subscription] = []

    /// The current value; setting it calls every live observer.
    public var value: Value {
        didSet { notify() }
    }

    public init(_ value: Value) {
        self.value = value
    }

    /// Calls `observer` on every later change, until the returned token is cancelled or released.
    public func bind(_ observer: @escaping @MainActor (Value) -> Void) -> ObservationToken {
        let token = ObservationToken()
        observers.append(Subscription(token: token, callback: observer))
        return token
    }

    /// Calls `observer` now with the current value, then as `bind` does.
    public func bindAndFire(_ observer: @escaping @MainActor (Value) -> Void) -> ObservationToken {
        let token = bind(observer)
        observer(value)
        return token
    }

    /// How many observers are still listening (for tests of unbinding).
    public var observerCount: Int {
        observers.removeAll { !$0.isLive }
        return observers.count
    }

    private func notify() {
        // A snapshot (shared, not copied, unless an observer binds while we iterate); each observer's token is
        // read once: a selection changes on every key.
        let current = observers
        var sawGone = false
        for subscription in current {
            guard subscription.isLive else {
                sawGone = true
                continue
            }
            subscription.callback(value)
        }
        if sawGone { observers.removeAll { !$0.isLive } }
    }
}

extension Observable where Value: Equatable {
    /// Sets the value only when it differs, so an unchanged value causes no redraw.
    public func update(_ newValue: Value) {
        if value != newValue { value = newValue }
    }
}

/// An observable whatever its value, so a view binds one redraw to many observables at once.
@MainActor
public protocol ChangeSource: AnyObject {
    /// Calls `action` on every later change, until the returned token is cancelled or released.
    func onChange(_ action: @escaping @MainActor () -> Void) -> ObservationToken
}

extension Observable: ChangeSource {
    public func onChange(_ action: @escaping @MainActor () -> Void) -> ObservationToken {
        bind { _ in action() }
    }
}

extension Array where Element == any ChangeSource {
    /// Calls `action` on every later change of any of them; one token each.
    @MainActor
    public func onChange(_ action: @escaping @MainActor () -> Void) -> [ObservationToken] {
        map { $0.onChange(action) }
    }
}

/// Keeps an observation alive; cancelling it or letting it go unbinds.
@MainActor
public final class ObservationToken {
    public private(set) var isCancelled = false

    public init() {}

    public func cancel() { isCancelled = true }

    /// Keeps the token in a bag until the bag is cleared or released.
    public func store(in bag: inout [ObservationToken]) { bag.append(self) }
}
