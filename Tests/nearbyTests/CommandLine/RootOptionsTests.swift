import Testing
@testable import nearby

/// Options of the root command and its subcommands must reach the command they are written after.
struct RootOptionsTests {
    @Test func subcommandOptionsReachTheSubcommand() throws {
        let parsed = try CommandRouter.parse(["places", "--near", "47.1,9.5", "--source", "overpass",
                                                    "--places-url", "http://127.0.0.1:9", "--data-dir", "/tmp/x"])
        let places = try #require(parsed as? PlacesCommand)
        #expect(places.area.near == "47.1,9.5")
        #expect(places.placesSource.source == "overpass")
        #expect(places.placesSource.placesURL == "http://127.0.0.1:9")
        #expect(places.global.dataDirectory == "/tmp/x")
    }

    @Test func rootOptionsReachTheApp() throws {
        let parsed = try CommandRouter.parse(["--source", "google", "--friends-url", "http://127.0.0.1:8080",
                                                    "--friends-token", "t", "--open", "friends"])
        let root = try #require(parsed as? NearbyCommand)
        #expect(root.placesSource.flags == [.source: "google"])
        #expect(root.friendsService.flags == [.friendsURL: "http://127.0.0.1:8080", .friendsToken: "t"])
    }
}

extension RootOptionsTests {
    @Test func nearReachesTheAppAndTheSubcommands() throws {
        let root = try #require(try CommandRouter.parse(["--near", "47.1,9.5"]) as? NearbyCommand)
        #expect(root.here.near == "47.1,9.5")
        let categories = try #require(try CommandRouter.parse(["categories", "--near", "1,2"]) as? CategoriesCommand)
        #expect(categories.area.near == "1,2")
    }
}

extension RootOptionsTests {
    @Test func friendsAddKeepsItsOwnNear() throws {
        let parsed = try CommandRouter.parse(["friends", "add", "--first", "Anna", "--last", "Beck",
                                                    "--phone", "555 0101", "--near", "47.141,9.5209"])
        let add = try #require(parsed as? FriendsAddCommand)
        #expect(add.near == "47.141,9.5209")
        #expect(add.source.global.dataDirectory == nil)
    }
}
