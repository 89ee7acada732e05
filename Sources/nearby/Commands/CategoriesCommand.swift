import ArgumentParser
import FoundationEssentials
import NearbyCore
import NearbyData

/// `nearby categories`: how many places of each category lie near a point, or in the whole store.
struct CategoriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "categories",
        abstract: "Count the places of each category near a point (or in the whole store without --near).",
        discussion: "With --at or --open-during, a second count says how many of them are open then.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var area: NearOptions
    @OptionGroup var time: TimeOptions

    @Flag(help: "Print a JSON array instead of rows.")
    var json = false

    func run() async throws {
        let store = LocalPlacesStore(database: try global.openStore(.readOnly))
        try store.requirePlaces(storeDirectory: global.directory.path)
        let counts: [Category: Int]
        let here = area.near == nil ? nil
            : try await area.location(in: store, gps: try AppSettings.load(flags: [:]).gpsd)
        do throws(PlacesError) {
            if let here {
                counts = try store.fetchCategoryCounts(near: here.coordinate, radius: area.radius)
            } else {
                counts = try store.fetchCategoryTotals()
            }
        } catch {
            throw CommandFailure(error.explanation)
        }
        let openCounts = time.at != nil || time.openDuring != nil
            ? try countOpen(in: store, center: here?.coordinate, radius: area.radius) : nil
        // Most common first; ties in the fixed category order.
        let rows = Category.allCases.compactMap { category in counts[category].map { (category, $0) } }
            .enumerated().sorted { ($0.element.1, -$0.offset) > ($1.element.1, -$1.offset) }.map(\.element)
        if json {
            Console.write(JSONOutput.array(rows.map { category, count in
                var fields: [(String, JSONOutput)] = [("category", .string(category.rawValue)),
                                                      ("name", .string(category.displayName)), ("count", .int(count))]
                // Open at --at (or for all of --open-during); absent without them.
                if let openCounts { fields.append(("open", .int(openCounts[category] ?? 0))) }
                return .object(fields)
            }).rendered())
        } else if rows.isEmpty {
            let units = (try? AppSettings.load(flags: [:]).units) ?? .metric
            let place = here?.name.map { " of \(TerminalText.safe($0))" } ?? ""
            Console.line("No places within \(DistanceFormatting.radius(area.radius, units: units))\(place); "
                         + "a larger --radius looks further.")
        } else {
            let nameWidth = rows.map { $0.0.rawValue.count }.max() ?? 0
            let counts = rows.map { NumberText.grouped($0.1) }
            let countWidth = max(7, counts.map(\.count).max() ?? 0)
            Console.write(zip(rows, counts).map { row, count in
                let open = openCounts.map {
                    "  " + NumberText.rightAligned(NumberText.grouped($0[row.0] ?? 0), width: countWidth) + " open"
                } ?? ""
                return NumberText.leftAligned(row.0.rawValue, width: nameWidth) + "  "
                    + NumberText.rightAligned(count, width: countWidth) + open + "  " + row.0.displayName + "\n"
            }.joined())
        }
    }

    /// How many places of each category are open at `--at` (or for all of `--open-during`).
    private func countOpen(in store: LocalPlacesStore, center: Coordinate?, radius: Double) throws -> [Category: Int] {
        let computerZone = ZoneRules.local(tz: ProcessEnvironment.values["TZ"])
        let zones = PlaceZones.world(fallback: computerZone)
        // --at and --open-during are read on the clock of --near, as its places' hours are.
        let zone = center.map { zones.zone(at: $0) } ?? computerZone
        let instant = try time.instant(zone: zone)
        let span = try time.span(zone: zone, base: instant)
        let holidays: HolidayDirectory
        do {
            holidays = try AppSettings.load(flags: [:]).holidayDirectory(zone: computerZone)
        } catch {
            throw CommandFailure(error.description)
        }
        // Without --near, every place: a circle around any point that holds the whole earth.
        let query = PlaceQuery(center: center ?? Coordinate(latitude: 0, longitude: 0),
                               radius: center == nil ? 20_037_509 : radius, limit: 500)
        var result: [Category: Int] = [:]
        var cursor: PageCursor?
        do throws(PlacesError) {
            repeat {
                let page = try store.fetchPage(query, after: cursor)
                for hit in page.hits {
                    let open = span.map { PlacesOutput.isOpen(hit.place, during: $0, zones: zones, holidays: holidays) }
                        ?? (PlacesOutput.openState(hit.place, at: instant, zones: zones, holidays: holidays) == "open")
                    if open { result[hit.place.category, default: 0] += 1 }
                }
                cursor = page.next
            } while cursor != nil
        } catch {
            throw CommandFailure(error.explanation)
        }
        return result
    }
}
