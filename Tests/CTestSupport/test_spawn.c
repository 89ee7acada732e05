#define _GNU_SOURCE
#include "test_spawn.h"

#include <fcntl.h>
#include <unistd.h>

int nearby_test_spawn_setsid_flag(void) { return POSIX_SPAWN_SETSID; }

int nearby_test_spawn_addclosefrom(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

int nearby_test_spawn_addchdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

int nearby_test_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }
