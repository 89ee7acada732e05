import CTerminalSupport
import FoundationEssentials
import Glibc
import TerminalView

/// The run loop: sleeps until input, a signal, a wake-up or a requested frame; then handles it and draws once.
///
/// Frames go through `FramePresenter`, as in the headless runner. With nothing to do the main thread is
/// blocked in poll(2) (0% CPU); a visible spinner wakes it only to redraw its cells, and a wake-up the app
/// scheduled (an open state that changes at 18:00) wakes it once, at that time on the wall clock.
@MainActor
public final class TerminalRunLoop: ApplicationHost {
    private let app: any TerminalApplication
    private let session: TerminalSession
    private var backend: CursesBackend?
    /// Resumed when the app finishes or the terminal goes away.
    private var finished: CheckedContinuation<Void, Never>?
    private var input = CursesInput()
    private var theme = Theme.make(.monochrome)
    private let presenter = FramePresenter()
    private var needsDisplay = true
    /// The loop serving the main thread while `run` runs; the spinner's ticks are its timeouts (its one due slot).
    private var loop: MainThreadLoop?
    private let spinnerInterval: Duration
    private var wakes = WakeSchedule()
    private var timerTask: Task<Void, Never>?
    private var timerDeadline: Date?
    private var hungUp = false
    /// SIGTERM or SIGHUP, when one ended the run: the process should then end as a signal's would (128 + its
    /// number), so a shell or a service manager sees it was stopped, not that the user quit.
    public private(set) var endingSignal: Int32?
    /// Whether links may be made clickable (OSC 8) where the terminal is one that shows them.
    private let hyperlinks: Bool
    /// The user's theme and restyled roles, applied to the colours the terminal offers.
    private let themeSettings: ThemeSettings

    public init(app: any TerminalApplication, session: TerminalSession = TerminalSession(),
                spinnerInterval: Duration = .milliseconds(100), hyperlinks: Bool = true,
                themeSettings: ThemeSettings = ThemeSettings()) {
        self.hyperlinks = hyperlinks
        self.themeSettings = themeSettings
        self.app = app
        self.session = session
        self.spinnerInterval = spinnerInterval
    }

    /// Runs until the application finishes or the terminal goes away; the terminal is restored on return.
    /// Needs the main thread served by `MainThreadLoop`.
    public func run(mouse: Bool = true) async throws {
        guard let loop = MainThreadLoop.current else { throw TerminalRunLoopError.noMainThreadLoop }
        self.loop = loop
        let signals = try SignalPipe()
        // The terminal is asked about pictures only where pictures may be drawn in its own protocol.
        try session.start(signalPipe: signals.writeFD, mouse: mouse,
                          askGraphics: themeSettings.images == .auto && themeSettings.name != .mono)
        var watches: [MainThreadLoop.Watch] = []
        defer {
            timerTask?.cancel()
            watches.forEach(loop.stopWatching)
            loop.beforeSleep = nil
            loop.whenIdle = nil
            loop.cancelDue()
            self.loop = nil
            backend?.deleteAllPictures()
            session.restore()
            signals.close()
        }
        let size = session.currentSize()
        session.resize(to: size)
        backend = CursesBackend(size: size, colorSupport: session.colorSupport, unicode: session.unicode,
                                glyphs: session.glyphs)
        backend?.hyperlinks = hyperlinks && session.supportsHyperlinks
        theme = themeSettings.theme(for: session.colorSupport, glyphs: session.glyphs,
                                    graphics: session.graphicsReplies?.graphics, cell: session.cellPixels(for: size))
        app.attach(to: self)
        app.handle(.resize(size))
        render()

        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            finished = continuation
            watches.append(loop.watch(STDIN_FILENO) { [unowned self] readiness in
                if readiness.contains(.readable) { handleInput() }
                // A hang-up may come with POLLIN set as well; either way the terminal is gone.
                if readiness.contains(.closed) { hungUp = true }
                finishIfDone()
            })
            watches.append(loop.watch(signals.readFD) { [unowned self] _ in
                signals.drain().forEach(handleSignal)
                finishIfDone()
            })
            // One frame per wake-up, after its keys and the results that arrived with them; then what the next
            // frame will need, once nothing came for 2 ms: the terminal gets the processor to show the frame
            // first (on one core it would wait for us), and a key that comes later waits at most for that.
            loop.beforeSleep = { [unowned self] in
                guard finished != nil else { return }
                if needsDisplay { render() }
                loop.whenIdle = idleWork()
            }
        }
    }

    // MARK: ApplicationHost

    public func setNeedsDisplay() {
        // The main-thread loop draws before it sleeps again.
        needsDisplay = true
    }

    public func copyToClipboard(_ text: String) -> Bool {
        guard let bytes = TerminalControl.clipboard(text), let backend else { return false }
        backend.emit(bytes)
        return true
    }

    public func repaintAll() {
        presenter.invalidate()
        backend?.invalidateScreen()
        needsDisplay = true
    }

    public func schedule(_ wake: ScheduledWake) {
        wakes.add(wake)
        armTimer()
    }

    // MARK: Loop steps

    private func finishIfDone() {
        guard app.isFinished || hungUp, let finished else { return }
        self.finished = nil
        finished.resume()
    }

    /// What to do once nothing has come for a moment: prepare the next frame, if the last one may be.
    private func idleWork() -> (@MainActor () -> Void)? {
        guard presenter.mayPrepare else { return nil }
        return { [weak self] in
            guard let self, finished != nil, !needsDisplay else { return }
            presenter.prepareNextFrame(app, theme: theme)
        }
    }

    private func handleInput() {
        for event in input.drain() {
            app.handle(event)
            if app.isFinished { return }
        }
    }

    private func handleSignal(_ number: Int32) {
        switch number {
        case SIGINT:
            // ctrl-c is the app's to answer: it quits, or first asks about unsaved text. A second ctrl-c
            // while the app does not answer still ends the process from the handler.
            nearby_signals_quit_handled()
            app.handle(.key(.control("c")))
        case SIGTERM, SIGHUP:
            nearby_signals_quit_handled()
            endingSignal = endingSignal ?? number
            hungUp = true
        case SIGTSTP:
            // Kitty's pictures would stay over the shell; the repaint after `fg` places them again.
            backend?.deleteAllPictures()
            session.suspend()
            resized()
        case SIGCONT, SIGWINCH:
            resized()
        default:
            break
        }
    }

    private func resized() {
        let size = session.currentSize()
        session.resize(to: size)
        backend?.updateSize(size)
        // A new font size changes a cell's pixels, which sixels are drawn to.
        if case .graphics(var support) = theme.pictures, let cell = session.cellPixels(for: size),
           cell != support.cell {
            support.cell = cell
            theme.pictures = .graphics(support)
        }
        repaintAll()
        app.handle(.resize(size))
    }

    /// Lays out and draws a full frame and writes only what differs from the screen.
    private func render() {
        guard let backend else { return }
        presenter.render(app, theme: theme, to: backend)
        // Cleared after: a change made while laying out is in this frame already.
        needsDisplay = false
        scheduleSpinner()
    }

    /// While a spinner is on screen, wake every interval to advance only its cells.
    private func scheduleSpinner() {
        guard presenter.hasSpinners else {
            loop?.cancelDue()
            return
        }
        guard let loop, loop.dueAt == nil else { return }
        loop.run(at: .now + spinnerInterval) { [weak self] in self?.advanceSpinners() }
    }

    private func advanceSpinners() {
        guard let backend, presenter.hasSpinners else { return }
        if needsDisplay { render(); return }
        presenter.advanceSpinners(theme: theme, to: backend)
        scheduleSpinner()
    }

    /// One timer for the earliest wake-up; none while nothing is due.
    private func armTimer() {
        guard let deadline = wakes.earliest() else {
            timerTask?.cancel()
            timerTask = nil
            timerDeadline = nil
            return
        }
        if let current = timerDeadline, current <= deadline, timerTask != nil { return }
        timerTask?.cancel()
        timerDeadline = deadline
        timerTask = Task { [weak self] in
            let delay = deadline.timeIntervalSinceNow
            if delay > 0 { try? await Task.sleep(for: .milliseconds(Int(delay * 1000) + 1)) }
            guard !Task.isCancelled, let self else { return }
            self.timerTask = nil
            self.timerDeadline = nil
            for wake in self.wakes.takeDue(at: Date()) { wake.fire() }
            self.armTimer()
        }
    }
}
