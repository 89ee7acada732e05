import ArgumentParser
import Foundation
import NearbyServer
import NearbyServerOptions

/// Reading the URLs of `DatabaseOptions`, given or from the environment.
extension DatabaseOptions {
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
