import ArgumentParser
import Foundation
import NearbyCore
import NearbyData

/// `nearby categories`: how many places of each category lie near a point, or in the whole store.
struct CategoriesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "categories",
        abstract: "Count the places of each category near a point (or in the whole store without --near).",
        discussion: "With --at or --open-during, a second count says how many of them are open then.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var area: NearOptions
    @OptionGroup var time: TimeOptions

    @Flag(help: "Print a JSON array instead of rows.")
    var json = false

    func run() throws {
        let radius = try area.radius()
        let store = LocalPlacesStore(database: try global.openStore())
        try store.requirePlaces(storeDirectory: global.directory)
        let counts: [Category: Int]
        var openCounts: [Category: Int]?
        do {
            let center: Coordinate?
            if area.near != nil {
                let here = try area.location(in: store)
                center = here.coordinate
                counts = try store.fetchCategoryCounts(near: here.coordinate, radius: radius)
            } else {
                center = nil
                counts = try store.fetchCategoryTotals()
            }
            if time.at != nil || time.openDuring != nil {
                openCounts = try countOpen(in: store, center: center, radius: radius)
            }
        } catch let error as PlacesError {
            throw CommandFailure(error.explanation)
        }
        // Most common first; ties in the fixed category order.
        let rows = Category.allCases.compactMap { category in counts[category].map { (category, $0) } }
            .enumerated().sorted { ($0.element.1, -$0.offset) > ($1.element.1, -$1.offset) }.map(\.element)
        if json {
            let objects = rows.map { category, count in
                CategoryCount(category: category.rawValue, name: category.displayName, count: count,
                              open: openCounts.map { $0[category] ?? 0 })
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(objects), as: UTF8.self))
        } else if rows.isEmpty {
            print("No places within \(PlacesOutput.distance(radius)).")
        } else {
            let width = rows.map { $0.0.rawValue.count }.max() ?? 0
            for (category, count) in rows {
                let name = category.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
                let open = openCounts.map { "  " + String($0[category] ?? 0).leftPadded(to: 7) + " open" } ?? ""
                print("\(name)  \(String(count).leftPadded(to: 7))\(open)  \(category.displayName)")
            }
        }
    }

    /// How many places of each category are open at `--at` (or for all of `--open-during`).
    private func countOpen(in store: LocalPlacesStore, center: Coordinate?, radius: Double) throws -> [Category: Int] {
        let zone = ZoneRules.local(tz: ProcessEnvironment.values["TZ"])
        let instant = try time.instant(zone: zone)
        let span = try time.span(zone: zone, base: instant)
        let holidays: HolidayDirectory
        do {
            holidays = try AppSettings.load(flags: [:]).holidayDirectory(zone: zone)
        } catch {
            throw CommandFailure(error.description)
        }
        // Without --near, every place: a circle around any point that holds the whole earth.
        let query = PlaceQuery(center: center ?? Coordinate(latitude: 0, longitude: 0),
                               radius: center == nil ? 20_037_509 : radius, limit: 500)
        var result: [Category: Int] = [:]
        var cursor: PageCursor?
        repeat {
            let page = try store.fetchPage(query, after: cursor)
            for hit in page.hits {
                let open = span.map { PlacesOutput.isOpen(hit.place, during: $0, timeZone: zone, holidays: holidays) }
                    ?? (PlacesOutput.openState(hit.place, at: instant, timeZone: zone, holidays: holidays) == "open")
                if open { result[hit.place.category, default: 0] += 1 }
            }
            cursor = page.next
        } while cursor != nil
        return result
    }

    private struct CategoryCount: Encodable {
        var category: String
        var name: String
        var count: Int
        /// Open at --at (or for all of --open-during); absent without them.
        var open: Int?
    }
}
