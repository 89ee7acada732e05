#define _GNU_SOURCE
#include "terminal_support.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <poll.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static int tty_fd = -1;
static struct termios saved_modes;
static volatile sig_atomic_t have_saved = 0;
static volatile sig_atomic_t active = 0;
static int pipe_fd = -1;
static volatile sig_atomic_t quit_pending = 0;
static int atexit_registered = 0;

/* CAN first, which ends an escape sequence the interrupted program may have been half-way through writing;
 * then mouse off (all modes), attributes off, keypad transmit off (cursor keys and keypad back to normal
 * mode), normal screen, cursor visible. */
static const char restore_sequence[] =
    "\030\033[?1000l\033[?1002l\033[?1003l\033[?1006l\033[?1015l\033[0m\033[?1l\033>\033[?1049l\033[?25h";

int nearby_tty_save(int fd) {
    if (tcgetattr(fd, &saved_modes) != 0) return -1;
    tty_fd = fd;
    have_saved = 1;
    return 0;
}

void nearby_tty_set_active(int value) { active = value; }

void nearby_tty_emergency_restore(void) {
    if (!active) return;
    active = 0;
    int fd = tty_fd >= 0 ? tty_fd : STDOUT_FILENO;
    ssize_t ignored = write(fd, restore_sequence, sizeof restore_sequence - 1);
    (void)ignored;
    if (have_saved) tcsetattr(fd, TCSANOW, &saved_modes);
}

int nearby_tty_size(int fd, int *rows, int *cols) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0) return -1;
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    return 0;
}

int nearby_tty_pixels(int fd, int *width, int *height) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
    *width = ws.ws_xpixel;
    *height = ws.ws_ypixel;
    return 0;
}

/* Whether `reply` holds a whole primary device attributes answer (ESC [ ? ... c), which every terminal sends
 * last, after the answers to the queries before it. */
static int has_device_attributes(const unsigned char *reply, long length) {
    for (long i = 0; i + 2 < length; i++) {
        if (reply[i] != 0x1b || reply[i + 1] != '[' || reply[i + 2] != '?') continue;
        for (long j = i + 3; j < length; j++) {
            if (reply[j] == 'c') return 1;
            if (!((reply[j] >= '0' && reply[j] <= '9') || reply[j] == ';')) break;
        }
    }
    return 0;
}

long nearby_tty_exchange(int in, int out, const unsigned char *query, unsigned long query_length,
                         unsigned char *reply, unsigned long reply_size, int timeout_ms) {
    struct termios saved, raw;
    if (tcgetattr(in, &saved) != 0) return -1;
    raw = saved;
    raw.c_lflag &= ~(ICANON | ECHO);
    raw.c_cc[VMIN] = 0;
    raw.c_cc[VTIME] = 0;
    if (tcsetattr(in, TCSANOW, &raw) != 0) return -1;
    long length = 0;
    unsigned long written = 0;
    while (written < query_length) {
        ssize_t n = write(out, query + written, query_length - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        written += (unsigned long)n;
    }
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    while (written == query_length && (unsigned long)length < reply_size && !has_device_attributes(reply, length)) {
        clock_gettime(CLOCK_MONOTONIC, &now);
        long elapsed = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
        if (elapsed >= timeout_ms) break;
        struct pollfd ready = {in, POLLIN, 0};
        int polled = poll(&ready, 1, (int)(timeout_ms - elapsed));
        if (polled < 0 && errno == EINTR) continue;
        if (polled <= 0) break;
        ssize_t n = read(in, reply + length, reply_size - (unsigned long)length);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n <= 0) break;
        length += n;
    }
    tcsetattr(in, TCSANOW, &saved);
    return length;
}

static void forward(int sig) {
    int saved_errno = errno;
    if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) {
        if (quit_pending) {
            /* The main loop did not answer the first one: leave now, terminal first. */
            nearby_tty_emergency_restore();
            _exit(128 + sig);
        }
        quit_pending = 1;
    }
    unsigned char byte = (unsigned char)sig;
    if (pipe_fd >= 0) {
        ssize_t ignored = write(pipe_fd, &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}

/* A crash, or a signal whose default action ends the process: the terminal first, then the default action
 * (the exit status, and a core where one is due, are the signal's own). */
static void crash(int sig) {
    nearby_tty_emergency_restore();
    signal(sig, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
}

/* Signals whose default action ends the process, other than the quit signals the loop answers and the crash
 * signals: each would otherwise leave the terminal raw, on the alternate screen, with the mouse reporting. */
static const int terminating[] = {SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
                                  SIGSYS, SIGIO, SIGPWR, SIGSTKFLT};
static const int fatal[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};

static void restore_at_exit(void) { nearby_tty_emergency_restore(); }

static int install(int sig, void (*handler)(int), int flags) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = flags;
    return sigaction(sig, &sa, NULL);
}

int nearby_signals_install(int write_fd) {
    pipe_fd = write_fd;
    quit_pending = 0;
    int forwarded[] = {SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGWINCH, SIGCONT};
    for (size_t i = 0; i < sizeof forwarded / sizeof forwarded[0]; i++)
        if (install(forwarded[i], forward, SA_RESTART) != 0) return -1;
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
        if (install(fatal[i], crash, SA_RESETHAND | SA_NODEFER) != 0) return -1;
    for (size_t i = 0; i < sizeof terminating / sizeof terminating[0]; i++)
        if (install(terminating[i], crash, SA_RESETHAND | SA_NODEFER) != 0) return -1;
    /* Real-time signals end the process too; glibc keeps the first few for itself, below SIGRTMIN. */
    for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++) install(sig, crash, SA_RESETHAND | SA_NODEFER);
    /* A write to a connection the other end closed is an error the caller handles (EPIPE), not a reason for a
     * full-screen app to vanish. */
    if (install(SIGPIPE, SIG_IGN, 0) != 0) return -1;
    if (!atexit_registered) {
        atexit(restore_at_exit);
        atexit_registered = 1;
    }
    return 0;
}

void nearby_signals_quit_handled(void) { quit_pending = 0; }

void nearby_signals_unblock_all(void) {
    sigset_t none;
    sigemptyset(&none);
    (void)pthread_sigmask(SIG_SETMASK, &none, NULL);
}

void nearby_signals_suspend_self(void) {
    install(SIGTSTP, SIG_DFL, 0);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    /* Thread-directed: a process-directed stop can be swallowed by a thread parked in sigsuspend. */
    raise(SIGTSTP);
    /* Continued by fg: handle ctrl-z ourselves again. */
    install(SIGTSTP, forward, SA_RESTART);
}

void nearby_signals_uninstall(void) {
    int forwarded[] = {SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGWINCH, SIGCONT};
    for (size_t i = 0; i < sizeof forwarded / sizeof forwarded[0]; i++) install(forwarded[i], SIG_DFL, 0);
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) install(fatal[i], SIG_DFL, 0);
    for (size_t i = 0; i < sizeof terminating / sizeof terminating[0]; i++) install(terminating[i], SIG_DFL, 0);
    for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++) install(sig, SIG_DFL, 0);
    install(SIGPIPE, SIG_DFL, 0);
    pipe_fd = -1;
}

int nearby_tty_disable_flow_control(int fd) {
    struct termios modes;
    if (tcgetattr(fd, &modes) != 0) return -1;
    modes.c_iflag &= ~(tcflag_t)(IXON | IXOFF);
    return tcsetattr(fd, TCSANOW, &modes);
}

int nearby_tty_disable_quit_key(int fd) {
    struct termios modes;
    if (tcgetattr(fd, &modes) != 0) return -1;
    modes.c_cc[VQUIT] = _POSIX_VDISABLE;
    return tcsetattr(fd, TCSANOW, &modes);
}

int nearby_pty_open(int rows, int cols, char *slave_path, int path_size) {
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0) return -1;
    if (grantpt(master) != 0 || unlockpt(master) != 0) { close(master); return -1; }
    const char *name = ptsname(master);
    if (name == NULL || (int)strlen(name) >= path_size) { close(master); return -1; }
    strcpy(slave_path, name);
    int slave = open(name, O_RDWR | O_NOCTTY);
    if (slave >= 0) {
        struct winsize ws = {0};
        ws.ws_row = (unsigned short)rows;
        ws.ws_col = (unsigned short)cols;
        ioctl(slave, TIOCSWINSZ, &ws);
        close(slave);
    }
    return master;
}
