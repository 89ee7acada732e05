import Glibc
import Foundation
import Testing
@testable import nearby

@Suite("ConfigFile")
struct ConfigFileTests {
    private func parse(_ text: String) throws(SettingsError) -> ConfigFile {
        try ConfigFile(parsing: text, path: "config.toml")
    }

    private func error(_ text: String) -> String? {
        do throws(SettingsError) {
            _ = try parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func readsKeyValueLinesWithCommentsAndBothQuotes() throws {
        let file = try parse("""
            \u{FEFF}# Nearby settings
            source = "overpass"   # live
              places_url='http://127.0.0.1:9/api'

            near = "Vaduz \\u00e9 \\"centre\\" \\\\ end"
            units = "imperial"\r
            friends_url = "http://127.0.0.1:8080" # the service
            """)
        #expect(file.entries[.source] == ConfigFile.Entry(value: "overpass", line: 2))
        #expect(file.entries[.placesURL]?.value == "http://127.0.0.1:9/api")
        #expect(file.entries[.near]?.value == "Vaduz é \"centre\" \\ end")
        #expect(file.entries[.units]?.value == "imperial")
        #expect(file.entries[.friendsURL]?.value == "http://127.0.0.1:8080")
        #expect(file.origin(of: .placesURL) == "config.toml line 3")
        #expect(file.entries[.googleAPIKey] == nil)
    }

    @Test func mistakesNameTheLineInOneLine() {
        let cases: [(String, String)] = [
            ("source = overpass", "line 1: values are quoted"),
            ("\n[nearby]", "line 2: unknown table [nearby]"),
            ("sourc = \"local\"", "unknown key “sourc”; known keys: source, places_url"),
            ("source = \"local\"\nsource = \"google\"", "line 2: “source” is set twice (lines 1 and 2)"),
            ("source = \"local", "no closing quote"),
            ("source 'local'", "expected “=” after “source”"),
            ("= \"x\"", "expected a key"),
            ("near = ", "has no value"),
            ("near = \"a\" b", "unexpected text after the value"),
            ("near = \"a\\qb\"", "unknown escape \\q"),
            ("near = \"a\\u12\"", "\\u wants 4 hex digits"),
            ("near = \"a\\u001bb\"", "control characters"),
            ("near = \"a\u{1B}[2Jb\"", "control characters"),
            ("near = \"a\\nb\"", "control characters"),
            ("near = 'a\u{7F}'", "control characters"),
        ]
        for (text, expected) in cases {
            let message = error(text)
            #expect(message?.contains(expected) == true, "\(text.debugDescription) → \(message ?? "no error")")
            #expect(message?.hasPrefix("config.toml line ") == true)
            #expect(message?.contains("\n") == false)
            #expect(message?.unicodeScalars.contains { $0.value == 0x1B } == false)
        }
    }

    @Test func aMissingFileIsNoConfigAndABadOneIsAnError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try ConfigFile.load(from: folder.appendingPathComponent("none.toml")) == nil)

        let binary = folder.appendingPathComponent("binary.toml")
        try Data([0x73, 0x3D, 0xFF, 0xFE]).write(to: binary)
        #expect(throws: SettingsError("\(binary.path) is not UTF-8 text.")) { try ConfigFile.load(from: binary) }

        let huge = folder.appendingPathComponent("huge.toml")
        try Data(repeating: 0x23, count: ConfigFile.sizeLimit + 1).write(to: huge)
        #expect(throws: SettingsError.self) { try ConfigFile.load(from: huge) }

        let good = folder.appendingPathComponent("good.toml")
        try Data("units = \"metric\"\n".utf8).write(to: good)
        #expect(try ConfigFile.load(from: good)?.entries[.units]?.value == "metric")
    }

    /// A FIFO would block start-up for ever; a link that loops or points nowhere was taken as no file.
    @Test func aPipeOrABrokenLinkIsAnErrorAtOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("pipe.toml")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        #expect(throws: SettingsError("Cannot read \(pipe.path): it is a pipe, not a file.")) {
            try ConfigFile.load(from: pipe)
        }
        let loop = folder.appendingPathComponent("loop.toml")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        #expect(throws: SettingsError("Cannot read \(loop.path): too many levels of symbolic links.")) {
            try ConfigFile.load(from: loop)
        }
        let dangling = folder.appendingPathComponent("dangling.toml")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: folder.path + "/gone")
        #expect(throws: SettingsError("Cannot read \(dangling.path): it is a link to nothing.")) {
            try ConfigFile.load(from: dangling)
        }
    }

    @Test func locationFollowsXDG() {
        #expect(ConfigLocation.file(environment: ["XDG_CONFIG_HOME": "/x/conf", "HOME": "/home/a"]).path
                == "/x/conf/nearby/config.toml")
        #expect(ConfigLocation.file(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/a"]).path
                == "/home/a/.config/nearby/config.toml")
        #expect(ConfigLocation.file(environment: ["HOME": "/home/a"]).path == "/home/a/.config/nearby/config.toml")
    }
}
