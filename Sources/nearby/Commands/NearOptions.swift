import ArgumentParser
import NearbyCore
import NearbyData
import NearbyViewModels

/// `--near` and `--radius`, for the commands that look around a point.
struct NearOptions: ParsableArguments {
    /// The widest radius a command accepts: half the earth's circumference, so "everywhere" can be asked.
    static let maximumRadius = 20_100_000.0

    @OptionGroup(title: "Where to look") var here: HereOption

    /// `--near` as given.
    var near: String? { here.near }

    @Option(name: .customLong("radius"), parsing: .unconditional,
            help: ArgumentHelp("How far to look, in metres (default 2000).", valueName: "METRES"))
    var radiusMetres: Double?

    func validate() throws {
        if let radiusMetres, !(radiusMetres > 0 && radiusMetres <= Self.maximumRadius) {
            throw ValidationError("--radius wants metres more than 0 and at most 20,100,000, not "
                                  + "\(NumberText.plain(radiusMetres)).")
        }
        if let near, let problem = CoordinateText.problem(in: near) {
            throw ValidationError("--near: \(problem)")
        }
    }

    /// The radius in metres.
    var radius: Double { radiusMetres ?? SearchRadius.standard }

    /// Where `--near` (else `fallback`, the config file's `near`) points, or a failure saying why it cannot be used.
    func location(in store: LocalPlacesStore, fallback: String? = nil) throws(CommandFailure) -> NearLocation {
        guard let near = near ?? fallback else {
            throw .badValue("Say where you are: --near LAT,LON or --near NAME (e.g. --near 47.141,9.5209).")
        }
        do throws(NearResolutionError) {
            return try store.resolveNear(near)
        } catch {
            throw .near(error)
        }
    }
}

extension LocalPlacesStore {
    /// Fails with directions when the store holds no places yet.
    func requirePlaces(storeDirectory: String) throws(CommandFailure) {
        let isEmpty: Bool
        do {
            isEmpty = try fetchIsEmpty()
        } catch {
            throw CommandFailure(error.explanation)
        }
        if isEmpty {
            throw CommandFailure("The store in \(storeDirectory) holds no places yet. "
                                 + "Import an OpenStreetMap extract first: nearby import FILE.osm.pbf")
        }
    }
}
