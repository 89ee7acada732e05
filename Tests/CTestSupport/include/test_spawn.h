#ifndef NEARBY_TEST_SPAWN_H
#define NEARBY_TEST_SPAWN_H

#include <spawn.h>

/* glibc's posix_spawn extensions, which it declares only under _GNU_SOURCE (SwiftPM does not define it). */

/* POSIX_SPAWN_SETSID: the child starts a session (and a process group) of its own. */
int nearby_test_spawn_setsid_flag(void);
/* Closes every descriptor from `from` up in the child, at exec, atomically (glibc 2.34). */
int nearby_test_spawn_addclosefrom(posix_spawn_file_actions_t *actions, int from);
/* Changes the child's working directory (glibc 2.29). */
int nearby_test_spawn_addchdir(posix_spawn_file_actions_t *actions, const char *path);
/* pipe2(fds, O_CLOEXEC). */
int nearby_test_pipe_cloexec(int fds[2]);

#endif
