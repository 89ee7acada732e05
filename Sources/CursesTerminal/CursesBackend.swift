import CNcurses
import Glibc
import TerminalView

/// Presents cell buffers through ncurses: only the changed runs are written, then one `doupdate`.
///
/// The cells go straight into curses' picture of the next screen (`newscr`), not into `stdscr`: the frame
/// diff has already found what changed, and a copy through `stdscr` (`wnoutrefresh`) compared every row a
/// scroll touched a second time. `stdscr` stays blank and untouched (`TerminalSession` sees to it), so reading a
/// key refreshes nothing.
@MainActor
public final class CursesBackend: TerminalBackend {
    public private(set) var size: Size
    public let colorSupport: ColorSupport
    private var pairs: [PairKey: Int16] = [:]
    private var nextPair: Int32 = 1
    private var cursorVisible = false
    private let attributeBits: AttributeBits
    /// Whether the frame's links are made clickable (OSC 8): off where the terminal would print them raw.
    public var hyperlinks = false
    /// The links as last written, so an unchanged screen does not write them again.
    private var shownLinks: [CellLink] = []

    public init(size: Size, colorSupport: ColorSupport) {
        self.size = size
        self.colorSupport = colorSupport
        attributeBits = AttributeBits()
    }

    public func updateSize(_ newSize: Size) {
        size = newSize
    }

    public func present(_ frame: CellBuffer, runs: [ChangedRun]) {
        let screen = nearby_newscr()
        var cc = cchar_t()
        var chars: (wchar_t, wchar_t, wchar_t, wchar_t, wchar_t, wchar_t) = (0, 0, 0, 0, 0, 0)
        var lastStyle: Style?
        var (attrs, pair) = attributes(for: .plain)
        for run in Self.bridged(runs) where run.y < Int(nearby_lines()) {
            var moved = false
            let endX = min(run.endX, frame.size.width)
            // Up to where blanks keep the style just written (see `blanksKeepStyle`).
            var keptThrough = -1
            for x in run.startX..<endX {
                let cell = frame[x, run.y]
                if cell.isContinuation { moved = false; continue }
                // Neighbouring cells mostly share a style: look the pair up once per change of style.
                let style = cell.style
                if style != lastStyle, x > keptThrough {
                    if cell.isBlank, let last = lastStyle,
                       let through = Self.blanksKeepStyle(last, frame, y: run.y, from: x, to: endX) {
                        keptThrough = through
                    } else {
                        lastStyle = style
                        (attrs, pair) = attributes(for: style)
                    }
                }
                Self.encode(cell, attributes: attrs, pair: pair, into: &cc, scratch: &chars)
                if moved {
                    wadd_wch(screen, &cc)
                } else {
                    mvwadd_wch(screen, Int32(run.y), Int32(x), &cc)
                    moved = true
                }
            }
        }
        if let cursor = frame.cursor {
            if !cursorVisible { curs_set(1); cursorVisible = true }
            wmove(screen, Int32(cursor.y), Int32(cursor.x))
        } else if cursorVisible {
            curs_set(0)
            cursorVisible = false
        }
        doupdate()
        presentLinks(frame, runs: runs)
    }

    /// Writes the links again (OSC 8 around the same cells) when they changed or curses wrote over their rows.
    private func presentLinks(_ frame: CellBuffer, runs: [ChangedRun]) {
        guard hyperlinks else { return }
        let touched = runs.contains { run in frame.links.contains { $0.y == run.y } }
        guard frame.links != shownLinks || touched else { return }
        shownLinks = frame.links
        emit(TerminalControl.linkOverlay(frame))
    }

    public func emit(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        // Curses has flushed its own output by now (doupdate): these bytes follow it.
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }

    /// Runs of a row joined across short stretches of cells that did not change, so the blanks between two
    /// changed columns are written too and can keep the columns' style (see `blanksKeepStyle`); curses itself
    /// writes through short gaps rather than moving the cursor, so this adds cells, not bytes.
    static func bridged(_ runs: [ChangedRun]) -> [ChangedRun] {
        let shortGap = 8
        var joined: [ChangedRun] = []
        joined.reserveCapacity(runs.count)
        for run in runs {
            if let last = joined.last, last.y == run.y, run.startX - last.endX <= shortGap {
                joined[joined.count - 1].endX = max(last.endX, run.endX)
            } else {
                joined.append(run)
            }
        }
        return joined
    }

    /// The padding between two columns may keep the style of the column before, when its blanks look the same
    /// in it: two columns of one colour then cost no switch to plain and back, and two of different colours one
    /// switch instead of two (about 11 bytes each). The last blank's x, or nil where the blanks end the run:
    /// there curses clears them in their own style, with an erase rather than spaces.
    static func blanksKeepStyle(_ style: Style, _ frame: CellBuffer, y: Int, from x: Int, to endX: Int)
        -> Int? {
        var next = x
        while next < endX {
            let cell = frame[next, y]
            if !cell.isBlank { return next - 1 }
            guard cell.style.drawsBlankLike(style) else { return nil }
            next += 1
        }
        return nil
    }

    /// Fills `cc` with the cell's scalars (a base and up to three marks). Nonisolated, so the closure inside
    /// carries no main-actor check per cell.
    private nonisolated static func encode(_ cell: Cell, attributes: attr_t, pair: Int16, into cc: inout cchar_t,
                                           scratch: inout (wchar_t, wchar_t, wchar_t, wchar_t, wchar_t, wchar_t)) {
        withUnsafeMutableBytes(of: &scratch) { raw in
            let buffer = raw.bindMemory(to: wchar_t.self)
            let count = cell.markCount + 1
            for index in 0..<count { buffer[index] = wchar_t(bitPattern: cell.scalar(at: index).value) }
            buffer[count] = 0
            _ = nearby_setcchar(&cc, buffer.baseAddress, attributes, pair)
        }
    }

    /// Forces the next `doupdate` to repaint everything (after a resume or a resize).
    public func invalidateScreen() {
        shownLinks = []
        clearok(nearby_curscr(), true)
    }

    /// Scrolls a block of rows of the curses screen, so a list that moved by a row costs curses (and the
    /// terminal, through its scrolling region) a row, not every cell of the list.
    public func scroll(rows: Range<Int>, by: Int) {
        let screen = nearby_newscr()
        let lines = Int(nearby_lines())
        guard VerticalShift(rows: rows, by: by).fits(height: lines) else { return }
        wsetscrreg(screen, Int32(rows.lowerBound), Int32(rows.upperBound - 1))
        scrollok(screen, true)
        wscrl(screen, Int32(by))
        scrollok(screen, false)
        wsetscrreg(screen, 0, Int32(lines - 1))
    }

    private func attributes(for style: Style) -> (attr_t, Int16) {
        var attrs = attributeBits.normal
        let a = style.attributes
        if a.contains(.bold) { attrs |= attributeBits.bold }
        if a.contains(.dim) { attrs |= attributeBits.dim }
        if a.contains(.reverse) { attrs |= attributeBits.reverse }
        if a.contains(.underline) { attrs |= attributeBits.underline }
        if a.contains(.italic) { attrs |= attributeBits.italic }
        guard colorSupport != .monochrome, style.foreground != .default || style.background != .default else {
            return (attrs, 0)
        }
        return (attrs, pair(foreground: style.foreground.number, background: style.background.number))
    }

    private func pair(foreground: Int, background: Int) -> Int16 {
        let key = PairKey(foreground: foreground, background: background)
        if let existing = pairs[key] { return existing }
        guard nextPair < min(nearby_color_pairs(), 32767) else { return 0 }
        let number = Int16(nextPair)
        nextPair += 1
        init_pair(number, Int16(foreground), Int16(background))
        pairs[key] = number
        return number
    }
}

private struct PairKey: Hashable {
    var foreground: Int
    var background: Int
}

/// The curses attribute bits, read once through the shim (they are macros in C).
private struct AttributeBits {
    let normal = nearby_a_normal()
    let bold = nearby_a_bold()
    let dim = nearby_a_dim()
    let reverse = nearby_a_reverse()
    let underline = nearby_a_underline()
    let italic = nearby_a_italic()
}
