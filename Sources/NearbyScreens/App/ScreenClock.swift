import FoundationEssentials
import NearbyViewModels
import TerminalView

/// The wake-ups of one screen on the stack, each following a date its view model publishes (`nextRefresh`).
///
/// While the screen is on top, each date is one `ScheduledWake` with the app's host. While another screen
/// covers it, its wakes are released: a covered screen draws nothing, so waking it (Home re-evaluating its hot
/// picks under a list) would be work for nobody. Back on top, they are asked for again; one whose time passed
/// meanwhile is due at once.
@MainActor
final class ScreenClock {
    private final class Follower {
        let action: @MainActor () -> Void
        var date: Date?
        /// Held here alone: the host keeps wakes weakly, so releasing this calls it off.
        var wake: ScheduledWake?

        init(action: @escaping @MainActor () -> Void) { self.action = action }
    }

    private let schedule: @MainActor (ScheduledWake) -> Void
    private var followers: [Follower] = []

    /// Whether another screen lies over this one.
    var isCovered = false {
        didSet { armAll() }
    }

    init(schedule: @escaping @MainActor (ScheduledWake) -> Void) {
        self.schedule = schedule
    }

    /// Runs `action` when the clock reaches the date `next` holds, following it as it changes.
    func follow(_ next: Observable<Date?>, _ action: @escaping @MainActor () -> Void) -> ObservationToken {
        let follower = Follower(action: action)
        followers.append(follower)
        return next.bindAndFire { [weak self, weak follower] date in
            guard let self, let follower else { return }
            follower.date = date
            arm(follower)
        }
    }

    /// Asks the host again for every wake (after the host was attached, or the screen came back on top).
    func armAll() {
        for follower in followers { arm(follower) }
    }

    /// The screen left the stack: every wake is called off.
    func stop() {
        followers.removeAll()
    }

    private func arm(_ follower: Follower) {
        follower.wake = nil
        guard !isCovered, let date = follower.date else { return }
        let wake = ScheduledWake(at: date, follower.action)
        follower.wake = wake
        schedule(wake)
    }
}
