/* Preloaded by scripts/keystroke-timeline into tuibench.py and the program it measures: notes when each read,
 * write, poll and select call, each curses refresh (doupdate, wnoutrefresh) and key read (wgetch, wget_wch), and
 * each change a frame makes to curses' screen (wsetscrreg before a scroll, mvwadd_wch for a cell) starts and
 * ends, with the thread and CPU, in a file mapped into memory. Writing a note costs two clock reads and no system
 * call, so the program keeps its timing (tracing each call through the kernel made both programs slower and
 * evened them). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int doupdate(void);
int wnoutrefresh(void *window);
int wgetch(void *window);
int wget_wch(void *window, void *character);
int wsetscrreg(void *window, int top, int bottom);
int mvwadd_wch(void *window, int y, int x, const void *character);

enum {
    OP_READ = 1, OP_WRITE, OP_POLL, OP_SELECT, OP_DOUPDATE, OP_WNOUTREFRESH, OP_GETCH, OP_SCROLL_REGION, OP_PUT_CELL
};

/* One call: 40 bytes, read back by the script's analysis with struct "QQiiqii". */
typedef struct {
    uint64_t start, end;
    int32_t op, fd;
    int64_t result;
    int32_t thread, cpu;
} Note;

#define CAPACITY (1 << 20)
static Note *notes;
static uint64_t *count;

static uint64_t now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

__attribute__((constructor)) static void open_notes(void) {
    const char *dir = getenv("KEYSTROKE_TIMELINE_DIR");
    if (!dir) return;
    char path[512];
    snprintf(path, sizeof path, "%s/%d.notes", dir, (int)getpid());
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return;
    size_t size = 64 + sizeof(Note) * (size_t)CAPACITY;
    void *map = ftruncate(fd, (off_t)size) == 0 ? mmap(0, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0) : MAP_FAILED;
    close(fd);
    if (map == MAP_FAILED) return;
    count = map;
    notes = (Note *)((char *)map + 64);
}

/* The calling thread's id, asked of the kernel once per thread rather than once per note. */
static int32_t thread_id(void) {
    static __thread int32_t id;
    if (!id) id = (int32_t)syscall(SYS_gettid);
    return id;
}

static void note(int op, int fd, uint64_t start, int64_t result) {
    uint64_t end = now();
    if (!notes) return;
    uint64_t i = __atomic_fetch_add(count, 1, __ATOMIC_RELAXED);
    if (i >= CAPACITY) return;
    notes[i] = (Note){start, end, op, fd, result, thread_id(), sched_getcpu()};
}

/* The next definition of NAME (libc's or curses'), looked up once. */
#define NEXT(name) \
    static __typeof__(&name) next_##name; \
    if (!next_##name) next_##name = (__typeof__(&name))dlsym(RTLD_NEXT, #name)

ssize_t read(int fd, void *buffer, size_t size) {
    NEXT(read);
    uint64_t start = now();
    ssize_t result = next_read(fd, buffer, size);
    note(OP_READ, fd, start, result);
    return result;
}

ssize_t write(int fd, const void *buffer, size_t size) {
    NEXT(write);
    uint64_t start = now();
    ssize_t result = next_write(fd, buffer, size);
    note(OP_WRITE, fd, start, result);
    return result;
}

int poll(struct pollfd *fds, nfds_t count_, int timeout) {
    NEXT(poll);
    uint64_t start = now();
    int result = next_poll(fds, count_, timeout);
    note(OP_POLL, count_ ? fds[0].fd : -1, start, result);
    return result;
}

int select(int n, fd_set *readable, fd_set *writable, fd_set *failed, struct timeval *timeout) {
    NEXT(select);
    uint64_t start = now();
    int result = next_select(n, readable, writable, failed, timeout);
    note(OP_SELECT, n, start, result);
    return result;
}

int doupdate(void) {
    NEXT(doupdate);
    uint64_t start = now();
    int result = next_doupdate();
    note(OP_DOUPDATE, 0, start, result);
    return result;
}

int wnoutrefresh(void *window) {
    NEXT(wnoutrefresh);
    uint64_t start = now();
    int result = next_wnoutrefresh(window);
    note(OP_WNOUTREFRESH, 0, start, result);
    return result;
}

int wgetch(void *window) {
    NEXT(wgetch);
    uint64_t start = now();
    int result = next_wgetch(window);
    note(OP_GETCH, 0, start, result);
    return result;
}

int wget_wch(void *window, void *character) {
    NEXT(wget_wch);
    uint64_t start = now();
    int result = next_wget_wch(window, character);
    note(OP_GETCH, 0, start, result);
    return result;
}

int wsetscrreg(void *window, int top, int bottom) {
    NEXT(wsetscrreg);
    uint64_t start = now();
    int result = next_wsetscrreg(window, top, bottom);
    note(OP_SCROLL_REGION, 0, start, result);
    return result;
}

int mvwadd_wch(void *window, int y, int x, const void *character) {
    NEXT(mvwadd_wch);
    uint64_t start = now();
    int result = next_mvwadd_wch(window, y, x, character);
    note(OP_PUT_CELL, 0, start, result);
    return result;
}
