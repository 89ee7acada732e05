@testable import CursesTerminal
@testable import TerminalView

/// A backend that encodes frames as `CursesBackend` does and hands the bytes to a `ReplayTerminal`, so frames
/// can go through the real `FramePresenter` without a terminal.
@MainActor
final class ReplayBackend: TerminalBackend {
    let size: Size
    let colorSupport = ColorSupport.full
    let terminal: ReplayTerminal
    private var encoder: FrameEncoder
    private var clearFirst = true

    init(size: Size, capabilities: TerminalCapabilities) {
        self.size = size
        terminal = ReplayTerminal(width: size.width, height: size.height)
        encoder = FrameEncoder(capabilities: capabilities, colors: true, unicode: true)
    }

    func present(_ frame: CellBuffer, runs: [ChangedRun]) {
        encoder.encode(frame, runs: runs, clearingFirst: clearFirst)
        clearFirst = false
        terminal.feed(encoder.take())
    }

    func invalidateScreen() {
        encoder.forgetState()
        clearFirst = true
    }

    func scroll(rows: Range<Int>, by: Int) -> Bool {
        !clearFirst && encoder.scroll(rows: rows, by: by, height: size.height)
    }

    func emit(_ bytes: [UInt8]) {
        terminal.feed(bytes)
    }
}
