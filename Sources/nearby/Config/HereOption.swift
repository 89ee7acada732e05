import ArgumentParser

/// `--near`, a point. Every command that takes `--near` uses this one type (with a group title saying what the
/// point is), because the root command takes `--near` too: ArgumentParser lets the root consume it and passes
/// its decoded group on to a subcommand only by type, so an option of any other type would never be set.
struct HereOption: ParsableArguments {
    @Option(name: .customLong("near"),
            help: ArgumentHelp("LAT,LON (e.g. 47.141,9.5209), or a place name in the store where the command takes one; gps (the app) follows gpsd.",
                               valueName: "LAT,LON|NAME|gps"))
    var near: String?
}
