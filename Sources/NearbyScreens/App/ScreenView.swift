import FoundationEssentials
import NearbyViewModels
import TerminalView

/// One screen of the app as the coordinator sees it: lays itself out, draws, takes events, offers its keys.
@MainActor
public protocol ScreenView: AnyObject {
    /// Fixes scroll positions for a frame in `rect` (the whole terminal but the status bar) and tells the
    /// view model what is shown. The only place a screen changes state for a frame.
    func layout(in rect: Rect, theme: Theme)
    /// Draws the screen into `rect` from its state as it is: no loads, no view-model changes.
    func draw(into buffer: CellBuffer, rect: Rect, theme: Theme)
    /// After a frame, while no key waits: makes ready what the next frame will likely draw anew (see
    /// `TerminalApplication.prepareNextFrame`). Nothing shown changes.
    func prepareNextFrame(theme: Theme)
    /// Handles an event; false when the screen has no use for it (the coordinator may then).
    func handle(_ event: InputEvent) -> Bool
    /// The keys the status bar shows now: the enabled bindings of the screen's key map.
    var hints: [KeyHint] { get }
    /// The help overlay's title and lines: every key that works now.
    var helpTitle: String { get }
    var helpLines: [KeyHint] { get }
    /// A transient message or error for the status bar.
    var statusMessage: StatusBarMessage? { get }
    /// The next key arrived: the transient message has been seen.
    func dismissStatus()
    /// While true, printable keys belong to the screen (a text field has focus), not to global shortcuts.
    var capturesText: Bool { get }
    /// A yes/no question the screen asks ("Delete Anna Beck?"); the coordinator draws it over everything and
    /// gives it the answer keys until it is answered.
    var question: ConfirmationRequest? { get }
    func answer(_ yes: Bool)
    /// Text typed here would be lost by quitting now: ctrl-c asks first.
    var hasUnsavedChanges: Bool { get }
    /// The screen left the stack: stop listening and cancel its work.
    func close()
}

extension ScreenView {
    public func prepareNextFrame(theme: Theme) {}
    public var question: ConfirmationRequest? { nil }
    public func answer(_ yes: Bool) {}
    public var hasUnsavedChanges: Bool { false }
}

/// What a screen may ask of the coordinator.
@MainActor
struct ScreenHost {
    /// Something the screen shows changed: draw a frame soon.
    var invalidate: @MainActor () -> Void
    /// Leave this screen (quits at the root).
    var back: @MainActor () -> Void
    /// Runs `action` when the app's clock reaches the date `next` holds, again each time it changes (never
    /// while nil), and only while the screen is on top (see `ScreenClock`). Cancelling the token stops it.
    var wakes: @MainActor (_ next: Observable<Date?>, _ action: @escaping @MainActor () -> Void) -> ObservationToken
    /// Puts text on the clipboard through the terminal (OSC 52); false when it could not be sent.
    var copy: @MainActor (_ text: String) -> Bool = { _ in false }
    /// What the header shows while the app is not at now ("as of Sat 14:00"); nil at now.
    var headerBadge: @MainActor () -> String? = { nil }
    /// Every screen's keys, by action: a view's key map takes its keys from here.
    var keys: KeyTable = .standard
    /// Turns pictures into cells; nil when the app draws none (`images = "off"`, or no painter given).
    var pictures: (any PicturePainting)?
}
