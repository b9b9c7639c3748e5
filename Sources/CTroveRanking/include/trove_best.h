#ifndef TROVE_BEST_H
#define TROVE_BEST_H

#include <sqlite3.h>

/*
** trove_best(id, rank, k, tie_limit): an aggregate that keeps, in one pass, the k rows with the
** smallest rank and every other row whose rank equals the k-th smallest: what
** `ORDER BY rank LIMIT k` keeps, plus the rows that tie with its last one, which a LIMIT cuts
** at random.
**
**   SELECT trove_best("reminders_fts"."rowid", trove_rank(…), 2000, 50000) FROM "reminders_fts" WHERE … MATCH ?
**   -- a BLOB of 16-byte entries, each the id (a 64-bit integer) then the rank (a double), in
**   -- the machine's byte order, sorted by rank, then id
**
** With k rows or fewer, every row is kept. Rows whose id or rank is NULL, or whose rank is not
** a number, are not counted. When more than tie_limit rows beyond the k tie with the k-th, the
** result is NULL: the caller ranks some other way. No rows give an empty BLOB. k and tie_limit
** must be the same on every row; k must be at least 1 and tie_limit at least 0.
*/

/*
** While trove_best runs, it keeps the rank a row must reach to be kept (its k-th rank once it
** holds k rows; +infinity before) for trove_rank_bounded on the same thread, which then skips
** the parts of a row's score that cannot bring it in (see trove_ranking.h). One trove_best per
** statement; trove_rank_bounded resets the bound when its query starts.
*/
double trove_best_bound(void);
void trove_best_reset_bound(void);

/// Registers trove_best on `db`. Returns SQLITE_OK or SQLite's error code.
int trove_best_register(sqlite3 *db);

#endif
