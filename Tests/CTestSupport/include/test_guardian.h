#ifndef NEARBY_TEST_GUARDIAN_H
#define NEARBY_TEST_GUARDIAN_H

#include <sys/types.h>

/* This test process's mark, put in the environment (NEARBY_TEST_RUN) of everything it starts. */
const char *nearby_test_run_mark(void);
/* The folder this test process keeps its temporary files in (its TMPDIR), or "" when it could not make one. */
const char *nearby_test_run_folder(void);
/* Starts a guardian for `guarded_mark` reading `reader` as its standard input: "done" on it means leave
   everything as it is; end of file without it means kill every process carrying the mark and remove
   `guarded_folder` (NULL or "": none). It says what it did on `errors` (-1: this process's standard error).
   Returns posix_spawn's status. */
int nearby_test_guardian_spawn(const char *guarded_mark, const char *guarded_folder, int reader, int errors,
                               pid_t *pid);

#endif
