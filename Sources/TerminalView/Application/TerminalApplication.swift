import Foundation

/// What the run loop drives: draws whole frames, handles events, says when it is done.
@MainActor
public protocol TerminalApplication: AnyObject {
    /// Smaller than this, the run loop shows a short message instead of the app.
    var minimumSize: Size { get }
    /// True once the user has quit.
    var isFinished: Bool { get }
    /// Called once before the first frame with the host to ask for redraws through.
    func attach(to host: any ApplicationHost)
    /// Draws a full frame.
    func draw(into buffer: CellBuffer, theme: Theme)
    func handle(_ event: InputEvent)
}

/// The run loop's side: what the application may ask of it.
@MainActor
public protocol ApplicationHost: AnyObject {
    /// Something changed: draw a frame soon. Many calls in one turn make one frame.
    func setNeedsDisplay()
    /// Draw a frame at `date` even if nothing else happens (a place that closes at 18:00).
    func scheduleRedraw(at date: Date)
}

/// The drawing side of a terminal: the curses backend, or memory in tests.
@MainActor
public protocol TerminalBackend: AnyObject {
    var size: Size { get }
    var colorSupport: ColorSupport { get }
    /// Shows `frame` by writing only the cells in `runs` (see `CellBuffer.changedRuns(since:)`).
    func present(_ frame: CellBuffer, runs: [ChangedRun])
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
