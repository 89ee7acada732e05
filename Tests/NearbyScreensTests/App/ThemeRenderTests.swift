import Testing
import TerminalView
import TerminalTestSupport
@testable import NearbyScreens

/// A theme as the memory terminal shows it: the selected row, the header and the footer in the theme's styles.
@MainActor
struct ThemeRenderTests {
    private func render(_ settings: ThemeSettings, colorSupport: ColorSupport = .full) -> HeadlessRunner {
        let model = StubPlacesList(count: 20)
        let (runner, _) = StubApp.make(themeSettings: settings, colorSupport: colorSupport) {
            PlacesListView(model: model, isRoot: false, host: $0)
        }
        model.select(3)
        runner.renderIfNeeded()
        return runner
    }

    /// The rows of the frame drawn in `style`, as "S" marks.
    private func rows(in style: Style, of runner: HeadlessRunner) -> [Int] {
        runner.lastFrame.styleRows(legend: [style: "S"]).enumerated().filter { $0.element.contains("S") }.map(\.offset)
    }

    @Test func theHighContrastThemeDrawsItsSelectionHeaderAndFooter() {
        let runner = render(ThemeSettings(name: .highContrast))
        let theme = ThemeSettings(name: .highContrast).theme(for: .full)
        #expect(!rows(in: theme.selection, of: runner).isEmpty, "\(runner.text())")
        #expect(rows(in: theme.header, of: runner) == [0])
        #expect(rows(in: theme.footer, of: runner).contains(23))
        // Nothing of the default theme's bars is left.
        #expect(rows(in: Theme.make(.full).header, of: runner).isEmpty)
    }

    @Test func aRestyledSelectionIsWhatTheSelectedRowShows() {
        let selection = Style(foreground: .white, background: .red, attributes: .bold)
        let runner = render(ThemeSettings(overrides: [.selection: selection]))
        #expect(rows(in: selection, of: runner).count == 1, "\(runner.text())")
    }

    @Test func noColorLeavesOnlyAttributes() {
        let runner = render(ThemeSettings(name: .light, overrides: [.selection: Style(foreground: .red)]),
                            colorSupport: .monochrome)
        let colours = runner.lastFrame.cells.filter { $0.style.foreground != .default || $0.style.background != .default }
        #expect(colours.isEmpty)
        #expect(!rows(in: Style(attributes: .reverse), of: runner).isEmpty)
    }
}
