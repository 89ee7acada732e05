import Glibc

/// A detached POSIX thread, for blocking loops that must stay off the cooperative pool (the HTTP engine,
/// the gpsd reader). `start` answers false when the system refuses a thread.
public enum PThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Body(body))
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
            return nil
        }, box.toOpaque())
        guard result == 0 else {
            box.release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}
