#ifndef NEARBY_CNCURSES_SHIM_H
#define NEARBY_CNCURSES_SHIM_H

/* SwiftPM drops pkg-config's -D_XOPEN_SOURCE=600; without these the wide-character API is hidden. */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <wchar.h>
#include <langinfo.h>
#include <ncurses.h>
#include <term.h>
#include <string.h>

/* Global mutable state and function-like macros that Swift 6 cannot import. */
static inline WINDOW *nearby_stdscr(void) { return stdscr; }
static inline int nearby_lines(void) { return LINES; }
static inline int nearby_cols(void) { return COLS; }
static inline int nearby_colors(void) { return COLORS; }

static inline int nearby_key_f(int n) { return KEY_F(n); }

/* Buttons and the wheel, no motion: REPORT_MOUSE_POSITION would turn on all-motion tracking (1003). */
static inline mmask_t nearby_mouse_events(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t nearby_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t nearby_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t nearby_button1_double_clicked(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t nearby_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t nearby_button5_pressed(void) { return BUTTON5_PRESSED; }

/* Whether curses itself decodes mouse reports in the SGR (1006) encoding: the terminfo's kmous is "\E[<". */
static inline int nearby_mouse_decoded_as_sgr(void) {
    const char *kmous = tigetstr("kmous");
    return kmous != NULL && kmous != (const char *)-1 && kmous[0] == 27 && kmous[1] == '[' && kmous[2] == '<';
}

/* A terminfo string capability by its short name ("cup"), or NULL where the terminal lacks it. */
static inline const char *nearby_terminfo_string(const char *name) {
    const char *value = tigetstr(name);
    return value == (const char *)-1 ? NULL : value;
}

/* A terminfo capability with up to two numbers filled in (tiparm is variadic, which Swift cannot call), copied
   into out; its length, or -1 when it does not fit or cannot be expanded. */
static inline int nearby_terminfo_expand(const char *capability, int first, int second, char *out, int size) {
    const char *expanded = tiparm(capability, first, second);
    if (expanded == NULL) return -1;
    size_t length = strlen(expanded);
    if (length >= (size_t)size) return -1;
    memcpy(out, expanded, length);
    return (int)length;
}

/* Whether the terminal TERM names can move the cursor to a cell (terminfo "cup"), asked before curses
   touches the screen: 1 yes, 0 no (TERM=dumb), -1 TERM is not in the terminfo database. */
static inline int nearby_terminal_addresses_cursor(int fd) {
    int error = 0;
    TERMINAL *before = cur_term;
    if (setupterm(NULL, fd, &error) != OK) return -1;
    const char *cup = tigetstr("cup");
    int addresses = cup != NULL && cup != (const char *)-1;
    TERMINAL *probe = set_curterm(before);
    if (probe != NULL && probe != before) del_curterm(probe);
    return addresses;
}

#endif
