import Glibc
import NIOCore

/// How many client connections the process can hold without running out of file descriptors.
///
/// Running out is not only a failed `accept` (which NIO backs off from): the Swift runtime's thread pool on
/// Linux (libdispatch's worker monitor) opens `/proc/<tid>/stat` while work is queued and traps when that open
/// fails, which kills the whole process with SIGILL. So the connection cap keeps descriptors free for
/// everything that is not a client: what is open at start, the database pools, the event loops and a margin.
public struct DescriptorBudget: Sendable, Hashable {
    /// Descriptors kept free beyond what is counted: the runtime's `/proc` reads, a TLS or log file, an
    /// SQLite journal opened during a write, a short-lived socket.
    public static let margin = 16
    /// Fewer connections than this and the service could not serve a browser and a health check at once.
    public static let minimumConnections = 4

    /// The process's descriptor limit (the soft `RLIMIT_NOFILE`), after `raiseLimit()`.
    public var limit: Int
    /// Descriptors open when the budget was taken.
    public var open: Int
    /// Descriptors that will be opened later and stay open: database connections, event loops.
    public var reserved: Int

    public init(limit: Int, open: Int, reserved: Int) {
        self.limit = limit
        self.open = open
        self.reserved = reserved
    }

    /// Descriptors the event loops of a process hold (an epoll, an eventfd and a timerfd per loop), for the
    /// HTTP server's loops and the database client's: as many loops as `--event-loops` asked for
    /// (`EventLoopThreads`), one per core by default.
    public static var eventLoops: Int { 2 * 3 * NIOSingletons.groupLoopCountSuggestion }

    /// The budget of this process now, with `reserved` more descriptors to come.
    public static func current(reserving reserved: Int) -> DescriptorBudget {
        var limits = rlimit()
        let limit = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits) == 0 && limits.rlim_cur != rlim_t.max
            ? Int(clamping: limits.rlim_cur) : Int.max
        return DescriptorBudget(limit: limit, open: openDescriptors(), reserved: reserved)
    }

    /// Raises the soft descriptor limit to the hard one (the usual soft 1024 is too few for a server; the hard
    /// limit is what the administrator allows). Returns the soft limit in force afterwards.
    @discardableResult
    public static func raiseLimit() -> Int {
        var limits = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits) == 0 else { return Int.max }
        if limits.rlim_cur < limits.rlim_max {
            var raised = limits
            raised.rlim_cur = limits.rlim_max
            if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { limits = raised }
        }
        return limits.rlim_cur == rlim_t.max ? Int.max : Int(clamping: limits.rlim_cur)
    }

    /// Connections the descriptors left allow (may be zero or less when there are too few).
    public var connections: Int {
        guard limit != Int.max else { return Int.max }
        return limit - open - reserved - Self.margin
    }

    /// The connection cap to use for `requested`: the request, or fewer when the descriptors do not allow it.
    public func cap(_ requested: Int) -> Int {
        min(requested, max(connections, 0))
    }

    /// The smallest descriptor limit that serves `minimumConnections` with this budget's other needs.
    public var smallestWorkableLimit: Int {
        open + reserved + Self.margin + Self.minimumConnections
    }

    /// Descriptors open in this process, counted in /proc/self/fd (0 when it cannot be read).
    static func openDescriptors() -> Int {
        guard let directory = opendir("/proc/self/fd") else { return 0 }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            if entry.pointee.d_name.0 != CChar(UInt8(ascii: ".")) { count += 1 }
        }
        // The directory's own descriptor is counted too, and it is closed right after.
        return max(count - 1, 0)
    }
}
