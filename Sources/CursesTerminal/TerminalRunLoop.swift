import CNcurses
import CTerminalSupport
import Foundation
import TerminalView

/// The run loop: sleeps until input, a signal, or a requested frame; then handles it and draws once.
///
/// With nothing to do it is blocked in an await (0% CPU). A visible spinner wakes it only to redraw its cells.
@MainActor
public final class TerminalRunLoop: ApplicationHost {
    private let app: any TerminalApplication
    private let session: TerminalSession
    private var backend: CursesBackend?
    private var watcher: InputWatcher?
    private var input = CursesInput()
    private var theme = Theme.make(.monochrome)
    /// What the screen shows now, and the buffer the next frame is drawn into.
    private var frame = CellBuffer(size: Size(width: 0, height: 0))
    private var spare = CellBuffer(size: Size(width: 0, height: 0))
    private var repaintAll = true
    private var needsDisplay = true
    private var wakePending = false
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
    public func run(mouse: Bool = true) async throws {
        let watcher = try InputWatcher()
        self.watcher = watcher
        try session.start(signalPipe: watcher.signalWriteFD, mouse: mouse)
        defer {
            spinnerTask?.cancel()
            timerTask?.cancel()
            watcher.stop()
            session.restore()
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
        watcher.start()

        for await wake in watcher.stream {
            wakePending = false
            switch wake {
            case .input:
                handleInput()
                watcher.resume()
            case .signal(let number):
                handleSignal(number)
            case .hangup:
                hungUp = true
            case .redraw:
                break
            }
            if app.isFinished || hungUp { break }
            if needsDisplay { render() }
            // Let main-actor work (view model results) run between bursts of input.
            await Task.yield()
        }
    }

    // MARK: ApplicationHost

    public func setNeedsDisplay() {
        needsDisplay = true
        wake()
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

    private func wake() {
        guard !wakePending, let watcher else { return }
        wakePending = true
        watcher.continuation.yield(.redraw)
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
