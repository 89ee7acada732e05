import Foundation
import NearbyScreens
import Testing
import TerminalView
@testable import nearby

/// The config file's `theme`, `[keys]` and `[colors]`: read, checked, and each mistake naming its line.
@Suite("Keys and colours in the config file")
struct KeysAndColorsSettingsTests {
    private func resolve(_ text: String) throws -> AppSettings {
        let file = try ConfigFile(parsing: text, path: "/conf/config.toml")
        return try AppSettings.resolve(flags: [:], environment: [:], file: file)
    }

    private func failure(_ text: String, environment: [String: String] = [:]) -> String? {
        do throws(SettingsError) {
            let file = try ConfigFile(parsing: text, path: "/conf/config.toml")
            _ = try AppSettings.resolve(flags: [:], environment: environment, file: file)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func tablesAfterTheSettings() throws {
        let file = try ConfigFile(parsing: """
            source = "local"
            [keys]
            move_down = ["j", "down", 'ctrl-n']   # as in lazygit
            places.sort = "o"
            [ colors ]
            selection = "black on yellow bold"
            """, path: "config.toml")
        #expect(file.entries[.source]?.value == "local")
        #expect(file.tables[.keys] == [
            ConfigFile.TableEntry(key: "move_down", values: ["j", "down", "ctrl-n"], line: 3),
            ConfigFile.TableEntry(key: "places.sort", values: ["o"], line: 4),
        ])
        #expect(file.tables[.colors] == [ConfigFile.TableEntry(key: "selection", values: ["black on yellow bold"], line: 6)])
    }

    @Test func tableMistakesNameTheLine() {
        let cases: [(String, String)] = [
            ("[keys]\n[keys]", "line 2: [keys] appears twice (lines 1 and 2)"),
            ("[keys\nsort = \"o\"", "line 1: the table's name has no closing “]”"),
            ("[colors]\nselection = [\"red\"]", "line 2: a colour is one quoted style"),
            ("[keys]\nsort = [\"o\", ", "line 2: the list of “sort” has no closing “]”"),
            ("[keys]\nsort = []", "line 2: the list of “sort” is empty"),
            ("[keys]\nsort = [\"o\" \"p\"]", "line 2: write the list of “sort” as"),
            ("[keys]\nsort = \"o\"\nsort = \"p\"", "line 3: “sort” is set twice in [keys]"),
            ("near = [\"Vaduz\"]", "line 1: values are quoted"),
            ("[keys] x", "unexpected text after [keys]"),
            ("[keys]\nsort = \"o\"\ntheme = \"light\"", "line 3: “theme” is a setting: settings go above the first table ([keys] starts on line 1)"),
            ("[keys]\n\"places.sort\" = \"o\"", "line 2: keys are written without quotes"),
        ]
        for (text, expected) in cases {
            let message = failure(text)
            #expect(message?.contains(expected) == true, "\(text.debugDescription) → \(message ?? "no error")")
        }
    }

    @Test func themeAndColours() throws {
        let settings = try resolve("""
            theme = "high-contrast"
            [colors]
            open = "green bold"
            muted = "color244"
            """)
        #expect(settings.theme.name == .highContrast)
        #expect(settings.theme.overrides == [.open: Style(foreground: .green, attributes: .bold),
                                             .muted: Style(foreground: .indexed(244))])
        #expect(try resolve("").theme == ThemeSettings())
        let fromEnvironment = try AppSettings.resolve(flags: [:], environment: ["NEARBY_THEME": "light"], file: nil)
        #expect(fromEnvironment.theme.name == .light)
    }

    @Test func colourMistakesNameTheLine() {
        #expect(failure("theme = \"solarized\"")?.contains("unknown theme “solarized”; the themes are default, light, high-contrast, mono") == true)
        #expect(failure("[colors]\n\nselected = \"red\"") == "/conf/config.toml line 3: unknown colour role “selected”; the roles are "
                + ThemeRole.allCases.map(\.rawValue).joined(separator: ", ") + ".")
        #expect(failure("[colors]\nheader = \"purple on blue\"")?.hasPrefix("/conf/config.toml line 2: header = “purple on blue”: unknown word “purple”") == true)
    }

    /// `images`: from the file or `NEARBY_IMAGES`, "auto" by default; and what auto draws on which terminal.
    @Test func imagesSetting() throws {
        #expect(try resolve("").theme.images == .auto)
        #expect(try resolve("images = \"off\"").theme.images == .off)
        #expect(try resolve("images = \"Blocks\"").theme.images == .blocks)
        let fromEnvironment = try AppSettings.resolve(flags: [:], environment: ["NEARBY_IMAGES": "off"], file: nil)
        #expect(fromEnvironment.theme.images == .off)
        #expect(try resolve("images = \"sixel\"").theme.images == .sixel)
        #expect(failure("images = \"png\"")
            == "/conf/config.toml line 1 (images): “png” is not auto, blocks, sextants, kitty, sixel, iterm2 or off.")
        #expect(ThemeSettings(images: .sextants).theme(for: .full, glyphs: .unicode).pictures == .sextants)
        let auto = ThemeSettings()
        #expect(auto.theme(for: .full, glyphs: .unicode).pictures == .blocks)
        // A terminal that answered it has a protocol gets it, in its cells' size; even with 8 colours.
        let cell = Size(width: 9, height: 18)
        #expect(auto.theme(for: .full, glyphs: .unicode, graphics: .kitty, cell: cell).pictures
            == .graphics(GraphicsSupport(graphics: .kitty, cell: cell)))
        #expect(auto.theme(for: .eight, glyphs: .unicode, graphics: .sixel).pictures
            == .graphics(GraphicsSupport(graphics: .sixel)))
        // NO_COLOR, LANG=C and the mono theme win over what the terminal can do.
        #expect(auto.theme(for: .monochrome, glyphs: .unicode, graphics: .kitty).pictures == .off)
        #expect(auto.theme(for: .full, glyphs: .ascii, graphics: .kitty).pictures == .off)
        // A protocol named in the settings is used whatever the terminal answered.
        #expect(ThemeSettings(images: .iterm2).theme(for: .full, glyphs: .unicode).pictures
            == .graphics(GraphicsSupport(graphics: .iterm2)))
        // TERM=linux (8 colours), NO_COLOR (monochrome), LANG=C (ASCII marks), the mono theme: none.
        #expect(auto.theme(for: .eight, glyphs: .unicode).pictures == .off)
        #expect(auto.theme(for: .monochrome, glyphs: .unicode).pictures == .off)
        #expect(auto.theme(for: .full, glyphs: .ascii).pictures == .off)
        #expect(ThemeSettings(name: .mono).theme(for: .full, glyphs: .unicode).pictures == .off)
        // Asked for, blocks are drawn whatever the terminal says; off is off.
        #expect(ThemeSettings(images: .blocks).theme(for: .monochrome, glyphs: .ascii).pictures == .blocks)
        #expect(ThemeSettings(images: .off).theme(for: .full, glyphs: .unicode).pictures == .off)
    }

    /// Places' pictures: fetched with the local source only when `fetch_pictures` says so; Commons' address.
    @Test func pictureFetchingSettings() throws {
        #expect(try resolve("").fetchPictures == false)
        #expect(try resolve("fetch_pictures = \"yes\"").fetchPictures == true)
        #expect(failure("fetch_pictures = \"maybe\"") == "/conf/config.toml line 1 (fetch_pictures): “maybe” is not yes or no.")
        #expect(try resolve("commons_url = \"http://127.0.0.1:9/wiki/Special:FilePath/\"").commonsURL?.absoluteString
                == "http://127.0.0.1:9/wiki/Special:FilePath/")
        #expect(failure("commons_url = \"file:///etc\"")?.contains("wants an http or https address") == true)
        let fromEnvironment = try AppSettings.resolve(flags: [:], environment: ["NEARBY_FETCH_PICTURES": "1"], file: nil)
        #expect(fromEnvironment.fetchPictures)
    }

    @Test func keysReachTheTableAndClashesNameTheLine() throws {
        let settings = try resolve("[keys]\nmove_down = [\"J\", \"ctrl-n\"]\nplaces.sort = \"o\"")
        #expect(settings.keyTable.keys(.places, "sort").keys == [.character("o")])
        #expect(settings.keyTable.keys(.home, "move_down").keys == [.character("J"), .control("n")])
        #expect(failure("[keys]\n# mine\nplaces.sort = \"/\"")
                == "/conf/config.toml line 3: / for sort clashes with filter (filter) on the places screen.")
        #expect(failure("[keys]\nsort = \"hyper\"")?.hasPrefix("/conf/config.toml line 2: unknown key “hyper” for sort") == true)
        #expect(failure("[keys]\nsideways = \"s\"")?.hasPrefix("/conf/config.toml line 2: no screen has an action “sideways”") == true)
    }
}
