import CNcurses
import CTerminalSupport
import FoundationEssentials
import Glibc
import TerminalView
import TerminalText

/// Why the full-screen session could not start.
public enum TerminalSessionError: Error, CustomStringConvertible {
    case notATerminal
    /// TERM names no terminal in the terminfo database.
    case unknownTerminal(String)
    /// The terminal cannot move the cursor to a cell (TERM=dumb), so a full screen cannot be drawn.
    case cannotAddressCursor(String)
    case cannotInitialize
    case signalSetupFailed

    public var description: String {
        switch self {
        case .notATerminal: "Nearby needs a terminal: standard input and output must be a tty."
        case .unknownTerminal(let name):
            "The terminal type \"\(TextSanitizer.sanitize(name))\" (TERM) is not known here; set TERM to your "
                + "terminal's type, such as xterm-256color."
        case .cannotAddressCursor(let name):
            "The terminal type \"\(TextSanitizer.sanitize(name))\" (TERM) cannot move the cursor, so Nearby cannot "
                + "draw its screens; use a full terminal (TERM=xterm-256color, for one), or the commands "
                + "(nearby places, nearby friends list)."
        case .cannotInitialize: "Could not start the terminal (is TERM set to a known terminal?)."
        case .signalSetupFailed: "Could not install signal handlers."
        }
    }
}

/// Owns the curses session: start (locale, alternate screen, modes, mouse) and an idempotent restore.
///
/// Restore also runs from the signal shims on SIGINT/SIGTERM/SIGHUP, at exit, on a crash signal, and on every
/// other signal whose default action ends the process (SIGQUIT, SIGUSR1, SIGALRM, …).
@MainActor
public final class TerminalSession {
    public private(set) var isActive = false
    /// Whether characters go out in UTF-8 (the user's locale, or C.UTF-8 in its place for names like "Café").
    public private(set) var unicode = false
    /// The app's own marks as this terminal shows them (`GlyphSet.detect`).
    public private(set) var glyphs = GlyphSet.ascii
    public private(set) var colorSupport: ColorSupport = .monochrome
    /// What the terminal answered about pictures, when it was asked (`start(…, askGraphics: true)`).
    public private(set) var graphicsReplies: GraphicsReplies?
    private let environment: [String: String]
    private var mouse = false

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// Whether links may be sent as OSC 8: not to the Linux console or a terminal without cursor addressing,
    /// which would print the sequence raw; other terminals show a link or ignore the sequence.
    public var supportsHyperlinks: Bool { Self.supportsHyperlinks(term: environment["TERM"]) }

    public nonisolated static func supportsHyperlinks(term: String?) -> Bool {
        guard let term = term?.lowercased(), !term.isEmpty else { return false }
        let plain = ["dumb", "linux", "cons25", "unknown"]
        return !plain.contains(term) && !term.hasPrefix("vt") && !term.hasPrefix("linux-")
    }

    /// Enters full-screen mode. Signal handlers forward to `signalPipe`. With `askGraphics`, the terminal is
    /// first asked which pictures it can show (`GraphicsProbe`), unless it could show none anyway (ASCII only,
    /// NO_COLOR).
    public func start(signalPipe: Int32, mouse: Bool = true, askGraphics: Bool = false) throws {
        guard !isActive else { return }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw TerminalSessionError.notATerminal }
        // Asked before curses writes anything: a terminal that cannot place the cursor would show garbage.
        switch nearby_terminal_addresses_cursor(STDOUT_FILENO) {
        case 1: break
        case 0: throw TerminalSessionError.cannotAddressCursor(environment["TERM"] ?? "")
        default: throw TerminalSessionError.unknownTerminal(environment["TERM"] ?? "")
        }
        let usersLocaleIsUTF8: Bool
        (usersLocaleIsUTF8, unicode) = Self.setUTF8Locale()
        glyphs = GlyphSet.detect(term: environment["TERM"], localeIsUTF8: usersLocaleIsUTF8)
        _ = nearby_tty_save(STDOUT_FILENO)
        if askGraphics, glyphs == .unicode, environment["NO_COLOR"].map(\.isEmpty) ?? true {
            graphicsReplies = GraphicsProbe.ask()
        }
        if environment["ESCDELAY"] == nil { set_escdelay(25) }
        guard initscr() != nil else { throw TerminalSessionError.cannotInitialize }
        // Frames go into `newscr` (`CursesBackend`); `stdscr`, from which keys are read, stays blank, and
        // untouched, so that a read never refreshes it over a frame.
        untouchwin(nearby_stdscr())
        Self.leaveFirstRunState()
        isActive = true
        nearby_tty_set_active(1)
        cbreak()
        noecho()
        nonl()
        keypad(nearby_stdscr(), true)
        nodelay(nearby_stdscr(), true)
        intrflush(nearby_stdscr(), false)
        leaveok(nearby_stdscr(), false)
        // The run loop drains every pending key before it draws: curses need not stop an update halfway to
        // look for typeahead (and flush what it has so far when it finds some).
        typeahead(-1)
        curs_set(0)
        set_escdelay(25)
        // ctrl-s saves a form; ctrl-\ (or a pasted 0x1C) must not end the app with SIGQUIT, while ctrl-c and
        // ctrl-z keep their signals. Remember the modes curses restores after a suspend.
        _ = nearby_tty_disable_flow_control(STDIN_FILENO)
        _ = nearby_tty_disable_quit_key(STDIN_FILENO)
        def_prog_mode()
        if has_colors() {
            start_color()
            use_default_colors()
        }
        colorSupport = has_colors()
            ? ColorSupport.detect(colors: Int(nearby_colors()), environment: environment)
            : .monochrome
        if mouse { MouseReporting.enable() }
        self.mouse = mouse
        guard nearby_signals_install(signalPipe) == 0 else {
            restore()
            throw TerminalSessionError.signalSetupFailed
        }
    }

    /// Leaves full-screen mode and puts the terminal back as it was. Safe to call more than once.
    public func restore() {
        guard isActive else { return }
        isActive = false
        MouseReporting.disable()
        curs_set(1)
        endwin()
        nearby_tty_set_active(1)
        // endwin restored the shell modes; this also covers anything curses did not save.
        nearby_tty_emergency_restore()
        nearby_signals_uninstall()
    }

    /// Hands the terminal back to the shell and stops (ctrl-z); returns after `fg`.
    public func suspend() {
        guard isActive else { return }
        if mouse { MouseReporting.disable() }
        endwin()
        nearby_tty_set_active(0)
        nearby_signals_suspend_self()
        // Continued: the next frame's `doupdate` (see `CursesBackend`) re-enters program mode and the alternate
        // screen, and the frame repaints it all.
        nearby_tty_set_active(1)
        if mouse { MouseReporting.enable() }
    }

    /// Leaves curses as a suspend does, before anything is written: the first frame then enters program mode (the
    /// alternate screen, keypad keys, with the modes set below) through the same `doupdate` as a frame after
    /// `fg` (`CursesBackend`), and curses leaves the state it keeps until its first `endwin`, in which it
    /// flushes its output after every cursor movement.
    private static func leaveFirstRunState() {
        endwin()
    }

    /// The terminal's current size, asked of the tty (curses' LINES/COLS lag behind a SIGWINCH).
    public func currentSize() -> Size {
        var rows: Int32 = 0, cols: Int32 = 0
        if nearby_tty_size(STDOUT_FILENO, &rows, &cols) == 0 {
            return Size(width: Int(cols), height: Int(rows))
        }
        return Size(width: Int(nearby_cols()), height: Int(nearby_lines()))
    }

    /// A cell's size in pixels: as the tty says, else as the terminal answered when asked.
    public func cellPixels(for size: Size) -> Size? {
        GraphicsProbe.cellFromTTY(size) ?? graphicsReplies?.cell
    }

    /// Tells curses about a new size.
    public func resize(to size: Size) {
        resizeterm(Int32(size.height), Int32(size.width))
        // Resizing touches `stdscr` again (see `start`); the next frame repaints every cell itself.
        untouchwin(nearby_stdscr())
    }

    /// Sets the user's locale; returns whether it is UTF-8, and whether characters can go out in UTF-8 after all.
    private static func setUTF8Locale() -> (usersIsUTF8: Bool, unicode: Bool) {
        setlocale(LC_ALL, "")
        if isUTF8() { return (true, true) }
        // A "C" or POSIX locale cannot show names like "Café": switch only the character type.
        for candidate in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, candidate) != nil {
            if isUTF8() { return (false, true) }
        }
        return (false, false)
    }

    private static func isUTF8() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }
}
