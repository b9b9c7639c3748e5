#ifndef TROVE_PREFIX_TALLY_H
#define TROVE_PREFIX_TALLY_H

#include <sqlite3.h>

/*
** What schema 9's per-prefix counts are computed with (TroveStore's `PrefixTallies`); schema 10
** counts three-character prefixes too, and schema 12 four-character ones.
**
** trove_prefix_tally(sign, list_id, is_completed, title, notes, tags): an aggregate over
** reminders (or their old values, with sign -1) that counts, for every prefix of one to four
** characters (at most 8 bytes) of the rows' tokens (as reminders_fts tokenizes them: unicode61, remove_diacritics
** 2), the rows per list and per tag name, and the completed ones among them:
**
**   SELECT trove_prefix_tally(1, list_id, is_completed, title, notes, tags) FROM reminders
**   -- '[[0,"b",1,2,1],[0,"bu",1,2,1],[0,"buy",1,2,1],[0,"brea",1,1,0],[1,"b","errand",1,0],…]'
**   --   [0, prefix, list id, rows, completed rows] and [1, prefix, tag name, rows, completed rows]
**
** A row with a token `buy` counts once under "b", once under "bu" and once under "buy", however
** many of its tokens start so: exactly the rows FTS5's `"b"*`, `"bu"*` and `"buy"*` match. The tag names are read
** from the tags text as trove_tally_names reads them (between commas, without the spaces
** around). Entries that sum to nothing are left out; no rows give '[]'.
**
** A row with more than TROVE_PREFIX_TAGS_COUNTED tag names is counted under the empty tag name
** (which no tag has) instead of under each of its names: [1, prefix, "", rows, completed rows].
** Counting every name under every prefix takes prefixes x names entries, and a row's names are
** among its tokens, so a row with 2,000 tags t0..t1999 gave ~2.2 million entries (33 s to add it
** in a debug build). A search whose prefix has such an entry does not take its tag facets from
** the counts (TroveSearch's `SearchExecutor.prefixCounts(on:)`).
**
** trove_prefix_tally(sign, list_id, is_completed, title, notes, tags, counted) (schema 17): the
** same, but tag names are counted one by one only when `counted` (a JSON array of names, read
** once per aggregate) holds them, and only under prefixes of at most
** TROVE_PREFIX_TAG_CHARACTERS characters; under each such prefix a row that holds a name outside
** `counted` is also counted under the name "," (which no tag has: names hold no comma). The
** lists are counted as ever, under every prefix. A tag of a few reminders counted under every
** prefix of every reminder it labels made most of the file on real data (34,354 distinct tags of
** 64,610 Debian packages: 5.5 million entries, 107 MB); the names counted are the tags many
** reminders share (TroveStore's `PrefixTallies.countedTagMinimum`), and a search tells from the
** "," entry whether a tag not counted could be among its facets.
**
**   SELECT trove_prefix_tally(1, 7, 0, 'Oak', '', 'wood, rare', '["wood"]')
**   -- '[[0,"o",7,1,0],…,[1,"o","wood",1,0],[1,"o",",",1,0],[1,"oa","wood",1,0],…]'
**
** trove_prefix_key(text): text's one token, folded as reminders_fts folds it, when text holds
** exactly one token and it has one to four characters in at most 8 bytes; NULL otherwise.
**
**   SELECT trove_prefix_key('É'), trove_prefix_key('buys'), trove_prefix_key('bread'), trove_prefix_key('a b')
**   -- 'e', 'buys', NULL, NULL
*/

/// The most tag names a row has for its tags to be counted one by one.
#define TROVE_PREFIX_TAGS_COUNTED 64

/// With a set of counted names: the longest prefix, in characters, tags are counted under.
#define TROVE_PREFIX_TAG_CHARACTERS 2

/// Registers trove_prefix_tally and trove_prefix_key on `db`, tokenizing with `api`'s unicode61.
int trove_prefix_tally_register(sqlite3 *db, fts5_api *api);

#endif
