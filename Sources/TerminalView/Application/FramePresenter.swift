/// The one way a frame reaches a terminal, for the run loop and the headless runner alike: lays the app out,
/// draws it into the spare buffer (or the too-small message), diffs it against the frame on screen, presents
/// only the changed runs, and animates spinner cells between frames.
@MainActor
public final class FramePresenter {
    /// What the terminal shows now.
    public private(set) var front = CellBuffer(size: Size(width: 0, height: 0))
    private var spare = CellBuffer(size: Size(width: 0, height: 0))
    private var repaintAll = true
    private var spinnerFrame = 0
    /// Frames drawn so far (for tests and benchmarks).
    public private(set) var framesDrawn = 0
    /// Whether the frame on screen is the app's (not the too-small message) and its next frame is not yet
    /// prepared.
    public private(set) var mayPrepare = false

    public init() {}

    /// Whether a spinner is on screen, so its cells need advancing.
    public var hasSpinners: Bool { !front.spinnerCells.isEmpty }

    /// The next frame writes every cell (after a resize, a resume, or ctrl-l).
    public func invalidate() {
        repaintAll = true
    }

    /// Lays out and draws a full frame at the backend's size and writes what differs from the screen.
    public func render(_ app: any TerminalApplication, theme: Theme, to backend: any TerminalBackend) {
        let size = backend.size
        let fits = size.width >= app.minimumSize.width && size.height >= app.minimumSize.height
        if fits { app.layout(size: size, theme: theme) }
        spare.reset(size: size)
        spare.spinnerFrame = spinnerFrame
        if fits {
            app.draw(into: spare, theme: theme)
        } else {
            TooSmallMessage.draw(in: spare, minimum: app.minimumSize, theme: theme)
        }
        var scrolled: VerticalShift?
        if !repaintAll, let shift = VerticalShift.find(from: front, to: spare),
           backend.scroll(rows: shift.rows, by: shift.by) {
            // A list that scrolled: the terminal moved those rows, and only what is new is written.
            scrolled = shift
        }
        let runs = spare.changedRuns(since: repaintAll ? nil : front, scrolled: scrolled)
        repaintAll = false
        backend.present(spare, runs: runs)
        swap(&front, &spare)
        framesDrawn += 1
        mayPrepare = fits
    }

    /// Lets the app make ready what its next frame needs, once per frame drawn (see
    /// `TerminalApplication.prepareNextFrame`). The host calls it when no input waits.
    public func prepareNextFrame(_ app: any TerminalApplication, theme: Theme) {
        guard mayPrepare else { return }
        mayPrepare = false
        app.prepareNextFrame(theme: theme)
    }

    /// Shows the next spinner glyph in the spinner cells of the frame on screen, and nothing else.
    public func advanceSpinners(theme: Theme, to backend: any TerminalBackend) {
        guard hasSpinners else { return }
        spinnerFrame += 1
        front.spinnerFrame = spinnerFrame
        var runs: [ChangedRun] = []
        for cell in front.spinnerCells {
            front.write(Spinner.glyph(frame: spinnerFrame, glyphs: theme.glyphs), at: cell.point, style: cell.style,
                        maxWidth: 1)
            runs.append(ChangedRun(y: cell.point.y, startX: cell.point.x, endX: cell.point.x + 1))
        }
        backend.present(front, runs: runs)
    }
}
