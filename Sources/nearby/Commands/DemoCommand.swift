import ArgumentParser
import Foundation
import NearbyCore
import NearbyData

/// `nearby demo`: makes (or reuses) the fictional demo town in its own file and says where it is.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Generate the fictional \"Demo town\" (demo.sqlite beside the store; the store is not touched).")

    @OptionGroup var global: GlobalOptions

    @Option(help: "How many places the town has (1 to 2,000,000; default: the town already made, else 500).")
    var places: Int?

    func validate() throws {
        if let places, !(1...DemoTown.maximumPlaceCount).contains(places) {
            throw ValidationError("--places must be between 1 and \(DemoTown.maximumPlaceCount).")
        }
    }

    func run() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let town: DemoTown
        do {
            town = try await DemoTown.open(in: global.directory, places: places)
        } catch let error as PlacesError {
            throw CommandFailure(error.explanation)
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let centre = String(format: "%.4f, %.4f", town.center.latitude, town.center.longitude)
        let what = town.wasGenerated ? String(format: "generated in %.2f s", seconds) : "already there"
        print("\(town.name) (\(centre)): \(town.placeCount) places, \(what): \(DemoTown.file(in: global.directory).path)")
    }
}
