// Bounds how many tests Swift Testing runs at once in this test process.
//
// Unless told otherwise, Swift Testing starts every test of the run at once, and on a 2-core machine the
// cooperative pool has two threads: a job of an in-process test server then waits behind hundreds of test
// bodies, and tests that wait on such a server (HTTP clients with a 5 s timeout) fail. With a bound, at most
// that many tests are under way and the queue stays short. The bound is four tests per processor, which keeps
// both cores busy while some tests wait on processes and clocks. A width set by whoever runs the tests wins.
//
// It is set here, before main, because Swift Testing reads it once when the run starts; the variable is
// Swift Testing's own (experimental) setting. Without it, the run is unbounded, as before.
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

__attribute__((constructor)) static void nearby_test_bound_parallelism(void) {
    long processors = sysconf(_SC_NPROCESSORS_ONLN);
    if (processors < 1) processors = 1;
    char width[32];
    snprintf(width, sizeof width, "%ld", processors * 4);
    setenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH", width, 0);
}
