// A guardian for the test process: when it ends without finishing (a sanitizer's abort, a crash, SIGKILL,
// ctrl-c), everything it started is stopped.
//
// Every process a test starts carries this process's mark in its environment (NEARBY_TEST_RUN), and so does
// what those start in turn (a tmux server and the shell and app inside it, a PostgreSQL server). A test stops
// what it started when it ends, but a test process killed mid-run ends no test: its tmux servers, which
// daemonize, were left running. The guardian is a shell started before main, in a session of its own (so a
// ctrl-c on the terminal does not reach it), reading a pipe whose only writer is this process. A normal exit
// writes "done" and the guardian leaves without touching anything, so a leak from a finished run still shows
// (.ci/check-leftovers reports it); end of file without "done" means this process died, and the guardian
// kills every process carrying the mark.
//
// The process's temporary files go in a folder of its own too (TMPDIR, inherited by what it starts), which the
// guardian removes after such a death. After a normal exit the folder is removed only if it is empty: what a
// test left in it keeps it, for .ci/check-leftovers to report.
#define _GNU_SOURCE
#include "test_guardian.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

static const char script[] =
    "read -r answer\n"
    "[ \"$answer\" = done ] && exit 0\n"
    "mark=\"NEARBY_TEST_RUN=$NEARBY_GUARDED_MARK\"\n"
    "stopped=0\n"
    // What was killed may have started something just before: look again until nothing is left.
    "for round in 1 2 3 4 5; do\n"
    "  found=0\n"
    "  for file in $(grep -l -s -a -F -- \"$mark\" /proc/[0-9]*/environ); do\n"
    "    pid=${file#/proc/}; pid=${pid%/environ}\n"
    "    kill -KILL \"$pid\" 2>/dev/null && { found=1; stopped=$((stopped + 1)); }\n"
    "  done\n"
    "  [ $found = 0 ] && break\n"
    "  sleep 0.2\n"
    "done\n"
    "removed=\n"
    "if [ -n \"$NEARBY_GUARDED_FOLDER\" ] && [ -d \"$NEARBY_GUARDED_FOLDER\" ]; then\n"
    "  rm -rf -- \"$NEARBY_GUARDED_FOLDER\" && removed=\" and removed its temporary folder\"\n"
    "fi\n"
    "echo \"nearby tests: the test process ended before its tests did;"
    " stopped $stopped process(es) it had started$removed\" >&2\n"
    "exit 0\n";

static char mark[64];
static char folder[4096];
static int writer = -1;

const char *nearby_test_run_mark(void) { return mark; }

const char *nearby_test_run_folder(void) { return folder; }

static void nearby_test_guardian_release(void) {
    if (writer >= 0) {
        (void)!write(writer, "done\n", 5);
        close(writer);
        writer = -1;
    }
    if (folder[0]) rmdir(folder);
}

int nearby_test_guardian_spawn(const char *guarded_mark, const char *guarded_folder, int reader, int errors,
                               pid_t *pid) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    posix_spawn_file_actions_adddup2(&actions, reader, 0);
    if (errors >= 0) posix_spawn_file_actions_adddup2(&actions, errors, 2);
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    sigset_t empty, all;
    sigemptyset(&empty);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attributes, &empty);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    char variable[96];
    snprintf(variable, sizeof variable, "NEARBY_GUARDED_MARK=%s", guarded_mark);
    char folder_variable[4200];
    snprintf(folder_variable, sizeof folder_variable, "NEARBY_GUARDED_FOLDER=%s", guarded_folder ? guarded_folder : "");
    // Not this process's environment: the guardian must not carry the mark it looks for.
    char *envp[] = {variable, folder_variable, "PATH=/usr/bin:/bin", NULL};
    char *argv[] = {"sh", "-c", (char *)script, NULL};
    int status = posix_spawn(pid, "/bin/sh", &actions, &attributes, argv, envp);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return status;
}

__attribute__((constructor)) static void nearby_test_guardian_start(void) {
    unsigned char random[8] = {0};
    if (getrandom(random, sizeof random, 0) != (ssize_t)sizeof random) {
        // Without randomness the process id still tells this run's processes apart from a later run's.
        memset(random, 0, sizeof random);
    }
    snprintf(mark, sizeof mark, "%d-%02x%02x%02x%02x%02x%02x%02x%02x", (int)getpid(), random[0], random[1],
             random[2], random[3], random[4], random[5], random[6], random[7]);
    const char *base = getenv("TMPDIR");
    if (base == NULL || base[0] == '\0') base = "/tmp";
    int length = snprintf(folder, sizeof folder, "%s/nearby-run-%s", base, mark);
    // Others may need to pass through it: the PostgreSQL clusters run as postgres when the tests run as root.
    // A TMPDIR too long for the name is left as it is rather than cut short.
    if (length > 0 && (size_t)length < sizeof folder && mkdir(folder, 0755) == 0 && chmod(folder, 0755) == 0) {
        setenv("TMPDIR", folder, 1);
    } else {
        folder[0] = '\0';
    }
    atexit(nearby_test_guardian_release);
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return;
    pid_t pid;
    if (nearby_test_guardian_spawn(mark, folder, fds[0], -1, &pid) != 0) {
        close(fds[0]);
        close(fds[1]);
        return;
    }
    close(fds[0]);
    writer = fds[1];
}
