#ifndef NEARBY_TERMINAL_SUPPORT_H
#define NEARBY_TERMINAL_SUPPORT_H

/* Async-signal-safe pieces of the terminal session that Swift cannot express:
 * signal handlers that forward to a pipe, and an emergency restore of the tty for crashes. */

/* Remembers the tty's modes so a crash can put them back. Returns 0 on success. */
int nearby_tty_save(int fd);
/* Marks the full-screen session as active (1) or ended (0); the emergency restore only acts while active. */
void nearby_tty_set_active(int active);
/* Leaves the alternate screen, shows the cursor, stops mouse reporting, restores the saved modes. */
void nearby_tty_emergency_restore(void);
/* The terminal's size in rows and columns via TIOCGWINSZ. Returns 0 on success. */
int nearby_tty_size(int fd, int *rows, int *cols);
/* The screen's size in pixels, where the terminal tells the tty (0 when it does not). */
int nearby_tty_pixels(int fd, int *width, int *height);
/* Writes `query` to `out` with `in` in raw mode (no echo, no line editing) and reads what the terminal answers
 * into `reply` until `done_byte` ends an answer that starts with ESC [ ?, or `timeout_ms` passes; the modes are
 * put back. Returns the bytes read, or -1. */
long nearby_tty_exchange(int in, int out, const unsigned char *query, unsigned long query_length,
                         unsigned char *reply, unsigned long reply_size, int timeout_ms);

/* Frees ctrl-s and ctrl-q for the app (XON/XOFF would freeze the screen). Returns 0 on success. */
int nearby_tty_disable_flow_control(int fd);
/* Makes ctrl-\ (and a pasted byte 0x1C) an ordinary key instead of SIGQUIT, which ends the process with a
 * core; ctrl-c and ctrl-z keep their signals. Returns 0 on success. */
int nearby_tty_disable_quit_key(int fd);

/* Installs handlers: SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGWINCH, SIGCONT write their number to write_fd;
 * a second SIGINT/SIGTERM/SIGHUP before the first was handled restores the tty and exits at once;
 * the crash signals (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP) and every other signal whose default
 * action ends the process (SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, real-time signals, …) restore the tty and
 * re-raise with the default action; SIGPIPE is ignored (a closed connection is an EPIPE to handle). Also
 * registers an atexit restore. */
int nearby_signals_install(int write_fd);
/* The main loop has taken the pending quit signal. */
void nearby_signals_quit_handled(void);
/* Stops this process as SIGTSTP would (default action), and returns once it is continued. */
void nearby_signals_suspend_self(void);
/* Unblocks every signal for the calling thread. A process started from a thread that blocks signals (every
   dispatch worker does) inherits that mask; a main thread that never waits in dispatch_main's sigsuspend
   would then never take SIGTERM or SIGINT. */
void nearby_signals_unblock_all(void);
/* Puts the default dispositions back. */
void nearby_signals_uninstall(void);

/* Opens a pseudo-terminal pair of the given size (for tests); returns the master fd and the slave path. */
int nearby_pty_open(int rows, int cols, char *slave_path, int path_size);

/* The descriptor that becomes readable when main-queue work (the main actor's jobs) is waiting.
   Call on the main thread, instead of dispatch_main(), to run the main queue from a poll(2) loop. */
int nearby_main_queue_fd(void);
/* Runs the main-queue work that is waiting; call on the main thread when the descriptor is readable. */
void nearby_main_queue_drain(int fd);

#endif
