import Foundation
import NearbyCore
import Testing
@testable import nearby

@Suite("AppSettings")
struct AppSettingsTests {
    private func file(_ text: String) throws -> ConfigFile {
        try ConfigFile(parsing: text, path: "/conf/nearby/config.toml")
    }

    private func failure(flags: [SettingKey: String] = [:], environment: [String: String] = [:],
                         file: ConfigFile? = nil) -> String? {
        do throws(SettingsError) {
            _ = try AppSettings.resolve(flags: flags, environment: environment, file: file)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func defaultsWithNothingSet() throws {
        let settings = try AppSettings.resolve(flags: [:], environment: [:], file: nil)
        #expect(settings.source == .local)
        #expect(settings.placesURL == nil)
        #expect(settings.friendsURL == nil)
        #expect(settings.friendsToken == nil)
        #expect(settings.near == nil)
        #expect(settings.units == .metric)
    }

    @Test func theGoogleServiceAndWhereTheKeyWasSet() throws {
        let config = try file("""
            source = "google"
            google_api = "legacy"
            google_api_key = "file-key"
            """)
        let fromFile = try AppSettings.resolve(flags: [:], environment: [:], file: config)
        #expect(fromFile.googleAPI == .legacy)
        #expect(fromFile.googleAPIKeyOrigin == "/conf/nearby/config.toml line 3 (google_api_key)")
        let fromEnvironment = try AppSettings.resolve(flags: [.googleAPI: "new"],
                                                      environment: ["NEARBY_GOOGLE_API_KEY": "env-key"], file: config)
        #expect(fromEnvironment.googleAPI == .new)
        #expect(fromEnvironment.googleAPIKeyOrigin == "NEARBY_GOOGLE_API_KEY")
        #expect(try AppSettings.resolve(flags: [:], environment: [:], file: nil).googleAPI == .new)
        #expect(failure(flags: [.googleAPI: "v2"]) == "--google-api: unknown Google API “v2”; use new or legacy.")
    }

    @Test func flagBeatsEnvironmentBeatsFileBeatsDefault() throws {
        let config = try file("""
            source = "google"
            google_api_key = "file-key"
            places_url = "http://file.example/api"
            friends_url = "http://file.example:1"
            friends_token = "file-token"
            near = "47.1,9.5"
            units = "imperial"
            """)
        let environment = ["NEARBY_SOURCE": "overpass", "NEARBY_PLACES_URL": "http://env.example/api",
                           "NEARBY_FRIENDS_TOKEN": "env-token", "NEARBY_GOOGLE_API_KEY": "env-key"]
        let flags: [SettingKey: String] = [.source: "local", .friendsToken: "flag-token"]

        let all = try AppSettings.resolve(flags: flags, environment: environment, file: config)
        #expect(all.source == .local)
        #expect(all.placesURL?.absoluteString == "http://env.example/api")
        #expect(all.friendsURL?.absoluteString == "http://file.example:1")
        #expect(all.friendsToken?.exposedValue == "flag-token")
        #expect(all.googleAPIKey?.exposedValue == "env-key")
        #expect(all.near == "47.1,9.5")
        #expect(all.nearOrigin == "/conf/nearby/config.toml line 6 (near)")
        #expect(all.units == .imperial)

        let noFlags = try AppSettings.resolve(flags: [:], environment: environment, file: config)
        #expect(noFlags.source == .overpass)
        #expect(noFlags.friendsToken?.exposedValue == "env-token")

        let fileOnly = try AppSettings.resolve(flags: [:], environment: [:], file: config)
        #expect(fileOnly.source == .google)
        #expect(fileOnly.googleAPIKey?.exposedValue == "file-key")
        #expect(fileOnly.placesURL?.absoluteString == "http://file.example/api")

        // A blank variable is unset: the file's value shows through.
        let blank = try AppSettings.resolve(flags: [:], environment: ["NEARBY_SOURCE": "  "], file: config)
        #expect(blank.source == .google)
    }

    @Test func badValuesFailInOneLineNamingWhereTheyCameFrom() throws {
        let cases: [(String?, String)] = [
            (failure(flags: [.source: "osm"]), "--source: unknown source “osm”; use local, overpass, google or service."),
            (failure(environment: ["NEARBY_SOURCE": "x\u{1B}[31m"]), "NEARBY_SOURCE: unknown source “x\u{241B}[31m”"),
            (failure(file: try file("source = \"bing\"")), "/conf/nearby/config.toml line 1 (source): unknown source"),
            (failure(flags: [.friendsURL: "ftp://host"]), "--friends-url wants an http or https address"),
            (failure(flags: [.friendsURL: "localhost:8080"]), "--friends-url wants an http or https address"),
            (failure(environment: ["NEARBY_PLACES_URL": "http://"]), "NEARBY_PLACES_URL wants an http"),
            (failure(flags: [.friendsURL: "http://h/?a=1"]), "--friends-url wants"),
            (failure(flags: [.source: ""]), "--source is empty."),
            (failure(file: try file("units = \"furlongs\"")), "unknown units “furlongs”; use metric or imperial."),
            (failure(flags: [.source: "google"]), "The google source needs an API key: set NEARBY_GOOGLE_API_KEY"),
        ]
        for (message, expected) in cases {
            #expect(message?.contains(expected) == true, "\(message ?? "no error") ≠ \(expected)")
            #expect(message?.contains("\n") == false)
        }
    }

    @Test func secretsAreNeverShown() throws {
        let badKey = failure(environment: ["NEARBY_GOOGLE_API_KEY": "AIza secret\u{1B}"])
        #expect(badKey?.contains("NEARBY_GOOGLE_API_KEY") == true)
        #expect(badKey?.contains("AIza") == false)
        let badToken = failure(flags: [.friendsToken: "tok en"])
        #expect(badToken?.contains("--friends-token") == true)
        #expect(badToken?.contains("tok en") == false)

        let settings = try AppSettings.resolve(flags: [.source: "google"],
                                               environment: ["NEARBY_GOOGLE_API_KEY": "AIzaSECRET",
                                                             "NEARBY_FRIENDS_TOKEN": "TOKENSECRET"], file: nil)
        for text in [String(describing: settings), String(reflecting: settings), "\(settings.googleAPIKey as Any)"] {
            #expect(!text.contains("AIzaSECRET"))
            #expect(!text.contains("TOKENSECRET"))
        }
        #expect(settings.googleAPIKey?.exposedValue == "AIzaSECRET")
    }

    @Test func loadReadsTheConfigFileUnderXDGConfigHome() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-settings-\(UUID().uuidString)")
        let folder = home.appendingPathComponent("nearby")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try Data("source = \"overpass\"\nunits = \"imperial\"\n".utf8)
            .write(to: folder.appendingPathComponent("config.toml"))
        let settings = try AppSettings.load(flags: [:], environment: ["XDG_CONFIG_HOME": home.path])
        #expect(settings.source == .overpass)
        #expect(settings.units == .imperial)
        #expect(settings.configPath == folder.appendingPathComponent("config.toml").path)

        let missing = try AppSettings.load(flags: [:], environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(missing.source == .local)
        let google = try #require(failure(flags: [.source: "google"]))
        #expect(google.contains("google_api_key in the config file"))
    }
}

@Suite("AppSettings hyperlinks")
struct HyperlinkSettingTests {
    @Test func linksAreOnUnlessTheConfigFileOrTheEnvironmentTurnsThemOff() throws {
        #expect(try AppSettings.resolve(flags: [:], environment: [:], file: nil).hyperlinks)
        let off = try ConfigFile(parsing: "hyperlinks = \"off\"", path: "/conf/nearby/config.toml")
        #expect(try !AppSettings.resolve(flags: [:], environment: [:], file: off).hyperlinks)
        #expect(try !AppSettings.resolve(flags: [:], environment: ["NEARBY_HYPERLINKS": "0"], file: nil).hyperlinks)
        // The environment wins over the file.
        #expect(try AppSettings.resolve(flags: [:], environment: ["NEARBY_HYPERLINKS": "on"], file: off).hyperlinks)
    }

    @Test func anythingButOnOrOffIsRefusedNamingWhereItCameFrom() {
        do throws(SettingsError) {
            _ = try AppSettings.resolve(flags: [:], environment: ["NEARBY_HYPERLINKS": "maybe"], file: nil)
            Issue.record("maybe was taken")
        } catch {
            #expect(error.description == "NEARBY_HYPERLINKS: “maybe” is not on or off.")
        }
    }
}
