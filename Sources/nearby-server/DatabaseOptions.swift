import ArgumentParser
import Foundation
import NearbyServer

/// `--database` and `--database-replica`, also read from `NEARBY_DATABASE_URL` and `NEARBY_DATABASE_REPLICAS`
/// (space-separated), which keep passwords out of the process list.
struct DatabaseOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Keep friends and places in PostgreSQL/PostGIS at this URL (postgresql://user:password@host:5432/db); also NEARBY_DATABASE_URL. Without it, the local store.",
                               valueName: "URL"))
    var database: String?

    @Option(name: .customLong("database-replica"),
            help: ArgumentHelp("A streaming replica of the database for reads; may be given more than once (also NEARBY_DATABASE_REPLICAS, space-separated).",
                               valueName: "URL"))
    var replicas: [String] = []

    /// The primary's URL, when one is set.
    func primary() throws -> DatabaseURL? {
        let environment = ProcessInfo.processInfo.environment
        guard let text = database ?? environment["NEARBY_DATABASE_URL"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            return nil
        }
        do throws(DatabaseURLError) {
            return try DatabaseURL(text)
        } catch {
            throw ServerFailure("--database: \(error.description)")
        }
    }

    func replicaURLs() throws -> [DatabaseURL] {
        var texts = replicas
        if texts.isEmpty, let joined = ProcessInfo.processInfo.environment["NEARBY_DATABASE_REPLICAS"] {
            texts = joined.split(separator: " ").map(String.init)
        }
        return try texts.map { text in
            do throws(DatabaseURLError) {
                return try DatabaseURL(text)
            } catch {
                throw ServerFailure("--database-replica: \(error.description)")
            }
        }
    }
}
