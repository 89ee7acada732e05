import ArgumentParser
import Foundation
import NearbyData
import Testing
@testable import nearby

/// What a run ends with: 64 and the usage only for a wrong command line; 1 and one clean sentence for a
/// failure while running; nothing raw from data on either stream.
@Suite("Exit status and error wording")
struct CommandReportTests {
    /// The exit status and what `nearby ARGUMENTS` prints when it fails.
    private func failing(_ arguments: [String], environment: [String: String] = [:]) async -> (Int32, String) {
        let (status, capture) = await capturingConsole { () async -> Int32 in
            do {
                _ = try await runCommand(arguments, environment: environment)
                return 0
            } catch {
                return CommandRouter.report(error, arguments: arguments)
            }
        }
        return (status, capture.errors)
    }

    @Test func theVersionEverywhere() async throws {
        for arguments in [["--version"], ["places", "--version"], ["friends", "list", "--version"]] {
            let (status, capture) = await capturingConsole { () -> Int32 in
                do {
                    _ = try CommandRouter.parse(arguments)
                    return -1
                } catch {
                    return CommandRouter.report(error, arguments: arguments)
                }
            }
            #expect(status == 0, "\(arguments)")
            #expect(capture.output == NearbyVersion.current + "\n", "\(arguments)")
        }
        let printed = try await runCommand(["version"])
        #expect(printed.output == NearbyVersion.current + "\n")
    }

    @Test func helpIsTheAppsOrTheCommands() async {
        for (arguments, expected) in [(["--help"], "--demo-places"), (["help"], "--demo-places"),
                                      (["help", "places"], "USAGE: nearby places"),
                                      (["places", "--help"], "USAGE: nearby places")] {
            let (status, capture) = await capturingConsole { () -> Int32 in
                do {
                    // Help comes back as ArgumentParser's help command, which says it when run.
                    var command = try CommandRouter.parse(arguments)
                    try command.run()
                    return -1
                } catch {
                    return CommandRouter.report(error, arguments: arguments)
                }
            }
            #expect(status == 0, "\(arguments)")
            #expect(capture.output.contains(expected), "\(arguments)")
        }
    }

    @Test func aWrongCommandLineIs64WithUsage() async {
        for arguments in [["places", "--radius", "-5"], ["--radius", "60000"], ["places", "--limit"],
                          ["friends", "frobnicate"], ["--open", "settings"]] {
            let (status, errors) = await failing(arguments)
            #expect(status == 64, "\(arguments)")
            #expect(errors.contains("Usage: nearby"), "\(arguments)")
        }
    }

    @Test func aFailureWhileRunningIs1InOneSentence() async throws {
        let folder = temporaryFolder("cli-report")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 8_192).write(to: URL(fileURLWithPath: folder + "/nearby.sqlite"))
        let cases: [([String], String)] = [
            (["categories", "--data-dir", folder], "is not a Nearby database; move it aside or pass --data-dir"),
            (["friends", "list", "--data-dir", folder], "is not a Nearby database"),
            (["import", "--data-dir", folder, folder + "/missing.osm.pbf"], "no such file"),
            (["friends", "import", "--data-dir", folder, folder], "it is a folder"),
            (["friends", "list", "--data-dir", folder + "/nearby.sqlite/sub"], "Cannot create the data folder"),
        ]
        for (arguments, expected) in cases {
            let (status, errors) = await failing(arguments)
            #expect(status == 1, "\(arguments)")
            #expect(errors.hasPrefix("Error: ") && errors.contains(expected), "\(arguments): \(errors)")
            #expect(errors.split(separator: "\n").count == 1, "\(arguments): \(errors)")
            for internals in ["Usage:", "SQLite error", "NSCocoaErrorDomain", "Error Domain", "The operation could not"] {
                #expect(!errors.contains(internals), "\(arguments): \(errors)")
            }
        }
    }

    @Test func fileNamesAndDataAreSanitisedInEveryMessage() async throws {
        let folder = temporaryFolder("cli-hostile")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let hostile = folder + "/e\u{1B}]0;PWNED\u{07}\u{1B}[2J.osm"
        try Data("<\u{1B}]0;PWNED\u{07}\u{1B}[2JHACKED>".utf8).write(to: URL(fileURLWithPath: hostile))
        for arguments in [["import", "--data-dir", folder + "/store", hostile], ["import", "--data-dir", folder, "\u{1B}[2J"],
                          ["friends", "import", "--data-dir", folder, hostile], ["places", "--category", "\u{9B}31m"],
                          ["--open", "search:\u{1B}]52;c;ZXZpbA==\u{07}x", "--near", "\u{202E}evil"]] {
            let (status, errors) = await failing(arguments)
            #expect(status != 0, "\(arguments)")
            #expect(!errors.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B || $0.value == 0x202E },
                    "\(arguments): \(errors)")
        }
    }
}

/// Every wrong command line exits 64, a bad value as much as a misspelt option (the walkthrough's P3).
struct BadValueExitTests {
    @Test(arguments: [
        ["help", "nonexist"], ["friends", "bogus"], ["extracts", "bogus"],
        ["friends", "add", "--first", "", "--phone", "123"], ["friends", "add", "--first", "Anna", "--phone", "abc"],
        ["friends", "add", "--first", "Anna", "--phone", "123", "--email", "x"],
        ["places", "--near", "47.14,9.52", "--at", "bogus"], ["route", "--from", "47.14,9.52", "--to", "91,0"],
        ["hours", "Mo-Fr 08:00-18:00", "--country", "Liechtenstein"],
    ])
    func aBadValueExits64(arguments: [String]) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-exit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var status: Int32 = 0
        do {
            let withStore = ["friends", "places", "route", "extracts"].contains(arguments[0]) && arguments.count > 2
                ? arguments + ["--data-dir", folder.path] : arguments
            _ = try await runCommand(withStore)
        } catch {
            status = CommandRouter.report(error, arguments: arguments)
        }
        #expect(status == 64, "\(arguments)")
    }
}
