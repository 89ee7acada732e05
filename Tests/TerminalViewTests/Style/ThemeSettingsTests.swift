import Testing
@testable import TerminalView

/// `theme = "…"` and `[colors]`: the built-in themes, styles as written, and NO_COLOR winning.
struct ThemeSettingsTests {
    @Test func stylesAsTheConfigFileWritesThem() throws {
        #expect(try StyleSpec.parse("white on blue bold")
                == Style(foreground: .white, background: .blue, attributes: .bold))
        #expect(try StyleSpec.parse("yellow") == Style(foreground: .yellow))
        #expect(try StyleSpec.parse("Color208 on default underline italic")
                == Style(foreground: .indexed(208), background: .default, attributes: [.underline, .italic]))
        #expect(try StyleSpec.parse("bold reverse") == Style(attributes: [.bold, .reverse]))
        #expect(try StyleSpec.parse("on red") == Style(background: .red))
    }

    @Test func stylesThatAreNot() {
        for text in ["", "purple", "white on", "white on bold", "color256", "colorx", "white blue"] {
            #expect(throws: StyleSpec.Problem.self, "\(text)") { try StyleSpec.parse(text) }
        }
    }

    @Test func eachBuiltInThemeKeepsEveryRoleDistinguishable() {
        for name in ThemeName.allCases {
            let theme = ThemeSettings(name: name).theme(for: .full)
            #expect(theme.selection != theme.text, "\(name)")
            #expect(theme.header != theme.text, "\(name)")
            #expect(theme.error != theme.text, "\(name)")
            #expect(theme.success != theme.secondary, "\(name): open and closed look alike")
        }
        #expect(ThemeSettings(name: .highContrast).theme(for: .full).selection
                == Style(foreground: .black, background: .yellow, attributes: .bold))
        #expect(ThemeSettings(name: .mono).theme(for: .full).selection == Theme.make(.monochrome).selection)
    }

    @Test func aRestyledRoleReplacesTheThemes() {
        let settings = ThemeSettings(name: .light, overrides: [.selection: Style(foreground: .white, background: .red),
                                                               .open: Style(foreground: .cyan)])
        let theme = settings.theme(for: .eight)
        #expect(theme.selection == Style(foreground: .white, background: .red))
        #expect(theme.success == Style(foreground: .cyan))
        #expect(theme.header == Theme.light(glyphs: .unicode).header)
    }

    /// NO_COLOR (a monochrome terminal) wins: no colour reaches the screen, a restyled role keeps only its
    /// attributes, and a role restyled with colours alone keeps the mono style.
    @Test func noColorWins() {
        let settings = ThemeSettings(name: .highContrast,
                                     overrides: [.selection: Style(foreground: .white, background: .red, attributes: .underline),
                                                 .header: Style(foreground: .green)])
        let theme = settings.theme(for: ColorSupport.detect(colors: 256, environment: ["NO_COLOR": "1"]))
        let mono = Theme.make(.monochrome)
        #expect(theme.selection == Style(attributes: .underline))
        #expect(theme.header == mono.header)
        #expect(theme.title == mono.title)
    }
}
