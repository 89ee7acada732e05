import CNcurses
import CTerminalSupport
import Foundation
import TerminalView

/// The run loop: sleeps until input, a signal, or a requested frame; then handles it and draws once.
///
/// With nothing to do the main thread is blocked in poll(2) (0% CPU). A visible spinner wakes it only to redraw its cells.
@MainActor
public final class TerminalRunLoop: ApplicationHost {
    private let app: any TerminalApplication
    private let session: TerminalSession
    private var backend: CursesBackend?
    /// Resumed when the app finishes or the terminal goes away.
    private var finished: CheckedContinuation<Void, Never>?
    private var input = CursesInput()
    private var theme = Theme.make(.monochrome)
    /// What the screen shows now, and the buffer the next frame is drawn into.
    private var frame = CellBuffer(size: Size(width: 0, height: 0))
    private var spare = CellBuffer(size: Size(width: 0, height: 0))
    private var repaintAll = true
    private var needsDisplay = true
    private var spinnerTask: Task<Void, Never>?
    private var timerTask: Task<Void, Never>?
    private var timerDeadline: Date?
    private var spinnerFrame = 0
    private let spinnerInterval: Duration
    private var hungUp = false

    public init(app: any TerminalApplication, session: TerminalSession = TerminalSession(),
                spinnerInterval: Duration = .milliseconds(100)) {
        self.app = app
        self.session = session
        self.spinnerInterval = spinnerInterval
    }

    /// Runs until the application finishes or the terminal goes away; the terminal is restored on return.
    /// Needs the main thread served by `MainThreadLoop`.
    public func run(mouse: Bool = true) async throws {
        guard let loop = MainThreadLoop.current else { throw TerminalRunLoopError.noMainThreadLoop }
        let signals = try SignalPipe()
        try session.start(signalPipe: signals.writeFD, mouse: mouse)
        var watches: [MainThreadLoop.Watch] = []
        defer {
            spinnerTask?.cancel()
            timerTask?.cancel()
            watches.forEach(loop.stopWatching)
            loop.beforeSleep = nil
            session.restore()
            signals.close()
        }
        let size = session.currentSize()
        session.resize(to: size)
        backend = CursesBackend(size: size, colorSupport: session.colorSupport)
        theme = Theme.make(session.colorSupport, unicode: session.unicode)
        frame = CellBuffer(size: size)
        spare = CellBuffer(size: size)
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
            // One frame per wake-up, after its keys and the results that arrived with them.
            loop.beforeSleep = { [unowned self] in
                if needsDisplay, finished != nil { render() }
            }
        }
    }

    // MARK: ApplicationHost

    public func setNeedsDisplay() {
        // The main-thread loop draws before it sleeps again.
        needsDisplay = true
    }

    public func scheduleRedraw(at date: Date) {
        if let current = timerDeadline, current <= date, timerTask != nil { return }
        timerDeadline = date
        timerTask?.cancel()
        timerTask = Task { [weak self] in
            let delay = date.timeIntervalSinceNow
            if delay > 0 { try? await Task.sleep(for: .milliseconds(Int(delay * 1000) + 1)) }
            guard !Task.isCancelled, let self else { return }
            self.timerTask = nil
            self.timerDeadline = nil
            self.setNeedsDisplay()
        }
    }

    // MARK: Loop steps

    private func finishIfDone() {
        guard app.isFinished || hungUp, let finished else { return }
        self.finished = nil
        finished.resume()
    }

    private func handleInput() {
        for event in input.drain() {
            app.handle(event)
            if app.isFinished { return }
        }
    }

    private func handleSignal(_ number: Int32) {
        switch number {
        case SIGINT, SIGTERM, SIGHUP:
            nearby_signals_quit_handled()
            hungUp = true
        case SIGTSTP:
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
        backend?.invalidateScreen()
        repaintAll = true
        app.handle(.resize(size))
        needsDisplay = true
    }

    /// Draws a full frame into the spare buffer and writes only what differs from the screen.
    private func render() {
        guard let backend else { return }
        needsDisplay = false
        let size = backend.size
        spare.reset(size: size)
        spare.spinnerFrame = spinnerFrame
        if size.width < app.minimumSize.width || size.height < app.minimumSize.height {
            TooSmallMessage.draw(in: spare, minimum: app.minimumSize, theme: theme)
        } else {
            app.draw(into: spare, theme: theme)
        }
        let runs = spare.changedRuns(since: repaintAll ? nil : frame)
        repaintAll = false
        backend.present(spare, runs: runs)
        swap(&frame, &spare)
        scheduleSpinner()
    }

    /// While a spinner is on screen, wake every interval to advance only its cells.
    private func scheduleSpinner() {
        guard !frame.spinnerCells.isEmpty else {
            spinnerTask?.cancel()
            spinnerTask = nil
            return
        }
        guard spinnerTask == nil else { return }
        spinnerTask = Task { [weak self, spinnerInterval] in
            try? await Task.sleep(for: spinnerInterval)
            guard !Task.isCancelled, let self else { return }
            self.spinnerTask = nil
            self.advanceSpinners()
        }
    }

    private func advanceSpinners() {
        guard let backend, !frame.spinnerCells.isEmpty else { return }
        if needsDisplay { render(); return }
        spinnerFrame += 1
        frame.spinnerFrame = spinnerFrame
        var runs: [ChangedRun] = []
        for cell in frame.spinnerCells {
            frame.write(Spinner.glyph(frame: spinnerFrame, unicode: theme.unicode), at: cell.point,
                        style: cell.style, maxWidth: 1)
            runs.append(ChangedRun(y: cell.point.y, startX: cell.point.x, endX: cell.point.x + 1))
        }
        backend.present(frame, runs: runs)
        scheduleSpinner()
    }
}
