#include "terminal_support.h"

#include <stdint.h>
#include <unistd.h>

// libdispatch's hooks for a run loop that services the main queue itself, as CoreFoundation's run loop does.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

int nearby_main_queue_fd(void) {
    return _dispatch_get_main_queue_handle_4CF();
}

void nearby_main_queue_drain(int fd) {
    // The descriptor is an eventfd that stays readable until read; poll said it is, so this does not block.
    uint64_t count;
    (void)read(fd, &count, sizeof count);
    _dispatch_main_queue_callback_4CF(0);
}
