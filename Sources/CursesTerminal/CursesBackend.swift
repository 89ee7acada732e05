import CNcurses
import Glibc
import TerminalView

/// Presents cell buffers on the terminal: the changed runs, encoded with the terminal's own strings
/// (`FrameEncoder`), in one write per frame.
///
/// Curses sets the terminal up, reads its description and decodes keys, but it no longer carries frames: the
/// frame diff has already found what changed and where a list scrolled, and curses' `doupdate` compared every
/// cell of a scrolled region a second time before writing a byte. Its own pictures of the screen (`stdscr`,
/// `newscr`, `curscr`) stay blank, so a key read or a `doupdate` on resuming draws nothing over a frame.
@MainActor
public final class CursesBackend: TerminalBackend {
    public private(set) var size: Size
    public let colorSupport: ColorSupport
    private var encoder: FrameEncoder
    /// The app's marks as this terminal shows them, for the links written over their cells again.
    private let glyphs: GlyphSet
    /// The next frame starts by clearing the screen (the first one, and after a resize, a resume or ctrl-l).
    private var clearFirst = true
    /// Whether the frame's links are made clickable (OSC 8): off where the terminal would print them raw.
    public var hyperlinks = false
    /// The links as last written, so an unchanged screen does not write them again.
    private var shownLinks: [CellLink] = []
    /// The cells of the pictures painted into the terminal's cells (sixels, iTerm2), which no run may bridge.
    private var paintedPictures: [Rect] = []
    /// Kitty's pictures: sent once each, placed where they show.
    private var kitty = KittyImages()

    public init(size: Size, colorSupport: ColorSupport, unicode: Bool, glyphs: GlyphSet) {
        self.size = size
        self.colorSupport = colorSupport
        self.glyphs = glyphs
        encoder = FrameEncoder(capabilities: .current(), colors: colorSupport != .monochrome, unicode: unicode,
                               glyphs: glyphs)
    }

    public func updateSize(_ newSize: Size) {
        size = newSize
    }

    public func present(_ frame: CellBuffer, runs: [ChangedRun]) {
        enterProgramModeIfNeeded()
        encoder.encode(frame, runs: runs, clearingFirst: clearFirst, pictures: paintedPictures)
        clearFirst = false
        if hyperlinks {
            let touched = runs.contains { run in frame.links.contains { $0.y == run.y } }
            if frame.links != shownLinks || touched {
                shownLinks = frame.links
                encoder.append(raw: TerminalControl.linkOverlay(frame, glyphs: glyphs))
            }
        }
        encoder.send(emit)
    }

    /// After the session started or came back from a suspend, curses puts the terminal in the app's modes
    /// (the alternate screen, keypad keys) with a `doupdate` of its blank screen; the frame then repaints it all.
    private func enterProgramModeIfNeeded() {
        guard isendwin() else { return }
        doupdate()
        encoder.forgetState()
        clearFirst = true
    }

    public func emit(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    // A terminal opened non-blocking and full for now: wait for room, briefly.
                    var ready = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
                    if poll(&ready, 1, 1000) > 0 { continue }
                }
                return
            }
            offset += written
        }
    }

    /// Deletes kitty pictures by their command, and draws new pictures at their cells (sixels and iTerm2 pictures
    /// are wiped by the frame writing their cells again).
    public func updateGraphics(_ update: GraphicsUpdate) {
        for write in kitty.writes(for: update) {
            switch write {
            case .anywhere(let bytes): encoder.append(raw: bytes)
            case .at(let point, let bytes): encoder.append(picture: bytes, at: point)
            }
        }
        if update.clearAll { paintedPictures = [] }
        paintedPictures.removeAll { rect in update.removed.contains { $0.rect == rect } }
        for new in update.placed where new.picture.graphics.paintsCells {
            encoder.append(picture: new.picture.bytes, at: new.origin)
            paintedPictures.append(new.rect)
        }
        encoder.send(emit)
    }

    /// Deletes every kitty picture, before the terminal goes back to the shell (a suspend, the end).
    public func deleteAllPictures() {
        guard let bytes = kitty.deleteAll() else { return }
        encoder.append(raw: bytes)
        encoder.send(emit)
    }

    /// Forgets what the terminal shows: the next frame clears the screen and writes everything.
    public func invalidateScreen() {
        shownLinks = []
        paintedPictures = []
        encoder.forgetState()
        clearFirst = true
    }

    /// Scrolls a block of rows on the terminal (its scrolling region), so a list that moved by a row costs a row,
    /// not every cell of the list. Goes out with the next frame.
    public func scroll(rows: Range<Int>, by: Int) -> Bool {
        guard !clearFirst, !isendwin() else { return false }
        return encoder.scroll(rows: rows, by: by, height: size.height)
    }
}
