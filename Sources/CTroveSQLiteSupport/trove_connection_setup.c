#include <stdatomic.h>

#include "trove_connection_setup.h"

#define TROVE_SETUP_CAPACITY 16

static trove_connection_setup_fn hooks[TROVE_SETUP_CAPACITY];
// NB: hooks are added from constructors (one thread) and read as connections open (any thread):
// the count is published after its slot is written, so a reader sees only written slots.
static atomic_int hookCount = 0;

int trove_connection_setup_add(trove_connection_setup_fn setup) {
    int count = atomic_load(&hookCount);
    for (int i = 0; i < count; i++) {
        if (hooks[i] == setup) return SQLITE_OK;
    }
    if (count >= TROVE_SETUP_CAPACITY) return SQLITE_FULL;
    hooks[count] = setup;
    atomic_store(&hookCount, count + 1);
    return SQLITE_OK;
}

int trove_connection_setup_run(sqlite3 *db) {
    int count = atomic_load(&hookCount);
    for (int i = 0; i < count; i++) {
        int rc = hooks[i](db);
        if (rc != SQLITE_OK) return rc;
    }
    return SQLITE_OK;
}

int trove_connection_setup_count(void) {
    return atomic_load(&hookCount);
}
