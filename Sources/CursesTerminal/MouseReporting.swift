import CNcurses

/// Mouse reporting for the session: buttons and the wheel, never motion, in the SGR (1006) encoding.
///
/// Without motion tracking (1003) the terminal keeps ordinary text selection with Shift held. Curses turns
/// SGR on only when the terminfo entry says the terminal has it (xterm's does, tmux's and screen's do not,
/// though both terminals speak it); otherwise it is asked for here and `CursesInput` decodes the reports.
@MainActor
enum MouseReporting {
    static func enable() {
        mouseinterval(0)
        _ = mousemask(nearby_mouse_events(), nil)
        if nearby_mouse_decoded_as_sgr() == 0 { putp("\u{1B}[?1006h") }
    }

    static func disable() {
        if nearby_mouse_decoded_as_sgr() == 0 { putp("\u{1B}[?1006l") }
        _ = mousemask(0, nil)
    }
}
