#ifndef TROVE_RANKING_H
#define TROVE_RANKING_H

#include <sqlite3.h>

/* trove_tally, the facets' one-pass counting aggregate, is declared beside these functions. */
#include "trove_tally.h"
/* trove_prefix_tally and trove_prefix_key, registered with the ranking functions. */
#include "trove_prefix_tally.h"
/* trove_best, which keeps the best scores of a ranked page's candidates, registered with them. */
#include "trove_best.h"
/* trove_ids and trove_has, the filtered reminders' ids a search tests its matches against. */
#include "trove_idset.h"

/*
** Trove's ranking as FTS5 auxiliary functions. The definition, with its parameters and a worked
** example, is TroveSearch's `TroveRanking` (Sources/TroveSearch/Ranking/TroveRanking.swift);
** trove_ranking.c computes exactly what it documents.
**
**   trove_rank(reminders_fts, is_completed, wTitle, wNotes, wTags, bTitle, bNotes, bTags,
**              k1, exactTitle, tagEquals, proximity, completedFactor, exactWord, exactWords,
**              leadingWords [, docsize])
**     The score, negated (smaller is better, as FTS5's bm25): per-field BM25F over title,
**     notes and tags, plus the boosts, times completedFactor for a completed reminder.
**     exactWords is text: the query's prefix words, space-separated, that earn exactWord when
**     they stand whole in the title ('' for none). leadingWords is text: the query's words in
**     order, space-separated, that the exactness tiers compare with the title's first tokens
**     ('' for no tiers). docsize, optional, names the FTS5 table's
**     `_docsize` shadow table ('reminders_fts_docsize'): the rows' column sizes are then read
**     by walking it forward as the rows come, instead of one look-up per row (the same sizes,
**     several times cheaper over many rows in rowid order).
**   trove_rank_sample(…same arguments…)
**     The same with every phrase's IDF taken as 1, so it never counts a phrase's documents:
**     for ordering a bounded sample of the newest matches cheaply.
**   trove_rank_bounded(…same arguments…)
**     The same score, for a statement whose trove_best keeps the best ranks: a row that cannot
**     be kept even with its fields as short as its matches allow and every boost it could get
**     (trove_best_bound) is given that largest score, its sizes and text never read; one that
**     cannot be kept with the largest exact-word and tag boosts its sizes allow is scored
**     without them, so its title and tags are not read. Kept rows' ranks are trove_rank's, to
**     the bit.
**   trove_rank_explain(…same arguments…)
**     The same score as text, each field's contribution and each boost on its own line.
**   trove_matched(reminders_fts, column)
**     1 when one of the query's phrases occurs in the row's column, else 0: what
**     highlight(reminders_fts, column, …) differing from the text tells, without tokenizing it.
**
** Columns are those of reminders_fts, in order: title (0), notes (1), tags (2).
**
**   trove_rank_fields(fts, k1, exactFirst, proximity, exactWord, namesEqual, namesField,
**                     exactWords, leadingWords, w_0, b_0, w_1, b_1, … [, docsize]
**                     [, demotedFactor, isDemoted])
**     The same score over any FTS5 table of N columns (1 to TROVE_RANKING_MAX_FIELDS), with a
**     weight and a length normalisation per column, in column order: what an app's
**     SearchIndex ranks by. Column 0 plays the title's part (exact title, exact word); column
**     namesField (-1: none) the tags' part, its whole names equal to a query word adding
**     namesEqual times the word's IDF. A row whose isDemoted is not 0 is scored as a completed
**     reminder. trove_rank and trove_rank_fields with reminders_fts's weights, tagEquals, the
**     tags column (2) and is_completed as isDemoted give the same score.
**   trove_rank_fields_sample(…same arguments…)
**     The same with every phrase's IDF taken as 1.
**   trove_rank_fields_bounded(…same arguments…)
**     The same score under trove_best, as trove_rank_bounded is trove_rank's: a row that cannot
**     be kept is given the largest score it could have, its sizes and text never read. Kept
**     rows' ranks are trove_rank_fields', to the bit. Not for demoted rows (they are not bounded).
*/

/// How many arguments each function takes after the FTS5 table: is_completed, the 12 parameters,
/// the exact words and the leading words (one more with the optional `_docsize` table).
#define TROVE_RANKING_ARGUMENT_COUNT 15

/// What one exactness tier adds to a score (2^20): more than any score without tiers.
#define TROVE_RANKING_TIER_STEP 1048576.0

/// The most columns trove_rank_fields ranks over.
#define TROVE_RANKING_MAX_FIELDS 32

/// trove_rank_fields' arguments after the FTS5 table and before the per-column pairs: k1,
/// exactFirst, proximity, exactWord, namesEqual, namesField, the exact words and the leading words.
#define TROVE_RANKING_FIELDS_FIXED_ARGUMENTS 8

/// Registers trove_rank, trove_rank_sample, trove_rank_explain, trove_matched and the
/// trove_rank_fields pair on `db`'s FTS5, and trove_prefix_tally and trove_prefix_key on `db`.
/// Returns SQLITE_OK, or an SQLite error code when FTS5 cannot be reached.
int trove_ranking_register(sqlite3 *db);

#endif
