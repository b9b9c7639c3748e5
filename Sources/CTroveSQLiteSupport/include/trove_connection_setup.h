#ifndef TROVE_CONNECTION_SETUP_H
#define TROVE_CONNECTION_SETUP_H

#include <sqlite3.h>

/*
** Connection setup hooks: what a module adds to every connection TroveSQLite opens (SQL
** functions, FTS5 auxiliary functions), so that the SQLite layer itself registers nothing of
** any domain. TroveSearch's C part (CTroveRanking) adds its ranking and counting functions
** here from a load-time constructor, before any connection can open.
**
** NB: not sqlite3_auto_extension, which would do the same for every connection in the process
** (an app's GRDB connections too) and initialises SQLite when called, after which Trove's
** process-wide settings (trove_library_configure) no longer apply.
*/
typedef int (*trove_connection_setup_fn)(sqlite3 *db);

/*
** Adds `setup`, once however often it is added. Returns SQLITE_OK, or SQLITE_FULL when 16
** hooks are already in place. Call it before connections open (a constructor, or main):
** connections opened earlier do not get it.
*/
int trove_connection_setup_add(trove_connection_setup_fn setup);

/*
** Runs every hook on `db`, in the order they were added; stops at the first that fails and
** returns its result code (SQLITE_OK when all succeed or there are none).
*/
int trove_connection_setup_run(sqlite3 *db);

/* How many hooks are in place. */
int trove_connection_setup_count(void);

#endif
