import CNcurses
import Glibc
import TerminalView
import TerminalText

/// Turns a frame's changed runs into the bytes that show them, with the terminal's own strings: cursor moves,
/// attributes and colours only where they change, an erase for blanks that end a row, and a scrolling region for
/// a list that moved.
///
/// It keeps what it last sent (cursor, style, cursor shown), so a frame costs only what changed. What it cannot
/// know after someone else wrote to the terminal, `forgetState` makes it send again.
struct FrameEncoder {
    let capabilities: TerminalCapabilities
    /// Whether colours are sent at all (not on a monochrome terminal).
    let colors: Bool
    /// Whether the locale is UTF-8; otherwise each character goes out in the locale's own encoding.
    let unicode: Bool
    /// The app's marks as the terminal shows them: in ASCII, each goes out as its ASCII stand-in.
    let glyphs: GlyphSet
    /// The bytes of the frame so far.
    private(set) var bytes: [UInt8] = []
    /// Where the terminal's cursor is, when known (not after writing the last column or a wide character).
    private var cursorAt: Point?
    /// The attributes and colours the terminal draws with now, when known.
    private var current: Style?
    private var cursorShown: Bool?
    private let resetClearsColors: Bool
    private var foregrounds: [[UInt8]?] = Array(repeating: nil, count: 256)
    private var backgrounds: [[UInt8]?] = Array(repeating: nil, count: 256)

    init(capabilities: TerminalCapabilities, colors: Bool, unicode: Bool, glyphs: GlyphSet = .unicode) {
        self.capabilities = capabilities
        self.colors = colors
        self.unicode = unicode
        self.glyphs = glyphs
        resetClearsColors = capabilities.resetClearsColors
        bytes.reserveCapacity(4096)
    }

    /// Hands the bytes encoded so far to `write` and starts the next batch in the same storage.
    mutating func send(_ write: ([UInt8]) -> Void) {
        write(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// The bytes encoded so far, and the next batch started (for tests).
    mutating func take() -> [UInt8] {
        var taken: [UInt8] = []
        send { taken = $0 }
        return taken
    }

    /// After output the encoder did not make (a suspend, a resize, curses' own writes): send everything again.
    mutating func forgetState() {
        cursorAt = nil
        current = nil
        cursorShown = nil
    }

    /// Blanks the whole screen in the terminal's own colours.
    mutating func clearScreen() {
        setStyle(.plain)
        if let clear = capabilities.clearScreen {
            bytes += clear
        }
        cursorAt = nil
    }

    /// Scrolls rows `rows` up by `by` (down when negative) in a scrolling region, leaving blank rows where new
    /// ones come in; false when the terminal has no scrolling region, and nothing was sent.
    mutating func scroll(rows: Range<Int>, by: Int, height: Int) -> Bool {
        guard by != 0, VerticalShift(rows: rows, by: by).fits(height: height),
              let region = capabilities.scrollRegion,
              let step = by > 0 ? capabilities.scrollForward : capabilities.scrollReverse else { return false }
        // The rows scrolled in are cleared in the colours in effect: the terminal's own.
        setStyle(.plain)
        cursorAt = nil
        let start = bytes.count
        if region.append(rows.lowerBound, rows.upperBound - 1, to: &bytes),
           capabilities.cursorAddress.append(by > 0 ? rows.upperBound - 1 : rows.lowerBound, 0, to: &bytes) {
            for _ in 0..<abs(by) { bytes += step }
            if region.append(0, height - 1, to: &bytes) { return true }
        }
        // A string that could not be filled in: nothing of the scroll goes out.
        bytes.removeSubrange(start...)
        return false
    }

    /// Encodes a frame as presented: the screen cleared first when asked, the cells of `runs`, and the cursor
    /// where the frame wants it.
    /// `pictures` are the cells of pictures painted into the terminal's cells (sixels): no run is bridged across
    /// them, since writing their cells would wipe them.
    mutating func encode(_ frame: CellBuffer, runs: [ChangedRun], clearingFirst: Bool, pictures: [Rect] = []) {
        if clearingFirst { clearScreen() }
        cells(of: frame, runs: runs, pictures: pictures)
        placeCursor(frame.cursor)
    }

    /// Encodes the cells of `runs` of `frame`.
    mutating func cells(of frame: CellBuffer, runs: [ChangedRun], pictures: [Rect] = []) {
        let size = frame.size
        for run in Self.bridged(runs, pictures: pictures) where run.y >= 0 && run.y < size.height {
            let endX = min(run.endX, size.width)
            // Blanks that end the row are erased in one go.
            let eraseFrom = endX == size.width && capabilities.clearToEndOfLine != nil
                ? Self.trailingBlanks(frame, y: run.y, from: run.startX, to: endX) : endX
            // Up to where blanks keep the style just written (see `blanksKeepStyle`).
            var keptThrough = -1
            var x = max(0, run.startX)
            while x < eraseFrom {
                let cell = frame[x, run.y]
                if cell.isContinuation {
                    x += 1
                    continue
                }
                // The last cell of the screen would scroll a terminal that wraps at once; it is left as it is.
                if capabilities.autoMargins, !capabilities.lateWrap, x == size.width - 1, run.y == size.height - 1 {
                    break
                }
                let style = cell.style
                if x > keptThrough, style != current {
                    if cell.isBlank, let last = current,
                       let through = Self.blanksKeepStyle(last, frame, y: run.y, from: x, to: endX) {
                        keptThrough = through
                    } else {
                        setStyle(style)
                    }
                }
                // A cell is never written where the cursor may not be.
                guard move(to: Point(x: x, y: run.y)) else { break }
                appendCharacters(of: cell)
                let width = Int(cell.width)
                // Past a wide character the terminal may count columns differently: place the next one anew.
                cursorAt = width == 1 && x + 1 < size.width ? Point(x: x + 1, y: run.y) : nil
                x += max(1, width)
            }
            if eraseFrom < endX, let erase = capabilities.clearToEndOfLine {
                setStyle(.plain)
                if move(to: Point(x: eraseFrom, y: run.y)) { bytes += erase }
            }
        }
    }

    /// Shows the cursor at `point`, or hides it.
    mutating func placeCursor(_ point: Point?) {
        if let point, move(to: point) {
            if cursorShown != true, let show = capabilities.showCursor {
                bytes += show
            }
            cursorShown = true
        } else {
            if cursorShown != false, let hide = capabilities.hideCursor {
                bytes += hide
            }
            cursorShown = false
        }
    }

    /// Appends bytes made elsewhere (links), after which neither the cursor's place nor the style is known (the
    /// cursor stays shown or hidden).
    mutating func append(raw: [UInt8]) {
        guard !raw.isEmpty else { return }
        bytes += raw
        cursorAt = nil
        current = nil
    }

    /// Appends a picture's escape sequence at `point`, where the terminal draws it from the cursor.
    mutating func append(picture: [UInt8], at point: Point) {
        guard move(to: point) else { return }
        append(raw: picture)
    }

    // MARK: Pieces

    /// False where the terminal's string could not be filled in, and the cursor's place is no longer known.
    @discardableResult
    private mutating func move(to point: Point) -> Bool {
        guard cursorAt != point else { return true }
        guard capabilities.cursorAddress.append(point.y, point.x, to: &bytes) else {
            cursorAt = nil
            return false
        }
        cursorAt = point
        return true
    }

    /// Switches attributes and colours from what is in effect to `style`: attributes that only add are added;
    /// one that goes away costs a reset, after which the rest are sent again.
    private mutating func setStyle(_ wanted: Style) {
        var style = wanted
        if !colors {
            style.foreground = .default
            style.background = .default
        }
        guard style != current else { return }
        var from: Style
        if let current, current.attributes.isSubset(of: style.attributes) {
            from = current
        } else {
            bytes += capabilities.resetAttributes
            from = Style(attributes: [])
            if !resetClearsColors || current == nil {
                // Colours unknown: put the defaults back explicitly.
                if colors, let defaults = capabilities.defaultColors { bytes += defaults }
            }
        }
        let added = style.attributes.subtracting(from.attributes)
        if !added.isEmpty {
            if added.contains(.bold), let bold = capabilities.bold { bytes += bold }
            if added.contains(.dim), let dim = capabilities.dim { bytes += dim }
            if added.contains(.reverse), let reverse = capabilities.reverse { bytes += reverse }
            if added.contains(.underline), let underline = capabilities.underline { bytes += underline }
            if added.contains(.italic), let italic = capabilities.italic { bytes += italic }
        }
        if colors {
            if (style.foreground == .default && from.foreground != .default)
                || (style.background == .default && from.background != .default) {
                if let defaults = capabilities.defaultColors { bytes += defaults }
                from.foreground = .default
                from.background = .default
            }
            if style.foreground != from.foreground { appendColor(style.foreground, foreground: true) }
            if style.background != from.background { appendColor(style.background, foreground: false) }
        }
        current = style
    }

    private mutating func appendColor(_ color: Color, foreground: Bool) {
        let number = color.number
        guard number >= 0, number < min(256, capabilities.colorCount) else { return }
        if let cached = foreground ? foregrounds[number] : backgrounds[number] {
            bytes += cached
            return
        }
        guard let capability = foreground ? capabilities.setForeground : capabilities.setBackground else { return }
        var made: [UInt8] = []
        guard capability.append(number, to: &made) else { return }
        if foreground { foregrounds[number] = made } else { backgrounds[number] = made }
        bytes += made
    }

    private mutating func appendCharacters(of cell: Cell) {
        for index in 0...cell.markCount {
            appendScalar(cell.scalar(at: index))
        }
    }

    private mutating func appendScalar(_ scalar: Unicode.Scalar) {
        // Cells hold no control characters (`CellBuffer` sanitizes what it is given); one set directly is shown
        // as `TextSanitizer` shows it, never obeyed.
        let shown = glyphs.fold(TextSanitizer.placeholder(for: scalar) ?? scalar)
        if shown.isASCII {
            bytes.append(UInt8(shown.value))
        } else if unicode {
            UTF8.encode(shown) { bytes.append($0) }
        } else {
            appendInLocale(shown)
        }
    }

    /// A character in the locale's encoding (Latin-1, say), or `?` where it has none.
    private mutating func appendInLocale(_ scalar: Unicode.Scalar) {
        var state = mbstate_t()
        var encoded = [CChar](repeating: 0, count: 16)
        let length = wcrtomb(&encoded, wchar_t(bitPattern: scalar.value), &state)
        if length == size_t.max || length == 0 || length > 16 {
            bytes.append(UInt8(ascii: "?"))
        } else {
            for index in 0..<length { bytes.append(UInt8(bitPattern: encoded[index])) }
        }
    }

    // MARK: Which cells

    /// Runs of a row joined across short stretches of cells that did not change, so the blanks between two
    /// changed columns are written too and can keep the columns' style (see `blanksKeepStyle`): a few cells
    /// cost fewer bytes than a cursor move.
    static func bridged(_ runs: [ChangedRun], pictures: [Rect] = []) -> [ChangedRun] {
        let shortGap = 8
        var joined: [ChangedRun] = []
        joined.reserveCapacity(runs.count)
        func crossesPicture(_ y: Int, _ from: Int, _ to: Int) -> Bool {
            pictures.contains { y >= $0.y && y < $0.maxY && from < $0.maxX && to > $0.x }
        }
        for run in runs {
            if let last = joined.last, last.y == run.y, run.startX - last.endX <= shortGap,
               pictures.isEmpty || !crossesPicture(run.y, last.endX, run.startX) {
                joined[joined.count - 1].endX = max(last.endX, run.endX)
            } else {
                joined.append(run)
            }
        }
        return joined
    }

    /// The padding between two columns may keep the style of the column before, when its blanks look the same
    /// in it: two columns of one colour then cost no switch to plain and back, and two of different colours one
    /// switch instead of two. The last blank's x, or nil where the blanks end the run: those are erased.
    static func blanksKeepStyle(_ style: Style, _ frame: CellBuffer, y: Int, from x: Int, to endX: Int) -> Int? {
        var next = x
        while next < endX {
            let cell = frame[next, y]
            if !cell.isBlank { return next - 1 }
            guard cell.style.drawsBlankLike(style) else { return nil }
            next += 1
        }
        return nil
    }

    /// Where the blanks that end row `y` begin, when they look like plain blanks and are enough of them to be
    /// worth an erase; `endX` otherwise.
    static func trailingBlanks(_ frame: CellBuffer, y: Int, from startX: Int, to endX: Int) -> Int {
        var x = endX
        while x > startX {
            let cell = frame[x - 1, y]
            guard cell.isBlank, cell.style.drawsBlankLike(.plain) else { break }
            x -= 1
        }
        return endX - x >= 4 ? x : endX
    }
}
