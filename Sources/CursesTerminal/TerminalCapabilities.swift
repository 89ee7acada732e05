import CNcurses

/// The terminfo strings a frame is written with, read once the session has set the terminal up.
///
/// Absent capabilities are nil: the encoder then does without (no italics) or falls back (spaces instead of an
/// erase, rewritten rows instead of a scroll).
struct TerminalCapabilities: Sendable {
    /// Moves the cursor to a row and column (`cup`).
    var cursorAddress: TerminfoString
    /// Limits scrolling to a block of rows (`csr`).
    var scrollRegion: TerminfoString?
    /// Scrolls the region up a line with the cursor on its last row (`ind`), and down with it on its first (`ri`).
    var scrollForward: [UInt8]?
    var scrollReverse: [UInt8]?
    var clearScreen: [UInt8]?
    /// Erases from the cursor to the end of its row (`el`).
    var clearToEndOfLine: [UInt8]?
    /// Turns every attribute off (`sgr0`); on ANSI terminals the colours too.
    var resetAttributes: [UInt8]
    var bold: [UInt8]?
    var dim: [UInt8]?
    var reverse: [UInt8]?
    var underline: [UInt8]?
    var italic: [UInt8]?
    var setForeground: TerminfoString?
    var setBackground: TerminfoString?
    /// How many colours `setaf`/`setab` take (`colors`); a higher number is not sent.
    var colorCount: Int
    /// Puts both colours back to the terminal's own (`op`).
    var defaultColors: [UInt8]?
    var hideCursor: [UInt8]?
    var showCursor: [UInt8]?
    /// Writing the last column moves the cursor to the next row (`am`), at once unless the terminal waits for the
    /// next character (`xenl`): without `xenl`, the screen's last cell would scroll the screen.
    var autoMargins: Bool
    var lateWrap: Bool

    /// Whether `sgr0` also puts the colours back, as SGR 0 (`ESC [ m`, `ESC [ 0 m`) does on every ANSI terminal.
    var resetClearsColors: Bool {
        resetAttributes.firstRange(of: Array("\u{1B}[m".utf8)) != nil
            || resetAttributes.firstRange(of: Array("\u{1B}[0m".utf8)) != nil
    }

    /// The capabilities of the terminal curses set up (`TERM`). Call after `initscr`.
    @MainActor
    static func current() -> TerminalCapabilities {
        func string(_ name: String) -> [UInt8]? {
            guard let value = nearby_terminfo_string(name), value.pointee != 0 else { return nil }
            return withoutPadding(Array(String(cString: value).utf8))
        }
        return TerminalCapabilities(
            cursorAddress: TerminfoString(string("cup") ?? Array("\u{1B}[%i%p1%d;%p2%dH".utf8)),
            scrollRegion: string("csr").map(TerminfoString.init), scrollForward: string("ind"),
            scrollReverse: string("ri"), clearScreen: string("clear"), clearToEndOfLine: string("el"),
            resetAttributes: string("sgr0") ?? [], bold: string("bold"), dim: string("dim"), reverse: string("rev"),
            underline: string("smul"), italic: string("sitm"), setForeground: string("setaf").map(TerminfoString.init),
            setBackground: string("setab").map(TerminfoString.init), colorCount: Int(max(0, tigetnum("colors"))),
            defaultColors: string("op"),
            hideCursor: string("civis"), showCursor: string("cnorm"),
            autoMargins: tigetflag("am") > 0, lateWrap: tigetflag("xenl") > 0)
    }

    /// The string without its padding (`$<5>`, `$<2*/>`): delays for hardware terminals of the past, which
    /// curses sends as nothing on a terminal with flow control or at a pseudo-terminal's speed, and which would
    /// otherwise show as text.
    static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<"),
               let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ">")),
               bytes[(index + 2)..<close].allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x2F || $0 == 0x2A }) {
                index = close + 1
                continue
            }
            out.append(bytes[index])
            index += 1
        }
        return out
    }

    /// xterm-256color's entry, for tests and as the shape most terminals share.
    static let xterm = TerminalCapabilities(
        cursorAddress: TerminfoString("\u{1B}[%i%p1%d;%p2%dH"), scrollRegion: TerminfoString("\u{1B}[%i%p1%d;%p2%dr"),
        scrollForward: [0x0A], scrollReverse: Array("\u{1B}M".utf8), clearScreen: Array("\u{1B}[H\u{1B}[2J".utf8),
        clearToEndOfLine: Array("\u{1B}[K".utf8), resetAttributes: Array("\u{1B}(B\u{1B}[m".utf8),
        bold: Array("\u{1B}[1m".utf8), dim: Array("\u{1B}[2m".utf8), reverse: Array("\u{1B}[7m".utf8),
        underline: Array("\u{1B}[4m".utf8), italic: Array("\u{1B}[3m".utf8),
        setForeground: TerminfoString("\u{1B}[%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e38;5;%p1%d%;m"),
        setBackground: TerminfoString("\u{1B}[%?%p1%{8}%<%t4%p1%d%e%p1%{16}%<%t10%p1%{8}%-%d%e48;5;%p1%d%;m"),
        colorCount: 256, defaultColors: Array("\u{1B}[39;49m".utf8), hideCursor: Array("\u{1B}[?25l".utf8),
        showCursor: Array("\u{1B}[?12l\u{1B}[?25h".utf8), autoMargins: true, lateWrap: true)
}

/// A terminfo string that takes numbers (`cup`, `csr`, `setaf`): the common ANSI form `ESC [ row ; col X` is
/// filled in directly, any other through curses' `tiparm`.
struct TerminfoString: Sendable {
    /// NUL-terminated, for `tiparm`.
    private let capability: [CChar]
    /// The final byte of `ESC [ %i%p1%d ; %p2%d X`, when the string is exactly that.
    private let ansiFinal: UInt8?

    init(_ text: String) { self.init(Array(text.utf8)) }

    init(_ bytes: [UInt8]) {
        capability = bytes.map { CChar(bitPattern: $0) } + [0]
        let prefix = Array("\u{1B}[%i%p1%d;%p2%d".utf8)
        ansiFinal = bytes.count == prefix.count + 1 && bytes.starts(with: prefix) ? bytes.last : nil
    }

    /// Appends the string with `first` and `second` filled in; false where it could not be expanded.
    func append(_ first: Int, _ second: Int = 0, to out: inout [UInt8]) -> Bool {
        if let ansiFinal {
            out.append(0x1B)
            out.append(UInt8(ascii: "["))
            Self.appendDecimal(first + 1, to: &out)
            out.append(UInt8(ascii: ";"))
            Self.appendDecimal(second + 1, to: &out)
            out.append(ansiFinal)
            return true
        }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 128) { scratch in
            let length = capability.withUnsafeBufferPointer {
                nearby_terminfo_expand($0.baseAddress, Int32(clamping: first), Int32(clamping: second),
                                       scratch.baseAddress, Int32(scratch.count))
            }
            guard length > 0 else { return false }
            for index in 0..<Int(length) { out.append(UInt8(bitPattern: scratch[index])) }
            return true
        }
    }

    static func appendDecimal(_ number: Int, to out: inout [UInt8]) {
        let value = max(0, number)
        if value >= 10 { appendDecimal(value / 10, to: &out) }
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
