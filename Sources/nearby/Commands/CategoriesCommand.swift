import ArgumentParser
import Foundation
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
        let radius = try area.radius()
        let store = LocalPlacesStore(database: try global.openStore(.readOnly))
        try store.requirePlaces(storeDirectory: global.directory)
        let counts: [Category: Int]
        do {
            if area.near != nil {
                let here = try area.location(in: store)
                counts = try store.fetchCategoryCounts(near: here.coordinate, radius: radius)
            } else {
                counts = try store.fetchCategoryTotals()
            }
        } catch let error as PlacesError {
            throw CommandFailure(error.explanation)
        }
        // Most common first; ties in the fixed category order.
        let rows = Category.allCases.compactMap { category in counts[category].map { (category, $0) } }
            .enumerated().sorted { ($0.element.1, -$0.offset) > ($1.element.1, -$1.offset) }.map(\.element)
        if json {
            let objects = rows.map { CategoryCount(category: $0.0.rawValue, name: $0.0.displayName, count: $0.1) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(objects), as: UTF8.self))
        } else if rows.isEmpty {
            print("No places within \(PlacesOutput.distance(radius)).")
        } else {
            let width = rows.map { $0.0.rawValue.count }.max() ?? 0
            for (category, count) in rows {
                let name = category.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
                print("\(name)  \(String(count).leftPadded(to: 7))  \(category.displayName)")
            }
        }
    }

    private struct CategoryCount: Encodable {
        var category: String
        var name: String
        var count: Int
    }
}
