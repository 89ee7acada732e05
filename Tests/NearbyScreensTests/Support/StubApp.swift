import Foundation
import NearbyViewModels
import Testing
import TerminalView
import TerminalTestSupport
@testable import NearbyScreens

/// An app whose first screen is a view on a stub view model, drawn once at `size`.
@MainActor
enum StubApp {
    static func make(size: Size = Size(width: 80, height: 24), keyTable: KeyTable = .standard,
                     themeSettings: ThemeSettings = ThemeSettings(), colorSupport: ColorSupport = .eight,
                     pictures: (any PicturePainting)? = nil,
                     _ makeView: @MainActor (ScreenHost) -> ScreenView)
        -> (runner: HeadlessRunner, coordinator: AppCoordinator) {
        let coordinator = AppCoordinator(navigator: Navigator(), rootView: makeView, makeFriendsList: {
            .friendsList(FriendsListViewModel(context: FriendsContext(repository: InMemoryFriends([]),
                                                                      navigator: Navigator())))
        }, keyTable: keyTable, pictures: pictures)
        let runner = HeadlessRunner(app: coordinator, size: size, colorSupport: colorSupport,
                                    themeSettings: themeSettings)
        runner.renderIfNeeded()
        return (runner, coordinator)
    }

    /// Text from outside (names, titles, messages) with what a terminal would obey: a clear, a title change
    /// ending in BEL, a colour, and a bidi override.
    static let hostile = "Evil\u{1B}[2J\u{1B}]0;pwned\u{07}\u{1B}[31m red \u{202E}txet"

    /// No cell holds ESC, BEL or a bidi override: what is drawn is never taken for a control sequence.
    static func expectNothingTheTerminalWouldObey(_ runner: HeadlessRunner,
                                                  sourceLocation: SourceLocation = #_sourceLocation) {
        let obeyed: Set<UInt32> = [0x1B, 0x07, 0x202E]
        #expect(!runner.lastFrame.cells.contains { $0.text.unicodeScalars.contains { obeyed.contains($0.value) } },
                sourceLocation: sourceLocation)
    }

    /// Below the app's least size the terminal says so instead of drawing a squashed screen.
    static func expectTooSmallMessage(_ runner: HeadlessRunner, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(runner.text().contains("Terminal too small"), sourceLocation: sourceLocation)
    }
}
