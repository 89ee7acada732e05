import Synchronization

/// An import asked to stop (ctrl-c, SIGTERM): the command line's signal handler sets it, the importer looks at
/// it between blocks and steps and stops by throwing `OSMImportError.interrupted`, so that the transaction
/// rolls back and the temporary folder is removed. Setting it is safe inside a signal handler (one atomic store).
public enum ImportInterruption {
    /// The signal that asked (0: none), so the command ends as that signal would (128 + its number).
    private static let requested = Atomic<Int32>(0)

    public static func request(bySignal number: Int32 = 15) {
        requested.store(number, ordering: .relaxed)
    }

    /// For a later import in the same process (tests).
    public static func reset() {
        requested.store(0, ordering: .relaxed)
    }

    package static var isRequested: Bool { requested.load(ordering: .relaxed) != 0 }

    /// The signal an interrupted import was stopped by, or nil.
    public static var signal: Int32? {
        let number = requested.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    package static func check() throws(OSMImportError) {
        if isRequested { throw .interrupted }
    }
}
