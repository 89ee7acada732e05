/* glibc's allocator settings (mallopt), which the Glibc module does not import. */
#include <malloc.h>
