// The system's libsqlite3 (Debian: libsqlite3-dev). Trove targets SQLite 3.40.1 and later.
#include <sqlite3.h>
