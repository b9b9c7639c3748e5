// The system's libsqlite3: Debian's on Linux (libsqlite3-dev), the SDK's on Apple platforms,
// whose sqlite3.h also declares the FTS5 extension API. Trove targets SQLite 3.40.1 and later.
#include <sqlite3.h>
