import ArgumentParser
import FoundationEssentials
import NearbyCore
import NearbyData

/// `nearby categories`: how many places of each category lie near a point, or in the whole store.
struct CategoriesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "categories",
        abstract: "Count the places of each category near a point (or in the whole store without --near).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var area: NearOptions

    @Flag(help: "Print a JSON array instead of rows.")
    var json = false

    func run() throws {
        let store = LocalPlacesStore(database: try global.openStore())
        try store.requirePlaces(storeDirectory: global.directory.path)
        let counts: [Category: Int]
        let here = area.near == nil ? nil : try area.location(in: store)
        do throws(PlacesError) {
            if let here {
                counts = try store.fetchCategoryCounts(near: here.coordinate, radius: area.radius)
            } else {
                counts = try store.fetchCategoryTotals()
            }
        } catch {
            throw CommandFailure(error.explanation)
        }
        // Most common first; ties in the fixed category order.
        let rows = Category.allCases.compactMap { category in counts[category].map { (category, $0) } }
            .enumerated().sorted { ($0.element.1, -$0.offset) > ($1.element.1, -$1.offset) }.map(\.element)
        if json {
            Console.write(JSONOutput.array(rows.map { category, count in
                .object([("category", .string(category.rawValue)), ("name", .string(category.displayName)),
                         ("count", .int(count))])
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
                NumberText.leftAligned(row.0.rawValue, width: nameWidth) + "  "
                    + NumberText.rightAligned(count, width: countWidth) + "  " + row.0.displayName + "\n"
            }.joined())
        }
    }
}
