import ArgumentParser
import FoundationEssentials
import NearbyCore
import NearbyData

/// `nearby demo`: makes (or reuses) the fictional demo town in its own file and says where it is.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Generate the fictional \"Demo town\" (demo.sqlite beside the store; the store is not touched).")

    @OptionGroup var global: GlobalOptions

    @Option(parsing: .unconditional,
            help: ArgumentHelp("How many places the town has (1 to 2,000,000; default: the town already made, else "
                               + "500).", valueName: "N"))
    var places: Int?

    func validate() throws {
        if let places, !(1...DemoTown.maximumPlaceCount).contains(places) {
            throw ValidationError("--places must be between 1 and \(NumberText.grouped(DemoTown.maximumPlaceCount)), not \(places).")
        }
    }

    func run() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let town: DemoTown
        do {
            try FileSystem.makeFolders(global.directory.path)
            town = try await DemoTown.open(in: global.directory, places: places)
        } catch let error as FileFailure {
            throw CommandFailure("Cannot create the data folder \(error.path): \(error.reason).")
        } catch let error as PlacesError {
            throw CommandFailure(error.explanation)
        } catch {
            throw CommandFailure(StoreOpenFailure.sentence(for: error, path: DemoTown.file(in: global.directory).path))
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let centre = CoordinateText.format(town.center, digits: 4)
        let what = town.wasGenerated ? "generated in \(NumberText.fixed(seconds, digits: 2)) s" : "already there"
        Console.line("\(town.name) (\(centre)): \(NumberText.grouped(town.placeCount)) places, \(what): "
                     + TerminalText.safe(DemoTown.file(in: global.directory).path))
    }
}
