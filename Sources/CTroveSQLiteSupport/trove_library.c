#include <sqlite3.h>

#include "trove_library.h"

int trove_library_configure(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
