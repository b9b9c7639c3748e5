#include "trove_connection_setup.h"
#include "trove_functions.h"
#include "trove_ranking.h"
#include "trove_tally.h"

/*
** Every function of this target on one connection: the ranking (trove_rank…, FTS5 auxiliary
** functions), trove_prefix_tally and trove_prefix_key (which the reminders' triggers call),
** trove_best, trove_ids/trove_has and trove_tally.
*/
static int trove_functions_register(sqlite3 *db) {
    int rc = trove_ranking_register(db);
    if (rc == SQLITE_OK) rc = trove_tally_register(db);
    return rc;
}

/*
** Runs when the program (or the library holding this target) loads, before main and so before
** any connection opens: TroveSQLite then runs trove_functions_register on every connection it
** opens, and registers nothing of its own. A program that links TroveSearch or TroveStore links
** this target, and so has the functions wherever it opens a connection through TroveSQLite.
*/
void trove_functions_install(void) {
    trove_connection_setup_add(trove_functions_register);
}

__attribute__((constructor)) static void trove_functions_install_at_load(void) {
    trove_functions_install();
}
