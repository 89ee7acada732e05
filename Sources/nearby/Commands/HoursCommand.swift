import ArgumentParser
import FoundationEssentials
import NearbyCore

/// `nearby hours EXPR`: evaluates an OpenStreetMap `opening_hours` text at an instant, as the screens do.
struct HoursCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hours",
        abstract: "Evaluate an opening_hours text: the state, the next change and the week.",
        discussion: """
            Times are local to $TZ, else the system's time zone. Public holidays (PH) come from the country \
            setting (--country, NEARBY_COUNTRY, `country` in the config file), else the time zone's country; \
            sunrise and sunset from --near, else the time zone's principal city.
            """
    )

    @Argument(help: "The opening_hours text, e.g. \"Mo-Fr 08:00-18:00; Sa 09:00-12:00\".")
    var expression: String

    @OptionGroup var time: TimeOptions

    @OptionGroup(title: "Where the place is (for sunrise and sunset, and its country's holidays)")
    var here: HereOption

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The country whose public holidays apply (two letters, e.g. LI).",
                               valueName: "CODE"))
    var country: String?

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() async throws {
        if time.openDuring != nil {
            throw CommandFailure.badValue("--open-during goes with the app, nearby places and nearby categories.")
        }
        let environment = ProcessEnvironment.values
        let computerZone = ZoneRules.local(tz: environment["TZ"])
        var zone = computerZone
        var settings: AppSettings
        do {
            settings = try AppSettings.load(flags: [:], environment: environment)
            if let country { settings.country = try Self.countryCode(country) }
        } catch let error as SettingsError {
            throw CommandFailure(error.description)
        }
        let zoneEntry = ZoneTable().entry(forZone: computerZone.identifier)
        var position = zoneEntry.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
        if let near = here.near {
            let given: Coordinate
            if HereTracking.isGPS(near) {
                // Hours need no store: gps is the one other point they take.
                given = try await NearResolution.fix(from: settings.gpsd, option: "--near")
            } else if let parsed = Coordinate(parsing: near) {
                given = parsed
            } else {
                throw CommandFailure.badValue(
                    "--near for hours wants LAT,LON (e.g. 47.141,9.5209) or gps, not \(TerminalText.quoted(near)).")
            }
            position = given
            // Hours at a place are read on its clock.
            zone = PlaceZones.world(fallback: computerZone).zone(at: given)
        } else if settings.country == nil {
            // No place given: the zone's own country.
            settings.country = zoneEntry?.country
        }
        let instant = try time.instant(zone: zone)
        let directory: HolidayDirectory
        do {
            directory = try settings.holidayDirectory(zone: computerZone)
        } catch {
            throw CommandFailure(error.description)
        }
        let context = HoursContext(zone: zone, position: position,
                                   holidays: directory.calendar(countryTag: nil, at: position))
        let hours = OpeningHours(osm: expression)
        let report = HoursReport(hours: hours, status: hours.evaluate(at: instant, in: context),
                                 week: hours.week(containing: instant, in: context), context: context)
        print(json ? report.json : report.table.joined(separator: "\n"))
    }

    static func countryCode(_ text: String) throws -> String {
        let code = text.trimmingSpaces().uppercased()
        guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw CommandFailure.badValue("--country wants two letters such as LI, CH or US, not \(TerminalText.quoted(text)).")
        }
        return code
    }
}

extension Coordinate {
    /// "47.141,9.5209" (a space after the comma allowed); nil for anything else or out of range.
    init?(parsing text: String) {
        let parts = text.split(separator: ",").map { $0.trimmingSpaces() }
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
              (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }
}
