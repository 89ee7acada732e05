/// A value that tells its observers when it changes. Views bind to these; view models set them.
@MainActor
public final class Observable<Value> {
    private var observers: [(token: Weak<ObservationToken>, callback: (Value) -> Void)] = []

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
        observers.append((Weak(token), observer))
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
        observers.removeAll { $0.token.object?.isCancelled ?? true }
        return observers.count
    }

    private func notify() {
        observers.removeAll { $0.token.object?.isCancelled ?? true }
        // A snapshot: an observer may bind or cancel while we iterate.
        let current = observers
        for entry in current where entry.token.object?.isCancelled == false {
            entry.callback(value)
        }
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

private struct Weak<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}
