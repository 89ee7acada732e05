import NIOCore

/// How many threads serve connections (SwiftNIO's event loops), for the HTTP server and the database pools.
public enum EventLoopThreads {
    /// Sets the count; call before anything serves. Several instances sharing one machine's cores do less
    /// thread switching with fewer each.
    public static func use(_ count: Int) {
        NIOSingletons.groupLoopCountSuggestion = count
    }
}
