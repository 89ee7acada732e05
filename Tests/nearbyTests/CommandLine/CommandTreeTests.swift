import ArgumentParser
import Foundation
import Testing
import TestSupport
@testable import nearby

/// Walks the whole command tree as ArgumentParser describes it (`--experimental-dump-help`), so an option added
/// later is covered without touching this file: every option of every command, written after that command in
/// both forms (`--opt VALUE`, `--opt=VALUE`), with negative numbers and values that look like options, must
/// reach the command it was written after; an option of the app written after a subcommand must be refused.
@Suite("Command tree", .computeBound)
struct CommandTreeTests {
    /// The part of ArgumentParser's help dump this test reads.
    struct Dump: Decodable {
        struct Command: Decodable {
            var commandName: String
            var subcommands: [Command]?
            var arguments: [Argument]?
        }

        struct Argument: Decodable {
            struct Name: Decodable {
                var kind: String
                var name: String
            }

            var kind: String
            var isOptional: Bool
            var preferredName: Name?
            var valueName: String?
        }

        var command: Command
    }

    /// A command and the words that lead to it.
    struct Node {
        var path: [String]
        var command: Dump.Command
    }

    /// ArgumentParser's own options, and the help subcommand.
    static let builtIn: Set<String> = ["help", "version", "generate-completion-script", "experimental-dump-help"]

    /// What an option may be given, tried in turn: numbers (negative first), a southern coordinate, and the
    /// few words some options insist on. Every option must take at least one of them.
    static let candidates = ["-7", "7", "-33.867,151.207", "search:-x", "cafe", "name"]

    /// Options that are refused alone, with what they go with.
    static let companions: [String: [String]] = ["demo-places": ["--demo"], "tls-cert": ["--tls-key", "key.pem"],
                                                   "tls-key": ["--tls-cert", "cert.pem"]]

    /// Values that look like options, for options that take text.
    static let optionLikeValues = ["--json", "-x"]

    static func nodes() throws -> [Node] {
        let dump = try JSONDecoder().decode(Dump.self, from: Data(NearbyCommand._dumpHelp().utf8))
        var nodes: [Node] = []
        func walk(_ command: Dump.Command, _ path: [String]) {
            nodes.append(Node(path: path, command: command))
            for child in command.subcommands ?? [] where child.commandName != "help" {
                walk(child, path + [child.commandName])
            }
        }
        walk(dump.command, [])
        return nodes
    }

    /// The options (by long name) and flags of a command, without the built-in ones.
    static func arguments(_ command: Dump.Command, kind: String) -> [Dump.Argument] {
        (command.arguments ?? []).filter {
            $0.kind == kind && !builtIn.contains($0.preferredName?.name ?? "")
        }
    }

    /// What a command needs to parse at all: its required options and positionals, with sample values.
    static func required(_ command: Dump.Command, except name: String? = nil) -> (options: [String], positionals: [String]) {
        let options = arguments(command, kind: "option").filter { !$0.isOptional && $0.preferredName?.name != name }
            .flatMap { ["--\($0.preferredName?.name ?? "")", "12"] }
        let positionals = (command.arguments ?? []).filter { $0.kind == "positional" && !$0.isOptional }.map { _ in "12" }
        return (options, positionals)
    }

    /// Whether `value`, or anything inside it, holds `text` (as a string, or as the number it spells).
    static func holds(_ value: Any, _ text: String) -> Bool {
        if let string = value as? String { return string == text }
        let number: Double? = switch value {
        case let value as Int: Double(value)
        case let value as Int64: Double(value)
        case let value as UInt16: Double(value)
        case let value as UInt64: Double(value)
        case let value as Double: value
        default: nil
        }
        if let number { return Double(text) == number }
        return Mirror(reflecting: value).children.contains { holds($0.value, text) }
    }

    /// Whether `value`, or anything inside it, holds the string `text` (not a number it spells).
    static func holdsText(_ value: Any, _ text: String) -> Bool {
        if let string = value as? String { return string == text }
        return Mirror(reflecting: value).children.contains { holdsText($0.value, text) }
    }

    /// How many flags inside `value` are set.
    static func setFlags(_ value: Any) -> Int {
        if let flag = value as? Bool { return flag ? 1 : 0 }
        return Mirror(reflecting: value).children.reduce(0) { $0 + setFlags($1.value) }
    }

    enum Outcome {
        case reached
        case refused(String)
    }

    /// Parses `path + arguments` as `nearby` does and says whether `value` reached the command at `path`.
    static func outcome(_ path: [String], _ arguments: [String], value: String) throws -> Outcome {
        let line = path + arguments
        do {
            let command = try CommandRouter.parse(line)
            #expect(type(of: command)._commandName == (path.last ?? "nearby"), "\(line)")
            return holds(command, value) ? .reached : .refused("parsed, but \(value) is not in the command")
        } catch {
            return .refused(CommandRouter.root(for: line).message(for: error))
        }
    }

    @Test func everyOptionReachesTheCommandItFollowsInBothForms() throws {
        var checked = 0
        for node in try Self.nodes() {
            for option in Self.arguments(node.command, kind: "option") {
                let name = try #require(option.preferredName?.name)
                let needs = Self.required(node.command, except: name)
                let companions = Self.companions[name] ?? []
                /// Parses the value in both forms; true when it reached the command both times.
                func tryValue(_ value: String) throws -> Bool {
                    var reached = 0
                    for form in [["--\(name)", value], ["--\(name)=\(value)"]] {
                        let arguments = needs.options + companions + form + needs.positionals
                        checked += 1
                        switch try Self.outcome(node.path, arguments, value: value) {
                        case .reached:
                            reached += 1
                        case .refused(let message):
                            // Refused by the command itself, about this option: never "missing value" for a
                            // negative number, never an option the command does not know.
                            #expect(message.contains("--\(name)"), "\(node.path) \(arguments): \(message)")
                            for wrong in ["Missing value", "Unknown option", "Unexpected argument", "is not in the command"] {
                                #expect(!message.contains(wrong), "\(node.path) \(arguments): \(message)")
                            }
                        }
                    }
                    #expect(reached != 1, "\(node.path) --\(name) \(value): one form reached, the other did not")
                    return reached == 2
                }
                // A negative number always (taken, or refused by the command naming the option); then the
                // other candidates until one is taken.
                var taken = try Self.candidates.prefix(1).filter(tryValue)
                for value in Self.candidates.dropFirst() where taken.isEmpty {
                    if try tryValue(value) { taken.append(value) }
                }
                #expect(!taken.isEmpty, "--\(name) of \(node.path) took none of \(Self.candidates)")
                // An option that takes any text takes text that looks like an option, in both forms.
                if taken.first == Self.candidates[0],
                   try Self.holdsText(CommandRouter.parse(node.path + needs.options + companions
                                                          + ["--\(name)", "-7"] + needs.positionals), "-7") {
                    for value in Self.optionLikeValues {
                        #expect(try tryValue(value), "--\(name) of \(node.path) refused \(value)")
                    }
                }
            }
        }
        #expect(checked > 100)
    }

    @Test func everyFlagReachesTheCommandItFollows() throws {
        for node in try Self.nodes() {
            let needs = Self.required(node.command)
            let bare = try CommandRouter.parse(node.path + needs.options + needs.positionals)
            for flag in Self.arguments(node.command, kind: "flag") {
                let name = try #require(flag.preferredName?.name)
                let command = try CommandRouter.parse(node.path + needs.options + ["--\(name)"] + needs.positionals)
                #expect(type(of: command)._commandName == (node.path.last ?? "nearby"))
                #expect(Self.setFlags(command) == Self.setFlags(bare) + 1, "--\(name) of \(node.path)")
            }
        }
    }

    @Test func theAppsOptionsAfterASubcommandAreRefused() throws {
        let nodes = try Self.nodes()
        let root = try #require(nodes.first { $0.path.isEmpty })
        let appOptions = Self.arguments(root.command, kind: "option").compactMap { $0.preferredName?.name }
        var refused = 0
        for node in nodes where !node.path.isEmpty && node.command.subcommands == nil {
            let own = Set(Self.arguments(node.command, kind: "option").compactMap { $0.preferredName?.name })
            let needs = Self.required(node.command)
            for name in appOptions where !own.contains(name) {
                let line = node.path + needs.options + ["--\(name)", "7"] + needs.positionals
                #expect(throws: (any Error).self, "\(line)") { _ = try CommandRouter.parse(line) }
                refused += 1
            }
        }
        #expect(refused > 20)
        // Options of the app before a subcommand would be the app's: refused with the right order shown.
        do {
            _ = try CommandRouter.parse(["--radius", "500", "places", "--near", "1,2"])
            Issue.record("an app option before a subcommand was accepted")
        } catch {
            #expect(NearbyCommand.message(for: error).contains("nearby places --option VALUE"))
            #expect(NearbyCommand.exitCode(for: error).rawValue == 64)
        }
    }

    @Test func theWalkthroughsLinesReachTheirCommands() throws {
        let places = try #require(try CommandRouter.parse(["places", "--near", "-33.8670,151.1957", "--radius", "1000",
                                                           "--search", "--json"]) as? PlacesCommand)
        #expect(places.area.near == "-33.8670,151.1957")
        #expect(places.area.radius == 1_000)
        #expect(places.search == "--json")
        #expect(!places.json)
        let categories = try #require(try CommandRouter.parse(["categories", "--near", "Vaduz", "--radius=20000"])
            as? CategoriesCommand)
        #expect(categories.area.radius == 20_000)
        let app = try #require(try CommandRouter.parse(["--near=-33.867,151.207", "--radius", "500"]) as? NearbyCommand)
        #expect(app.here.near == "-33.867,151.207")
        #expect(app.radius == 500)
        let list = try #require(try CommandRouter.parse(["friends", "list", "--friends-url", "http://127.0.0.1:1"])
            as? FriendsListCommand)
        #expect(list.source.service.friendsURL == "http://127.0.0.1:1")
    }
}
