#ifndef NEARBY_CSQLITE_SHIM_H
#define NEARBY_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a cast macro Swift cannot import: SQLite copies the value before the call returns.
static inline sqlite3_destructor_type nearby_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}
#endif
