import CNcurses
import Glibc
import TerminalView

/// Reads what curses has decoded from the keyboard and mouse, without waiting.
@MainActor
struct CursesInput {
    /// What `wget_wch` returned: a key code (arrows, KEY_MOUSE) or a character.
    enum Raw: Equatable {
        case code(Int32)
        case character(UInt32)
    }

    private var lastClick: (point: Point, time: ContinuousClock.Instant)?
    /// What one drain read, kept between drains so that reading a key allocates no new array.
    private var readKeys: [Raw] = []

    /// Every event available now (stdin is non-blocking); an empty array when nothing is pending.
    mutating func drain(limit: Int = 4096) -> [InputEvent] {
        readKeys.removeAll(keepingCapacity: true)
        var wch: wint_t = 0
        while readKeys.count < limit {
            let status = wget_wch(nearby_stdscr(), &wch)
            if status == ERR { break }
            readKeys.append(status == KEY_CODE_YES ? .code(Int32(wch)) : .character(UInt32(wch)))
        }
        if readKeys.isEmpty { return [] }
        // `decode` is mutating: it reads a second reference to the keys, not the property it could change.
        let raws = readKeys
        return decode(raws)
    }

    /// Turns what curses read into events. A mouse report in SGR encoding that curses does not know for this
    /// terminal (`ESC [ < b ; x ; y M`) arrives as plain characters and is put back together here.
    mutating func decode(_ raws: [Raw]) -> [InputEvent] {
        var events: [InputEvent] = []
        var index = 0
        while index < raws.count {
            if let (report, length) = SGRMouseReport.parse(raws, at: index) {
                if let event = mouseEvent(report) { events.append(event) }
                index += length
                continue
            }
            // An answer to the start's questions about pictures that came after the wait for it ended (a slow
            // link): never keys (its ESC would go back, its letters act).
            if let length = TerminalReply.length(in: raws, at: index) {
                index += length
                continue
            }
            switch raws[index] {
            case .code(let code): if let event = decodeKeyCode(code) { events.append(event) }
            case .character(let value): if let event = Self.decodeCharacter(value) { events.append(event) }
            }
            index += 1
        }
        return events
    }

    /// A plain character: printable text, or a control key.
    static func decodeCharacter(_ value: UInt32) -> InputEvent? {
        switch value {
        case 9: return .key(.tab)
        case 10, 13: return .key(.enter)
        case 27: return .key(.escape)
        case 8, 127: return .key(.backspace)
        case 0: return .key(.control("@"))
        case 1...26:
            guard let scalar = Unicode.Scalar(value + 96) else { return nil }
            return .key(.control(Character(scalar)))
        case 28...31: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .key(.character(Character(scalar)))
        }
    }

    private mutating func decodeKeyCode(_ code: Int32) -> InputEvent? {
        switch code {
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_HOME: return .key(.home)
        case KEY_END: return .key(.end)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_ENTER: return .key(.enter)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_DC: return .key(.delete)
        case KEY_IC: return .key(.insert)
        case KEY_BTAB: return .key(.backTab)
        case KEY_MOUSE: return decodeCursesMouse()
        case KEY_RESIZE: return nil // sizes come from SIGWINCH and the tty
        default:
            for n in 1...12 where code == nearby_key_f(Int32(n)) { return .key(.function(n)) }
            return nil
        }
    }

    private mutating func decodeCursesMouse() -> InputEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let point = Point(x: Int(event.x), y: Int(event.y))
        let state = event.bstate
        if state & nearby_button4_pressed() != 0 { return .mouse(MouseEvent(kind: .wheelUp, point: point)) }
        if state & nearby_button5_pressed() != 0 { return .mouse(MouseEvent(kind: .wheelDown, point: point)) }
        if state & (nearby_button1_pressed() | nearby_button1_clicked()) != 0 { return click(at: point) }
        if state & nearby_button1_double_clicked() != 0 { return .mouse(MouseEvent(kind: .doubleClick, point: point)) }
        return nil
    }

    private mutating func mouseEvent(_ report: SGRMouseReport) -> InputEvent? {
        guard report.isPress else { return nil }
        switch report.button {
        case 0: return click(at: report.point)
        case 64: return .mouse(MouseEvent(kind: .wheelUp, point: report.point))
        case 65: return .mouse(MouseEvent(kind: .wheelDown, point: report.point))
        default: return nil
        }
    }

    /// A press of the first button: a double click when it lands where the last one did, soon after.
    private mutating func click(at point: Point) -> InputEvent {
        let now = ContinuousClock.now
        defer { lastClick = (point, now) }
        if let last = lastClick, last.point == point, now - last.time < .milliseconds(400) {
            return .mouse(MouseEvent(kind: .doubleClick, point: point))
        }
        return .mouse(MouseEvent(kind: .click, point: point))
    }
}

/// One SGR (1006) mouse report: `ESC [ < button ; column ; row M` for a press, `m` for a release.
struct SGRMouseReport: Equatable {
    /// The button without its modifier bits (shift 4, meta 8, ctrl 16): 0 left, 1 middle, 2 right, 64/65 wheel;
    /// 32 is added while the mouse moves.
    var button: Int
    /// The cell, counted from 0.
    var point: Point
    var isPress: Bool

    /// The report starting at `index`, and how many raw items it takes; nil when there is none.
    static func parse(_ raws: [CursesInput.Raw], at index: Int) -> (SGRMouseReport, Int)? {
        func character(_ offset: Int) -> UInt32? {
            guard index + offset < raws.count, case .character(let value) = raws[index + offset] else { return nil }
            return value
        }
        guard character(0) == 27, character(1) == 91 /* [ */, character(2) == 60 /* < */ else { return nil }
        var numbers: [Int] = [0]
        var offset = 3
        while let value = character(offset), numbers.count <= 3 {
            switch value {
            case 48...57:
                guard numbers[numbers.count - 1] < 100_000 else { return nil }
                numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + Int(value - 48)
            case 59: numbers.append(0) // ;
            case 77, 109: // M, m
                guard numbers.count == 3, numbers[1] > 0, numbers[2] > 0 else { return nil }
                let report = SGRMouseReport(button: numbers[0] & ~(4 | 8 | 16),
                                            point: Point(x: numbers[1] - 1, y: numbers[2] - 1), isPress: value == 77)
                return (report, offset + 1)
            default:
                return nil
            }
            offset += 1
        }
        return nil
    }
}

/// The answers a terminal sends to `GraphicsProbe`'s questions, recognised in what curses read so that one
/// arriving late is dropped instead of read as keys: kitty's (`ESC _ … ESC \`), the terminal's name
/// (`ESC P … ESC \`), the device attributes (`ESC [ ? 6 2 ; 4 c`) and the cell size (`ESC [ 6 ; h ; w t`).
enum TerminalReply {
    /// How many raw items the answer starting at `index` takes; nil when none starts there. A string answer
    /// counts only with its terminator in what was read (ESC P alone may be Alt-P).
    static func length(in raws: [CursesInput.Raw], at index: Int) -> Int? {
        func character(_ offset: Int) -> UInt32? {
            guard index + offset < raws.count, case .character(let value) = raws[index + offset] else { return nil }
            return value
        }
        guard character(0) == 27, let second = character(1) else { return nil }
        switch second {
        case 95, 80: // _ (APC), P (DCS): up to ESC \ or BEL
            var offset = 2
            while let value = character(offset), offset < 4_096 {
                if value == 7 { return offset + 1 }
                if value == 27 { return character(offset + 1) == 92 ? offset + 2 : nil }
                offset += 1
            }
            return nil
        case 91: // [
            let isAttributes = character(2) == 63 // ?
            var offset = isAttributes ? 3 : 2
            var sawDigit = false
            while let value = character(offset), value == 59 || (48...57).contains(value), offset < 64 {
                sawDigit = sawDigit || value != 59
                offset += 1
            }
            guard sawDigit, let final = character(offset) else { return nil }
            if isAttributes, final == 99 { return offset + 1 } // c
            // The cell size: "6;h;w" then t.
            if !isAttributes, final == 116, character(2) == 54, character(3) == 59 { return offset + 1 }
            return nil
        default:
            return nil
        }
    }
}
