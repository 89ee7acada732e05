import ArgumentParser
import FoundationEssentials
import NearbyCore

/// `--at` and `--open-during`, one type for the root command and the subcommands that evaluate opening
/// hours. Each command declares its own; values are taken unconditionally, so one that looks like an option
/// reaches `TimeExpression`, which says what is wrong with it.
struct TimeOptions: ParsableArguments {
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Evaluate opening hours at this time instead of now: 22:00, \"tomorrow 10:00\", "
                               + "\"Sa 14:00\", 2026-11-21, \"2026-11-21 14:00\". In the app, t changes it (t, then Enter: now).",
                               valueName: "TIME"))
    var at: String?

    @Option(name: .customLong("open-during"), parsing: .unconditional,
            help: ArgumentHelp("Only places open for the whole span, e.g. 18:00-20:00 or \"Sa 18:00-20:00\" "
                               + "(counted from --at, else now); in the app, the places lists.", valueName: "FROM-TO"))
    var openDuring: String?

    /// Refuses an `--at` or `--open-during` that is no time at all ("bogus", "25:00"), before anything else is
    /// read: a time the clocks skip is checked later, on the clock of the place it is for (UTC skips none).
    func checkWording() throws {
        let now = Date()
        let base = try instant(zone: .utc, now: now)
        _ = try span(zone: .utc, base: base)
    }

    /// The instant `--at` names, else `now`.
    func instant(zone: ZoneRules, now: Date = Date()) throws -> Date {
        guard let at else { return now }
        switch TimeExpression.parse(at, now: now, zone: zone) {
        case .success(let date): return date
        case .failure(let error): throw CommandFailure.badValue("--at: \(OpeningHoursText.printable(error.description)).")
        }
    }

    /// The span `--open-during` names, counted from `base`; nil without the option.
    func span(zone: ZoneRules, base: Date) throws -> (start: Date, end: Date)? {
        guard let openDuring else { return nil }
        switch TimeExpression.span(openDuring, base: base, zone: zone) {
        case .success(let span): return span
        case .failure(let error): throw CommandFailure.badValue("--open-during: \(OpeningHoursText.printable(error.description)).")
        }
    }
}
