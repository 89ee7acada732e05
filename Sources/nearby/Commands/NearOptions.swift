import ArgumentParser
import NearbyCore
import NearbyData
import NearbyViewModels
import NearbyRemote

/// `--near` and `--radius`, for the commands that look around a point.
struct NearOptions: ParsableArguments {
    /// The widest radius a command accepts: the app's (`SearchRadius.widest`).
    static let maximumRadius = SearchRadius.widest

    @OptionGroup(title: "Where to look") var here: HereOption

    /// `--near` as given.
    var near: String? { here.near }

    @Option(name: .customLong("radius"), parsing: .unconditional,
            help: ArgumentHelp("How far to look, in metres (default 2000, at most 50000, as in the app).",
                               valueName: "METRES"))
    var radiusMetres: Double?

    func validate() throws {
        if let radiusMetres, let problem = Self.radiusProblem(radiusMetres) { throw ValidationError(problem) }
        if let near, let problem = CoordinateText.problem(in: near) {
            throw ValidationError("--near: \(problem)")
        }
    }

    /// Why `metres` is no radius, in the words of the app and every command alike; nil when it is one.
    static func radiusProblem(_ metres: Double) -> String? {
        guard !(metres > 0 && metres <= maximumRadius) else { return nil }
        return "--radius wants metres more than 0 and at most \(NumberText.grouped(Int(maximumRadius))), not "
            + "\(NumberText.plain(metres))."
    }

    /// The radius in metres.
    var radius: Double { radiusMetres ?? SearchRadius.standard }

    /// Where `--near` (else `fallback`, the config file's `near`) points, or a failure saying why it cannot be used.
    func location(in store: LocalPlacesStore, fallback: String? = nil,
                  gps: any PositionSource = GPSDClient()) async throws(CommandFailure) -> NearLocation {
        guard let near = near ?? fallback else {
            throw .badValue("Say where you are: --near LAT,LON or --near NAME (e.g. --near 47.141,9.5209).")
        }
        return try await NearResolution.resolve(near, in: store, gps: gps)
    }
}

/// How a command reads a point it was given: "gps" is one fix from gpsd, anything else a town, a place or
/// LAT,LON of the store.
enum NearResolution {
    static func resolve(_ text: String, in store: LocalPlacesStore, gps: any PositionSource,
                        option: String? = nil, nearestTo reference: Coordinate? = nil,
                        placesToo: Bool = false) async throws(CommandFailure) -> NearLocation {
        if HereTracking.isGPS(text) {
            return NearLocation(name: nil, coordinate: try await fix(from: gps, option: option ?? "--near"))
        }
        do throws(NearResolutionError) {
            return placesToo ? try store.resolveTownOrPlace(text, nearestTo: reference) : try store.resolveNear(text)
        } catch {
            throw .near(error, option: option)
        }
    }

    /// One fix from gpsd, or a failure saying why there is none.
    static func fix(from gps: any PositionSource, option: String) async throws(CommandFailure) -> Coordinate {
        switch await FirstFix.from(gps) {
        case .fix(let coordinate):
            return coordinate
        case .unavailable(let reason):
            // Not a wrong command line (status 1, not 64): the same line works once the receiver has a position.
            throw CommandFailure("\(option) gps: no position from gpsd: \(reason).")
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
