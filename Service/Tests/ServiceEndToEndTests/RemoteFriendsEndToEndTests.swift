import Foundation
import Testing
import TestSupport

/// The friends screens on a friends service (`nearby serve`, answering slowly on purpose), in tmux.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .terminal)
struct RemoteFriendsEndToEndTests {
    /// A data folder for the server, holding the given friends (added with `nearby friends add`).
    private func serverData(_ session: TmuxSession, _ friends: [(String, String, String)]) async throws -> URL {
        let folder = session.dataDirectory.appendingPathComponent("server")
        for (first, last, phone) in friends { try await add(first, last, phone, to: folder) }
        return folder
    }

    private func add(_ first: String, _ last: String, _ phone: String, to folder: URL) async throws {
        try await Command.output(Binaries.nearby, ["friends", "add", "--data-dir", folder.path,
                                                   "--first", first, "--last", last, "--phone", phone])
    }

    /// Opens the app on the friends list of `url`; no config file and no NEARBY_* variables but these.
    private func openApp(_ session: TmuxSession, friendsURL: String, extra: String = "") throws {
        let app = session.dataDirectory.appendingPathComponent("app")
        try session.run("env -u NEARBY_FRIENDS_TOKEN -u NEARBY_SOURCE XDG_CONFIG_HOME=\(app.path)/config "
                        + "\(TmuxSession.binary.path) --data-dir \(app.path) --friends-url \(friendsURL) \(extra)"
                        + " --open friends; echo EXIT=$?")
    }

    @Test func loadingThenRowsThenNetworkErrorThenBackAfterRetry() async throws {
        let session = try await TmuxSession.start()
        let data = try await serverData(session, [("Anna", "Beck", "+423 555 0101"), ("Ben", "Adler", "+423 555 0102")])
        var server: ServeProcess? = try await ServeProcess.start(dataDirectory: data, delayMilliseconds: 2000)
        let port = try #require(server?.port)
        try openApp(session, friendsURL: "http://127.0.0.1:\(port)")

        // The answer takes 2 s (long enough for a screen poll on a loaded machine): the loading row shows first, then
        // the rows.
        try await session.waitFor(text: "Loading friends…")
        let loaded = try await session.waitFor("the service's friends") { $0.contains("Anna Beck") && $0.contains("Ben Adler") }
        #expect(!loaded.contains("Loading friends…"))
        try await session.waitFor(text: "Friends · 2")

        // The service goes away: a refresh shows the error row with "r retry" instead of stale rows.
        await server?.terminate()
        server = nil
        try session.press("r")
        // The row names the address it tried.
        try await session.waitFor(text: "Could not connect to the friends service at http://127.0.0.1:\(port)")
        try await session.waitFor(text: "r retry")
        #expect(!(try session.screen().contains("Anna Beck")))

        // Back, with one more friend: retrying shows the service's list again.
        try await add("Carla", "Diaz", "+423 555 0103", to: data)
        server = try await ServeProcess.start(dataDirectory: data, port: port, delayMilliseconds: 800)
        try session.press("r")
        try await session.waitFor("the refreshed list") { $0.contains("Carla Diaz") && $0.contains("Friends · 3") }

        try session.press("Q")
        try await session.waitFor(text: "EXIT=0")
        await server?.terminate()
    }

    @Test func unreachableServiceShowsTheErrorRowUntilItAnswers() async throws {
        let session = try await TmuxSession.start()
        let data = try await serverData(session, [("Anna", "Beck", "+423 555 0101")])
        // Learn a free port, then leave it closed while the app starts.
        let probe = try await ServeProcess.start(dataDirectory: data)
        let port = probe.port
        await probe.terminate()
        try openApp(session, friendsURL: "http://127.0.0.1:\(port)")
        try await session.waitFor(text: "Could not connect to the friends service at http://127.0.0.1:\(port)")
        try await session.waitFor(text: "r retry")
        #expect(!(try session.screen().contains("Anna Beck")))

        // Long enough that a screen poll on a loaded machine still sees the loading row.
        let server = try await ServeProcess.start(dataDirectory: data, port: port, delayMilliseconds: 2000)
        try session.press("r")
        try await session.waitFor(text: "Loading friends…")
        try await session.waitFor(text: "Anna Beck")
        try session.press("Q")
        try await session.waitFor(text: "EXIT=0")
        await server.terminate()
    }

    @Test func aWrongTokenNamesWhereTheTokenIsSet() async throws {
        let session = try await TmuxSession.start()
        let data = try await serverData(session, [("Anna", "Beck", "+423 555 0101")])
        let server = try await ServeProcess.start(dataDirectory: data, delayMilliseconds: 800, token: "right-token")
        try openApp(session, friendsURL: server.url, extra: "--friends-token wrong-token")
        // No "log in": the app has none. The row names the token setting.
        try await session.waitFor(text: "The friends service refused the token: set it with --friends-token")
        #expect(!(try session.screen().contains("Anna Beck")))
        try session.press("Q")
        try await session.waitFor(text: "EXIT=0")

        // The right token, from the environment, loads the list.
        try session.run("clear")
        try session.run("export NEARBY_FRIENDS_TOKEN=right-token")
        let app = session.dataDirectory.appendingPathComponent("app")
        try session.run("XDG_CONFIG_HOME=\(app.path)/config \(TmuxSession.binary.path) --data-dir \(app.path) "
                        + "--friends-url \(server.url) --open friends; echo EXIT2=$?")
        try await session.waitFor(text: "Anna Beck")
        try session.press("Q")
        try await session.waitFor(text: "EXIT2=0")
        await server.terminate()
    }
}
