#ifndef TROVE_IDSET_H
#define TROVE_IDSET_H

#include <sqlite3.h>

/*
** A set of row ids that a statement tests rows against without a temporary index.
**
** trove_ids(id): an aggregate that returns the ids, sorted and without repeats, as a BLOB of
** 64-bit integers in the machine's byte order; NULL ids are left out, no rows give an empty BLOB.
**
**   WITH "rows"("id") AS (SELECT "id" FROM "reminders" WHERE … LIMIT 131073)
**   SELECT count(*), trove_ids("id") FROM "rows"
**
** trove_has(ids, id): 1 when `ids`, a BLOB trove_ids made, holds `id`, else 0 (0 for a NULL id;
** an error when `ids` is not such a BLOB). Bind `ids` as a parameter: the set is then copied
** once per statement, as a bitmap when the ids are dense (their range at most 64 times their
** count: one bit each, no larger than the ids), else as the ids, where rows asked in rowid order
** (as an FTS5 MATCH gives them) are found by galloping forward from the last one.
**
**   SELECT … FROM "reminders_fts" … WHERE "reminders_fts" MATCH ? AND trove_has(?, "reminders_fts"."rowid")
*/

/// Registers trove_ids and trove_has on `db`. Returns SQLITE_OK or SQLite's error code.
int trove_idset_register(sqlite3 *db);

#endif
