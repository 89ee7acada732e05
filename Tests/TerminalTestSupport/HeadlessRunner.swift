import FoundationEssentials
import TerminalView

/// Drives an application without a terminal, through the same `FramePresenter` as the run loop: events in,
/// frames out, and wake-ups fired when the test advances the clock.
///
/// Render tests send keys and read `text()`; frames are drawn only when something asked for one.
@MainActor
public final class HeadlessRunner: ApplicationHost {
    public let app: any TerminalApplication
    public let terminal: MemoryTerminal
    public let theme: Theme
    /// The host's clock: wakes fire when `advanceClock(to:)` moves it past their date.
    public let clock: ManualClock
    private let presenter = FramePresenter()
    private var wakes = WakeSchedule()
    public private(set) var needsDisplay = true

    public init(app: any TerminalApplication, size: Size, colorSupport: ColorSupport = .eight,
                glyphs: GlyphSet = .unicode, themeSettings: ThemeSettings = ThemeSettings(),
                clock: ManualClock = ManualClock(Date(timeIntervalSince1970: 0))) {
        self.app = app
        self.clock = clock
        terminal = MemoryTerminal(size: size, colorSupport: colorSupport, glyphs: glyphs)
        theme = themeSettings.theme(for: colorSupport, glyphs: glyphs)
        app.attach(to: self)
    }

    // MARK: ApplicationHost

    public func setNeedsDisplay() { needsDisplay = true }

    public func copyToClipboard(_ text: String) -> Bool {
        guard let bytes = TerminalControl.clipboard(text) else { return false }
        terminal.emit(bytes)
        return true
    }

    public func repaintAll() {
        presenter.invalidate()
        terminal.invalidateScreen()
        needsDisplay = true
    }

    public func schedule(_ wake: ScheduledWake) { wakes.add(wake) }

    /// The dates of the wake-ups waiting, earliest first.
    public var scheduledWakes: [Date] { wakes.pendingDates() }

    /// Moves the clock to `date`, fires the wake-ups due by then, and draws if anything asked for a frame.
    public func advanceClock(to date: Date) {
        clock.set(date)
        for wake in wakes.takeDue(at: clock.now) { wake.fire() }
        renderIfNeeded()
    }

    // MARK: Driving

    /// Sends events, then draws a frame if one was asked for.
    public func send(_ events: InputEvent...) {
        for event in events { app.handle(event) }
        renderIfNeeded()
    }

    /// Sends keys, then draws.
    public func press(_ keys: Key...) {
        for key in keys { app.handle(.key(key)) }
        renderIfNeeded()
    }

    /// Types text, one character a key.
    public func type(_ text: String) {
        for c in text { app.handle(.key(.character(c))) }
        renderIfNeeded()
    }

    /// Changes the size, as a SIGWINCH would.
    public func resize(to size: Size) {
        terminal.size = size
        presenter.invalidate()
        app.handle(.resize(size))
        needsDisplay = true
        renderIfNeeded()
    }

    /// Draws a frame when the app asked for one (or always, with `force`).
    public func renderIfNeeded(force: Bool = false) {
        guard needsDisplay || force else { return }
        presenter.render(app, theme: theme, to: terminal)
        // Cleared after: a change made while laying out is in this frame already.
        needsDisplay = false
        // No input waits between a test's steps, as none waits in the run loop between keys.
        presenter.prepareNextFrame(app, theme: theme)
    }

    /// Advances the spinner cells on screen, as the run loop's spinner timer does.
    public func advanceSpinners() {
        presenter.advanceSpinners(theme: theme, to: terminal)
    }

    /// How many frames were drawn.
    public var framesDrawn: Int { presenter.framesDrawn }

    /// The screen as text rows.
    public func text() -> String {
        renderIfNeeded()
        return terminal.screen.text()
    }

    public func textRows() -> [String] {
        renderIfNeeded()
        return terminal.screen.textRows()
    }

    /// The last frame, for style checks.
    public var lastFrame: CellBuffer { presenter.front }
}
