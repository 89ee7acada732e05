import ArgumentParser
import Foundation
import NearbyCore
import NearbyData

/// `--near` and `--radius`, shared by the commands that look around a point.
struct NearOptions: ParsableArguments {
    // Where you are; a group shared with the root command (see HereOption).
    @OptionGroup var here: HereOption

    /// `--near` as given.
    var near: String? { here.near }

    // Unconditional, so "--radius -5" reaches the check below instead of reading as an unknown option.
    @Option(name: .customLong("radius"), parsing: .unconditional,
            help: ArgumentHelp("How far to look, in metres (default 2000).", valueName: "METRES"))
    var radiusText: String?

    /// The radius in metres, checked.
    func radius() throws -> Double {
        guard let radiusText else { return 2_000 }
        guard let value = Double(radiusText.trimmingCharacters(in: .whitespaces)), value.isFinite, value > 0,
              value <= 20_100_000 else {
            throw CommandFailure("--radius wants metres between 1 and 20100000, not \(radiusText.quotedForTerminal).")
        }
        return value
    }

    /// Where `--near` (else `fallback`, the config file's `near`) points, or a failure saying why it cannot be used.
    func location(in store: LocalPlacesStore, fallback: String? = nil) throws -> NearLocation {
        guard let near = near ?? fallback else {
            throw CommandFailure("Say where you are: --near LAT,LON or --near NAME (e.g. --near 47.141,9.5209).")
        }
        do {
            return try store.resolveNear(near)
        } catch {
            throw CommandFailure(error.description)
        }
    }
}

/// A failure the command reports as one line ("Error: …") with a non-zero exit status.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension LocalPlacesStore {
    /// Fails with directions when the store holds no places yet.
    func requirePlaces(storeDirectory: URL) throws {
        do {
            if try fetchIsEmpty() {
                throw CommandFailure("The store in \(storeDirectory.path) holds no places yet. "
                                     + "Import an OpenStreetMap extract first: nearby import FILE.osm.pbf")
            }
        } catch let error as PlacesError {
            throw CommandFailure(error.explanation)
        }
    }
}

extension String {
    /// The text with control characters replaced, so data cannot drive the terminal.
    var safeForTerminal: String {
        String(String.UnicodeScalarView(unicodeScalars.map {
            $0.properties.generalCategory == .control ? "\u{FFFD}" : $0
        }))
    }

    /// Quoted and safe for the terminal, for error messages.
    var quotedForTerminal: String { "“\(safeForTerminal)”" }
}
