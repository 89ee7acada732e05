import Foundation
import NearbyData
import Testing
@testable import nearby
import NearbyRemote

@Suite("Service settings")
struct ServiceSettingsTests {
    @Test("database_url comes from the flag, NEARBY_DATABASE_URL or the file, and is never shown")
    func databaseURL() throws {
        let config = try ConfigFile(parsing: #"database_url = "postgresql://u:filepw@db/nearby""#, path: "/c/config.toml")
        let fromFile = try AppSettings.resolve(flags: [:], environment: [:], file: config)
        #expect(fromFile.databaseURL?.exposedValue == "postgresql://u:filepw@db/nearby")
        #expect(!"\(fromFile)".contains("filepw"))
        let fromEnvironment = try AppSettings.resolve(flags: [:], environment: ["NEARBY_DATABASE_URL": "postgres://e:envpw@h/d"],
                                                      file: config)
        #expect(fromEnvironment.databaseURL?.exposedValue == "postgres://e:envpw@h/d")
        do throws(SettingsError) {
            _ = try AppSettings.resolve(flags: [.databaseURL: "mysql://u:flagpw@h/d"], environment: [:], file: nil)
            Issue.record("a mysql URL was accepted")
        } catch {
            #expect(error.description.contains("--database"))
            #expect(!error.description.contains("flagpw"))
        }
    }

    @Test("--source service needs --places-url, and uses the service's token from NEARBY_PLACES_TOKEN")
    func serviceSource() throws {
        do throws(SettingsError) {
            _ = try AppSettings.resolve(flags: [.source: "service"], environment: [:], file: nil)
            Issue.record("the service source started without an address")
        } catch {
            #expect(error.description.contains("--places-url"))
        }
        let settings = try AppSettings.resolve(flags: [.source: "service", .placesURL: "http://127.0.0.1:8080"],
                                               environment: ["NEARBY_PLACES_TOKEN": "tok"], file: nil)
        #expect(settings.source == .service)
        #expect(settings.placesToken?.exposedValue == "tok")
        let database = try AppDatabase.inMemory()
        let provider = try AppServices.placesProvider(settings: settings, store: LocalPlacesStore(database: database))
        #expect(provider is ServicePlacesProvider)
    }
}
