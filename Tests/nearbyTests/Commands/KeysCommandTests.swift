import Foundation
import Testing
@testable import nearby

/// `nearby keys`: every action with the keys the app will bind, the config file's `[keys]` applied.
@Suite(.serialized)
struct KeysCommandTests {
    private let config: URL

    init() throws {
        config = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("nearby"), withIntermediateDirectories: true)
    }

    private func write(_ text: String) throws {
        try Data(text.utf8).write(to: config.appendingPathComponent("nearby/config.toml"))
    }

    @Test func listsEveryActionAndWhatTheConfigChanged() async throws {
        defer { try? FileManager.default.removeItem(at: config) }
        try write("[keys]\nplaces.sort = \"o\"\nmove_down = [\"J\", \"down\"]\n")
        let rows = try await runCommand(["keys"], environment: ["XDG_CONFIG_HOME": config.path]).output
            .split(separator: "\n").map(String.init)
        #expect(rows.contains { $0.hasPrefix("places.sort ") && $0.contains(" o ") && $0.hasSuffix("sort (config)") },
                "\(rows)")
        #expect(rows.contains { $0.hasPrefix("home.move_down ") && $0.contains(" J down ") }, "\(rows)")
        #expect(rows.contains { $0.hasPrefix("global.help ") && $0.contains(" ? ") && !$0.hasSuffix("(config)") })

        let json = try await runCommand(["keys", "--json"], environment: ["XDG_CONFIG_HOME": config.path]).output
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let sort = try #require(entries.first { $0["screen"] as? String == "places" && $0["action"] as? String == "sort" })
        #expect(sort["keys"] as? [String] == ["o"])
        #expect(sort["rebound"] as? Bool == true)
        #expect(entries.count == rows.count)
    }

    @Test func aClashIsRefusedNamingTheLine() async throws {
        defer { try? FileManager.default.removeItem(at: config) }
        try write("[keys]\n\nfriends.add = \"d\"\n")
        await #expect(throws: SettingsError.self) {
            _ = try await runCommand(["keys"], environment: ["XDG_CONFIG_HOME": config.path])
        }
        do {
            _ = try await runCommand(["keys"], environment: ["XDG_CONFIG_HOME": config.path])
        } catch let error as SettingsError {
            #expect(error.description.hasSuffix("config.toml line 3: d for add clashes with delete (delete) on the friends screen."),
                    "\(error.description)")
        }
    }
}
