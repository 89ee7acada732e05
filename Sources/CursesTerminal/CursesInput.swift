import CNcurses
import Foundation
import TerminalView

/// Reads what curses has decoded from the keyboard and mouse, without waiting.
@MainActor
struct CursesInput {
    private var lastClick: (point: Point, time: ContinuousClock.Instant)?

    /// Every event available now (stdin is non-blocking); an empty array when nothing is pending.
    mutating func drain(limit: Int = 4096) -> [InputEvent] {
        var events: [InputEvent] = []
        var wch: wint_t = 0
        while events.count < limit {
            let status = wget_wch(nearby_stdscr(), &wch)
            if status == ERR { break }
            if status == KEY_CODE_YES {
                if let event = decodeKeyCode(Int32(wch)) { events.append(event) }
            } else if let event = Self.decodeCharacter(UInt32(wch)) {
                events.append(event)
            }
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
        case KEY_MOUSE: return decodeMouse()
        case KEY_RESIZE: return nil // sizes come from SIGWINCH and the tty
        default:
            for n in 1...12 where code == nearby_key_f(Int32(n)) { return .key(.function(n)) }
            return nil
        }
    }

    private mutating func decodeMouse() -> InputEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let point = Point(x: Int(event.x), y: Int(event.y))
        let state = event.bstate
        if state & nearby_button4_pressed() != 0 { return .mouse(MouseEvent(kind: .wheelUp, point: point)) }
        if state & nearby_button5_pressed() != 0 { return .mouse(MouseEvent(kind: .wheelDown, point: point)) }
        if state & (nearby_button1_pressed() | nearby_button1_clicked()) != 0 {
            let now = ContinuousClock.now
            defer { lastClick = (point, now) }
            if let last = lastClick, last.point == point, now - last.time < .milliseconds(400) {
                return .mouse(MouseEvent(kind: .doubleClick, point: point))
            }
            return .mouse(MouseEvent(kind: .click, point: point))
        }
        if state & nearby_button1_double_clicked() != 0 { return .mouse(MouseEvent(kind: .doubleClick, point: point)) }
        return nil
    }
}
