#ifndef TROVE_RANKING_H
#define TROVE_RANKING_H

#include <sqlite3.h>

/*
** Trove's ranking as FTS5 auxiliary functions. The definition, with its parameters and a worked
** example, is TroveSearch's `TroveRanking` (Sources/TroveSearch/Ranking/TroveRanking.swift);
** trove_ranking.c computes exactly what it documents.
**
**   trove_rank(reminders_fts, is_completed, wTitle, wNotes, wTags, bTitle, bNotes, bTags,
**              k1, exactTitle, tagEquals, proximity, completedFactor, exactWord, exactWords)
**     The score, negated (smaller is better, as FTS5's bm25): per-field BM25F over title,
**     notes and tags, plus the boosts, times completedFactor for a completed reminder.
**     exactWords is text: the query's prefix words, space-separated, that earn exactWord when
**     they stand whole in the title ('' for none).
**   trove_rank_sample(…same arguments…)
**     The same with every phrase's IDF taken as 1, so it never counts a phrase's documents:
**     for ordering a bounded sample of the newest matches cheaply.
**   trove_rank_explain(…same arguments…)
**     The same score as text, each field's contribution and each boost on its own line.
**   trove_matched(reminders_fts, column)
**     1 when one of the query's phrases occurs in the row's column, else 0: what
**     highlight(reminders_fts, column, …) differing from the text tells, without tokenizing it.
**
** Columns are those of reminders_fts, in order: title (0), notes (1), tags (2).
*/

/// How many arguments each function takes after the FTS5 table: is_completed, the 12 parameters
/// and the exact words.
#define TROVE_RANKING_ARGUMENT_COUNT 14

/// Registers trove_rank, trove_rank_sample, trove_rank_explain and trove_matched on `db`'s FTS5.
/// Returns SQLITE_OK, or an SQLite error code when FTS5 cannot be reached.
int trove_ranking_register(sqlite3 *db);

#endif
