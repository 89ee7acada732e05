import Testing
@testable import TerminalView
import TerminalTestSupport

/// The frame pipeline's step after a frame: the app may prepare its next frame once per frame it drew.
@MainActor
struct FramePresenterTests {
    /// An app that writes one word and counts the times it was asked to prepare.
    private final class CountingApp: TerminalApplication {
        let minimumSize = Size(width: 20, height: 5)
        let isFinished = false
        var prepared = 0
        func attach(to host: any ApplicationHost) {}
        func layout(size: Size, theme: Theme) {}
        func draw(into buffer: CellBuffer, theme: Theme) {
            buffer.write("ready", at: Point(x: 0, y: 0), style: .plain)
        }
        func handle(_ event: InputEvent) {}
        func prepareNextFrame(theme: Theme) { prepared += 1 }
    }

    @Test func theAppPreparesOncePerFrameAndNotBehindTheTooSmallMessage() {
        let app = CountingApp()
        let presenter = FramePresenter()
        let terminal = MemoryTerminal(size: Size(width: 40, height: 10), colorSupport: .eight)
        let theme = Theme.make(.eight)
        presenter.prepareNextFrame(app, theme: theme)
        #expect(app.prepared == 0, "nothing drawn yet")
        presenter.render(app, theme: theme, to: terminal)
        presenter.prepareNextFrame(app, theme: theme)
        presenter.prepareNextFrame(app, theme: theme)
        #expect(app.prepared == 1)
        terminal.size = Size(width: 30, height: 3)
        presenter.render(app, theme: theme, to: terminal)
        presenter.prepareNextFrame(app, theme: theme)
        #expect(app.prepared == 1, "the frame was the too-small message")
        #expect(terminal.screen.text().contains("Terminal too small"))
    }

    /// The headless runner prepares after each frame it draws, as the run loop does while no key waits.
    @Test func theHeadlessRunnerPreparesAfterEachFrame() {
        let app = CountingApp()
        let runner = HeadlessRunner(app: app, size: Size(width: 40, height: 10))
        runner.renderIfNeeded()
        #expect(app.prepared == 1)
        runner.renderIfNeeded(force: true)
        #expect(app.prepared == 2)
        runner.renderIfNeeded()
        #expect(app.prepared == 2, "no frame, nothing to prepare")
    }
}
