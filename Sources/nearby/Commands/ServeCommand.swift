import ArgumentParser
import Foundation
import NearbyCore
import NearbyData

/// `nearby serve`: the local store's friends over HTTP, on the friends service's routes.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve your friends over HTTP (GET /listFriends, POST /addFriend, /editFriend/{id}, /api/friends).",
        discussion: """
            Without --token only a loopback address (127.0.0.1, ::1, localhost) is accepted. \
            With --token every request needs the header 'Authorization: Bearer TOKEN'. \
            One line per request is logged to standard error.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(parsing: .unconditional, help: "Address to listen on.")
    var host: String = "127.0.0.1"

    @Option(parsing: .unconditional, help: "Port to listen on (0 picks a free one).")
    var port: UInt16 = 8080

    @Option(parsing: .unconditional, help: "Bearer token clients must send; required to listen beyond this machine. Also read from NEARBY_SERVE_TOKEN, which keeps it out of the process list.")
    var token: String?

    @Flag(help: "Serve an address book kept in memory only (starts empty, forgotten on exit) instead of the store.")
    var memory = false

    // For end-to-end tests: holds every answer, so a client's loading state can be seen.
    @Option(name: .customLong("delay-ms"), parsing: .unconditional, help: .hidden)
    var delayMilliseconds: Int = 0

    func validate() throws {
        guard (0...60_000).contains(delayMilliseconds) else {
            throw ValidationError("--delay-ms wants milliseconds between 0 and 60000.")
        }
    }

    func run() async throws {
        let token = self.token ?? ProcessInfo.processInfo.environment["NEARBY_SERVE_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        let repository: any FriendsRepository = memory ? InMemoryFriendsRepository() : try storeRepository()
        let server: FriendsServer
        do {
            server = try FriendsServer(repository: repository, host: host, port: port, token: token,
                                       responseDelay: .milliseconds(delayMilliseconds), log: StandardError.writeLine)
        } catch {
            throw ServeFailure(message: error.description)
        }
        let bound: UInt16
        do {
            bound = try await server.start()
        } catch {
            throw ServeFailure(message: error.description)
        }
        let shown = host.contains(":") ? "[\(host)]" : host
        StandardError.writeLine("Serving friends on http://\(shown):\(bound)\(token == nil ? "" : " (bearer token required)")")
        await withTaskCancellationHandler {
            await server.waitUntilStopped()
        } onCancel: {
            Task { await server.stop() }
        }
    }

    private func storeRepository() throws -> any FriendsRepository {
        LocalFriendsRepository(database: try global.openStore())
    }
}

/// Why `serve` stopped, said without the usage text (the options were fine).
struct ServeFailure: LocalizedError, CustomStringConvertible {
    let message: String
    var description: String { message }
    var errorDescription: String? { message }
}

/// Lines for the user on standard error.
enum StandardError {
    @Sendable static func writeLine(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
