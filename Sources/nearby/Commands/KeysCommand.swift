import ArgumentParser
import NearbyScreens
import TerminalView

/// `nearby keys`: every screen's actions and their keys, as the app will bind them (the config file's `[keys]`
/// applied and checked), so a rebinding can be tried without opening the app.
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "List every screen's actions and their keys, with the config file's [keys] applied.",
        discussion: """
            Rebind an action in the config file: a [keys] table with ACTION = "KEY" (on every screen that has \
            it) or SCREEN.ACTION = ["KEY", "KEY"] (on one screen). Keys are written as j, G, /, down, pgdn, \
            home, enter, esc, space, tab, shift-tab, f5, ctrl-n. A clash with another action of the same screen, \
            an unknown action or an unknown key is an error that names the line. See docs/keys.md.
            """)

    @Flag(help: "Print a JSON array instead of rows.")
    var json = false

    func run() throws {
        let table = try AppSettings.load(flags: [:]).keyTable
        let rows = KeyScreen.allCases.flatMap { screen in
            table.actions(of: screen).map { (screen, $0) }
        }
        if json {
            Console.write(JSONOutput.array(rows.map { screen, action in
                .object([("screen", .string(screen.rawValue)), ("action", .string(action.name)),
                         ("keys", .array(action.keys.map { .string($0.name) })),
                         ("summary", .string(action.summary)), ("rebound", .bool(action.isRebound))])
            }).rendered())
            return
        }
        let nameWidth = rows.map { $0.0.rawValue.count + 1 + $0.1.name.count }.max() ?? 0
        // Key names come from the config file: shown safe, as every text from outside.
        let keyTexts = rows.map { $0.1.keys.map { TerminalText.safe($0.name) }.joined(separator: " ") }
        let keyWidth = keyTexts.map(\.count).max() ?? 0
        Console.write(zip(rows, keyTexts).map { row, keys in
            let name = row.0.rawValue + "." + row.1.name
            return name.padding(to: nameWidth) + "  " + keys.padding(to: keyWidth) + "  " + row.1.summary
                + (row.1.isRebound ? " (config)" : "")
        }.joined(separator: "\n") + "\n")
    }
}

private extension String {
    func padding(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
