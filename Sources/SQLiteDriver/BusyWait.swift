/// The naps a connection takes while another holds the lock it needs: short at first, since a write holds
/// the lock for well under a millisecond, then steady, so that a long wait does not oversleep the lock's release.
enum BusyWait {
    static let firstNap = 50
    static let longestNap = 2_000

    /// Microseconds to sleep before retry `attempt` (0 for the first): 50, 100, 200 … up to 2,000.
    static func nap(_ attempt: Int) -> Int {
        attempt >= 6 ? longestNap : min(longestNap, firstNap << attempt)
    }

    /// Microseconds slept before retry `attempt`: the naps of the attempts before it.
    static func waited(before attempt: Int) -> Int {
        guard attempt > 0 else { return 0 }
        if attempt <= 6 { return firstNap * ((1 << attempt) - 1) }
        return firstNap * 63 + (attempt - 6) * longestNap
    }
}
