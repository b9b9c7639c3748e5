#ifndef TROVE_TALLY_H
#define TROVE_TALLY_H

#include <sqlite3.h>

/*
** trove_tally(key [, flag]): an aggregate SQL function that counts rows per integer key in one
** pass, with no sort. What a facet needs from a large set of matches: GROUP BY sorts every row
** by its group (a temporary b-tree), which at 577,000 matches costs as much as reading them.
**
**   SELECT trove_tally("reminders"."list_id", "reminders"."is_completed") FROM …
**   -- '[[1,139309,46702],[2,11800,3899]]': [key, rows, rows whose flag is true], by key
**
** Rows whose key is NULL are not counted; without a flag the third number is 0. No rows give
** '[]'. The result is JSON text, so a statement reads it back as rows with json_each.
**
** trove_tally_names(names): the same for text holding names separated by commas (a reminder's
** `tags`, "call, home"): each name, without the spaces around it, is counted once per comma
** it is between; empty names and NULL are not counted. By name, compared byte for byte:
**
**   SELECT trove_tally_names("reminders"."tags") FROM …
**   -- '[["call",321],["home",52]]'
*/

/// Registers trove_tally and trove_tally_names on `db`. Returns SQLITE_OK or SQLite's error code.
int trove_tally_register(sqlite3 *db);

#endif
