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
    /// The pictures the terminal shows now through its graphics protocol.
    public private(set) var placedGraphics: [GraphicPlacement] = []

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
        let shownGraphics = fits ? spare.visibleGraphics : []
        var scrolled: VerticalShift?
        // A terminal scrolls a picture's pixels with the rows (or not at all): with pictures on screen, before or
        // after, the rows are written instead.
        if !repaintAll, shownGraphics.isEmpty, placedGraphics.isEmpty,
           let shift = VerticalShift.find(from: front, to: spare), backend.scroll(rows: shift.rows, by: shift.by) {
            // A list that scrolled: the terminal moved those rows, and only what is new is written.
            scrolled = shift
        }
        var runs = spare.changedRuns(since: repaintAll ? nil : front, scrolled: scrolled)
        let graphics = graphicsUpdate(shown: shownGraphics, runs: &runs)
        repaintAll = false
        backend.present(spare, runs: runs)
        if !graphics.isEmpty { backend.updateGraphics(graphics) }
        placedGraphics = shownGraphics
        swap(&front, &spare)
        framesDrawn += 1
        mayPrepare = fits
    }

    /// What the terminal must do about pictures after this frame's cells, from what it shows now: delete the
    /// ones gone (a picture painted into the cells is wiped by writing its cells again, added to `runs`), and
    /// place the new ones, and those painted into cells the frame writes over.
    private func graphicsUpdate(shown: [GraphicPlacement], runs: inout [ChangedRun]) -> GraphicsUpdate {
        guard !shown.isEmpty || !placedGraphics.isEmpty else { return GraphicsUpdate() }
        if repaintAll { return GraphicsUpdate(clearAll: true, placed: shown) }
        let removed = placedGraphics.filter { !shown.contains($0) }
        for gone in removed where gone.picture.graphics.paintsCells {
            let rect = gone.rect.intersection(spare.bounds)
            for y in rect.y..<rect.maxY { runs.append(ChangedRun(y: y, startX: rect.x, endX: rect.maxX)) }
        }
        let placed = shown.filter { placement in
            guard placedGraphics.contains(placement) else { return true }
            guard placement.picture.graphics.paintsCells else { return false }
            let rect = placement.rect
            return runs.contains { $0.y >= rect.y && $0.y < rect.maxY && $0.startX < rect.maxX && $0.endX > rect.x }
        }
        return GraphicsUpdate(removed: removed, placed: placed)
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
