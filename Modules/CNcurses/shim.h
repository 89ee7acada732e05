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

/* Global mutable state and function-like macros that Swift 6 cannot import. */
static inline WINDOW *nearby_stdscr(void) { return stdscr; }
static inline WINDOW *nearby_curscr(void) { return curscr; }
static inline int nearby_lines(void) { return LINES; }
static inline int nearby_cols(void) { return COLS; }
static inline int nearby_colors(void) { return COLORS; }
static inline int nearby_color_pairs(void) { return COLOR_PAIRS; }

static inline attr_t nearby_a_normal(void) { return A_NORMAL; }
static inline attr_t nearby_a_bold(void) { return A_BOLD; }
static inline attr_t nearby_a_dim(void) { return A_DIM; }
static inline attr_t nearby_a_reverse(void) { return A_REVERSE; }
static inline attr_t nearby_a_underline(void) { return A_UNDERLINE; }
static inline attr_t nearby_a_italic(void) { return A_ITALIC; }
static inline attr_t nearby_color_pair(int n) { return COLOR_PAIR(n); }

static inline int nearby_key_f(int n) { return KEY_F(n); }
static inline int nearby_wcwidth(wchar_t c) { return wcwidth(c); }

static inline mmask_t nearby_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t nearby_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t nearby_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t nearby_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t nearby_button1_double_clicked(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t nearby_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t nearby_button5_pressed(void) { return BUTTON5_PRESSED; }

/* Builds a cchar_t from up to CCHARW_MAX wide characters, since setcchar's const arrays import awkwardly. */
static inline int nearby_setcchar(cchar_t *out, const wchar_t *wch, attr_t attrs, short pair) {
    return setcchar(out, wch, attrs, pair, NULL);
}

#endif
