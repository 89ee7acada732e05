import Foundation
import Testing
import TerminalView
@testable import NearbyScreens

/// The config file's `[keys]`: names, keys and clashes checked, each error naming its line.
struct KeyTableTests {
    private func line(_ name: String, _ keys: String..., number: Int = 7) -> KeyBindingLine {
        KeyBindingLine(name: name, keys: keys, origin: "config.toml line \(number)")
    }

    private func error(_ lines: KeyBindingLine...) -> String? {
        do {
            _ = try KeyTable(rebinding: lines)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func theShippedKeysAreTheTableWithNothingRebound() throws {
        let table = try KeyTable(rebinding: [])
        #expect(table == .standard)
        #expect(KeyScreen.allCases.allSatisfy { !table.actions(of: $0).contains(where: \.isRebound) })
    }

    @Test func anActionNamedAloneIsReboundOnEveryScreenThatHasIt() throws {
        let table = try KeyTable(rebinding: [line("move_down", "J", "ctrl-n")])
        for screen in [KeyScreen.home, .places, .favourites, .place, .friends, .friend, .help] {
            #expect(table.keys(screen, "move_down").keys == [.character("J"), .control("n")], "\(screen)")
            #expect(table.keys(screen, "move_down").isRebound)
        }
        #expect(table.keys(.places, "move_up").keys == [.up, .character("k")])
    }

    @Test func aScreensOwnLineWinsWhateverTheOrder() throws {
        let table = try KeyTable(rebinding: [line("places.sort", "o", number: 2), line("sort", "S", number: 3)])
        #expect(table.keys(.places, "sort").keys == [.character("o")])
        let back = try KeyTable(rebinding: [line("place.back", "esc"), line("back", "esc", "x")])
        #expect(back.keys(.place, "back").keys == [.escape])
        #expect(back.keys(.places, "back").keys == [.escape, .character("x")])
        // ← pages Home's sections, so it cannot also go back there.
        #expect(throws: KeyBindingError.self) { try KeyTable(rebinding: [line("back", "esc", "left")]) }
    }

    @Test func unknownNamesAndKeysNameTheirLine() {
        #expect(error(line("sideways", "x"))?.hasPrefix("config.toml line 7: no screen has an action “sideways”") == true)
        #expect(error(line("settings.sort", "x"))?.contains("unknown screen “settings”") == true)
        #expect(error(line("home.sort", "x"))?.contains("the home screen has no action “sort”") == true)
        #expect(error(line("sort", "hyper-x"))?.contains("unknown key “hyper-x” for sort") == true)
        #expect(error(line("a.b.c", "x"))?.contains("is not an action") == true)
    }

    @Test func aReboundKeyAnotherActionHasIsAClash() {
        // r is retry's and refresh's on the places list.
        #expect(error(line("places.sort", "r", number: 4))
                == "config.toml line 4: r for sort clashes with retry (retry) on the places screen.")
        // t is the global time key: the list would take it first.
        #expect(error(line("layout", "t"))?.contains("clashes with time") == true)
        #expect(error(line("layout", "t"))?.contains("on every screen") == true)
        // Two rebound actions on one key.
        #expect(error(line("sort", "x"), line("layout", "x"))?.contains("clashes") == true)
    }

    @Test func movingAKeyAwayFirstLetsAnotherActionTakeIt() throws {
        let table = try KeyTable(rebinding: [line("places.refresh", "R"), line("places.retry", "R"),
                                             line("places.sort", "r")])
        #expect(table.keys(.places, "sort").keys == [.character("r")])
    }

    @Test func keyNamesRoundTrip() throws {
        for screen in KeyScreen.allCases {
            for action in KeyTable.standard.actions(of: screen) {
                for key in action.keys { #expect(Key(name: key.name) == key, "\(key)") }
            }
        }
    }

    /// docs/keys.md names every action a user may rebind.
    @Test func theKeyDocsNameEveryAction() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/keys.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        for screen in KeyScreen.allCases {
            #expect(text.contains("`\(screen.rawValue)`"), "docs/keys.md does not name the screen \(screen.rawValue)")
            for action in KeyTable.standard.actions(of: screen) {
                #expect(text.contains("`\(action.name)`"), "docs/keys.md does not name \(screen.rawValue).\(action.name)")
            }
        }
    }
}

/// Keys that could never reach their action are refused: the app's own, and on screens that type text, letters
/// and editing keys.
struct UnusableKeyTests {
    private func error(_ name: String, _ keys: String...) -> String? {
        do {
            _ = try KeyTable(rebinding: [KeyBindingLine(name: name, keys: keys, origin: "config.toml line 3")])
            return nil
        } catch {
            return error.message
        }
    }

    @Test func theAppsOwnKeysAreKept() {
        #expect(error("help", "ctrl-l")?.contains("kept for quitting, redrawing and suspending") == true)
        #expect(error("sort", "ctrl-c") != nil)
        #expect(error("sort", "ctrl-z") != nil)
    }

    @Test func keysThatArriveAsOthersAreNoKeys() {
        for name in ["ctrl-m", "ctrl-i", "ctrl-h", "ctrl-j", "f13", "f24"] {
            #expect(error("sort", name)?.contains("unknown key") == true, "\(name)")
        }
    }

    @Test func screensThatTakeTextKeepTheirLettersAndEditingKeys() {
        #expect(error("friend_form.cancel", "x")?.contains("types that key into its field") == true)
        #expect(error("search.pick", "a") != nil)
        #expect(error("friend_form.save", "ctrl-a") != nil)
        #expect(error("friend_form.cancel", "f2") == nil)
        #expect(error("search.pick", "ctrl-t") == nil)
    }
}
