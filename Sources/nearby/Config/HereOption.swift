import ArgumentParser

/// `--near`, a point: LAT,LON or a place name. Unconditional, so a southern or western coordinate
/// (`--near -33.867,151.207`) is read as the value rather than as an unknown option.
struct HereOption: ParsableArguments {
    @Option(name: .customLong("near"), parsing: .unconditional,
            help: ArgumentHelp("LAT,LON (e.g. 47.141,9.5209 or -33.867,151.207), or the name of a town in the store; "
                               + "gps (the app) follows gpsd.",
                               valueName: "LAT,LON|NAME|gps"))
    var near: String?
}
