import FoundationEssentials
import TerminalText

/// What the run loop drives: lays out and draws whole frames, handles events, says when it is done.
@MainActor
public protocol TerminalApplication: AnyObject {
    /// Smaller than this, the presenter shows a short message instead of the app.
    var minimumSize: Size { get }
    /// True once the user has quit.
    var isFinished: Bool { get }
    /// Called once before the first frame with the host to ask for redraws and wake-ups through.
    func attach(to host: any ApplicationHost)
    /// Called before each frame that shows the app: fix positions (scrolling, what is visible) and tell the
    /// view models what is shown. The only step of a frame that may change state. The theme is the one the
    /// frame will be drawn with, for screens that prepare what they draw.
    func layout(size: Size, theme: Theme)
    /// Draws a full frame from the state as it is: no loads, no view-model changes.
    func draw(into buffer: CellBuffer, theme: Theme)
    func handle(_ event: InputEvent)
    /// Called once a frame of the app is on screen and no input waits: make ready what the likely next frame
    /// needs (the rows a key would scroll in), so that frame takes less. Changes nothing the frame shows.
    func prepareNextFrame(theme: Theme)
}

extension TerminalApplication {
    public func prepareNextFrame(theme: Theme) {}
}

/// The run loop's side: what the application may ask of it.
@MainActor
public protocol ApplicationHost: AnyObject {
    /// Something changed: draw a frame soon. Many calls in one turn make one frame.
    func setNeedsDisplay()
    /// The next frame writes every cell and the terminal is cleared first (ctrl-l, after garbage on screen).
    func repaintAll()
    /// Runs the wake's action once the host's clock reaches its date (a place that closes at 18:00), unless
    /// the wake is cancelled or released first. The host keeps it weakly: its owner decides how long it lives.
    func schedule(_ wake: ScheduledWake)
    /// Puts `text` on the clipboard through the terminal (OSC 52); false when the text is empty or too long
    /// to send (`TerminalControl.clipboard`).
    func copyToClipboard(_ text: String) -> Bool
}

/// The drawing side of a terminal: the curses backend, or memory in tests.
@MainActor
public protocol TerminalBackend: AnyObject {
    var size: Size { get }
    var colorSupport: ColorSupport { get }
    /// Shows `frame` by writing only the cells in `runs` (see `CellBuffer.changedRuns(since:)`).
    func present(_ frame: CellBuffer, runs: [ChangedRun])
    /// Forgets what the terminal shows: the next present clears it and writes everything.
    func invalidateScreen()
    /// Scrolls the rows `rows` up by `by` (down when negative), as the next present will expect: rows that
    /// move out are lost, rows that come in are blank. False when the terminal cannot, and nothing moved.
    func scroll(rows: Range<Int>, by: Int) -> Bool
    /// Writes control bytes that change nothing on screen (an OSC 52 copy) right after the last frame.
    func emit(_ bytes: [UInt8])
    /// Deletes and places pictures of a graphics protocol, right after the frame's cells (`FramePresenter`).
    func updateGraphics(_ update: GraphicsUpdate)
}

extension TerminalBackend {
    /// A backend that shows no pictures in pixels ignores them.
    public func updateGraphics(_ update: GraphicsUpdate) {}
}

/// The message shown when the terminal is smaller than the app can use.
public enum TooSmallMessage {
    public static func draw(in buffer: CellBuffer, minimum: Size, theme: Theme) {
        let size = buffer.size
        let lines = ["Terminal too small", "\(size.width)x\(size.height), need \(minimum.width)x\(minimum.height)"]
        let top = max(0, (size.height - lines.count) / 2)
        for (i, line) in lines.enumerated() where top + i < size.height {
            buffer.write(line, in: Rect(x: 0, y: top + i, width: size.width, height: 1),
                         style: i == 0 ? theme.error : theme.text, alignment: .center)
        }
    }
}
