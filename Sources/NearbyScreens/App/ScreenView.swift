import TerminalView

/// One screen of the app as the coordinator sees it: draws itself, takes events, offers its keys.
@MainActor
public protocol ScreenView: AnyObject {
    /// Draws the screen into `rect` (the whole terminal but the status bar).
    func draw(into buffer: CellBuffer, rect: Rect, theme: Theme)
    /// Handles an event; false when the screen did not use it (the coordinator may then).
    func handle(_ event: InputEvent) -> Bool
    /// The keys the status bar shows now.
    var hints: [KeyHint] { get }
    /// The help overlay's title and lines: every key of the screen.
    var helpTitle: String { get }
    var helpLines: [KeyHint] { get }
    /// A transient message or error for the status bar.
    var statusMessage: StatusBarMessage? { get }
    /// While true, printable keys belong to the screen (a text field has focus), not to global shortcuts.
    var capturesText: Bool { get }
    /// The screen left the stack: stop listening and cancel its work.
    func close()
}

/// What a screen may ask of the coordinator.
@MainActor
struct ScreenHost {
    /// Something the screen shows changed: draw a frame soon.
    var invalidate: @MainActor () -> Void
    /// Leave this screen (quits at the root).
    var back: @MainActor () -> Void
}
