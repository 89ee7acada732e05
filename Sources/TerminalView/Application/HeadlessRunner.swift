import Foundation

/// Drives an application without a terminal, the way the run loop does: events in, frames out.
///
/// Render tests send keys and read `text()`; frames are drawn only when something asked for one.
@MainActor
public final class HeadlessRunner: ApplicationHost {
    public let app: any TerminalApplication
    public let terminal: MemoryTerminal
    public let theme: Theme
    private var frame: CellBuffer
    private var previous: CellBuffer?
    public private(set) var needsDisplay = true
    public private(set) var scheduledRedraws: [Date] = []
    public private(set) var framesDrawn = 0

    public init(app: any TerminalApplication, size: Size, colorSupport: ColorSupport = .eight, unicode: Bool = true) {
        self.app = app
        terminal = MemoryTerminal(size: size, colorSupport: colorSupport)
        theme = Theme.make(colorSupport, unicode: unicode)
        frame = CellBuffer(size: size)
        app.attach(to: self)
    }

    public func setNeedsDisplay() { needsDisplay = true }
    public func scheduleRedraw(at date: Date) { scheduledRedraws.append(date) }

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
        app.handle(.resize(size))
        needsDisplay = true
        renderIfNeeded()
    }

    /// Draws a frame when the app asked for one (or always, with `force`).
    public func renderIfNeeded(force: Bool = false) {
        guard needsDisplay || force else { return }
        needsDisplay = false
        let size = terminal.size
        let next = CellBuffer(size: size)
        if size.width < app.minimumSize.width || size.height < app.minimumSize.height {
            TooSmallMessage.draw(in: next, minimum: app.minimumSize, theme: theme)
        } else {
            app.draw(into: next, theme: theme)
        }
        terminal.present(next, runs: next.changedRuns(since: previous))
        previous = next
        frame = next
        framesDrawn += 1
    }

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
    public var lastFrame: CellBuffer { frame }
}
