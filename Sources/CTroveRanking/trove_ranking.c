/*
** Trove's ranking: FTS5 auxiliary functions that mirror TroveSearch's `TroveRanking`
** (Sources/TroveSearch/Ranking/TroveRanking.swift), which defines and documents the formula.
**
** For a row d and the query's phrases p (FTS5 numbers them in the order of the MATCH text):
**
**   N        rows in the index (xRowCount)
**   n_p      rows that hold phrase p (counted with xQueryPhrase, once per query, as bm25 does)
**   idf_p    ln(1 + (N - n_p + 0.5) / (n_p + 0.5))                       (1 in sample mode)
**   B_f      1 - b_f + b_f * len_f(d) / avglen_f                           per field f
**   x_p      sum over f of w_f * tf_f(p, d) / B_f                           weighted, normalised tf
**   bm25f    sum over p of idf_p * x_p * (k1 + 1) / (k1 + x_p)              saturated once
**   exact    exactTitle * sum of idf_p over the phrases in d, when the title's tokens are
**            exactly the query's phrases in query order (case and accents folded by the
**            tokenizer) and no phrase found in d is left out
**   tag      tagEquals * (sum of idf_p over phrases p that equal a whole tag of d, or over all
**            the phrases found in d when one tag equals the whole query, whichever is larger)
**   word     exactWord * sum of idf_p over the phrases found in the title at a token that is
**            one of the exact words (the query's prefix words, tokenized as the index is): the
**            whole word beats a longer word it is a prefix of
**   near     proximity * sum over neighbouring phrases (p, p+1) of min(idf_p, idf_p+1) / d,
**            d the smallest distance between them in one field: 1 when adjacent in query
**            order, 2 when adjacent but reversed, growing by 1 per token between them
**   tier     exactness (TIER_*): 3 when the title's tokens are the leading words (the query's
**            words, in order) and nothing else; 2 when they are its first tokens and a segment
**            ends after them (`:`, ` - ` or `(`); 1 when they are only its first tokens and
**            there are two or more; else 0
**   rest     bm25f + exact + tag + word + near (in a tier, rounded down to a multiple of 2^-30)
**   score    tier * 2^20 + rest * (completedFactor when completed, else 1), a completed row's
**            tier one lower
**
** trove_rank returns -score, so that smaller is better, as FTS5's bm25.
**
** len_f(d) comes from FTS5's xColumnSize, which looks each row up in the table's `_docsize`
** shadow table (a statement of FTS5's own, a search from the b-tree's root per row). When
** the call names that table as its last argument, the rows' sizes are read by a statement of
** this function's own that walks `_docsize` forward as the MATCH's rows come (they come in
** rowid order) and seeks only over a gap; see SizeWalk. Same transaction, same sizes: the
** first row is compared with xColumnSize, and the walk is dropped if they differ.
*/
#include "trove_ranking.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The reminders' columns (trove_rank); an app index's first field plays the title's part. */
enum { TITLE = 0, NOTES = 1, TAGS = 2, REMINDER_FIELDS = 3, NO_FIELD = -1 };

typedef enum { MODE_RANK, MODE_SAMPLE, MODE_EXPLAIN, MODE_BOUNDED } Mode;

static const Mode rankMode = MODE_RANK, sampleMode = MODE_SAMPLE, explainMode = MODE_EXPLAIN, boundedMode = MODE_BOUNDED;

/* The parameters, in argument order after is_completed. */
typedef struct {
    double weight[TROVE_RANKING_MAX_FIELDS];
    double b[TROVE_RANKING_MAX_FIELDS];
    double k1;
    double exactTitle;
    double tagEquals;
    double proximity;
    double completedFactor;
    double exactWord;
} Parameters;

typedef struct {
    int phrase, field, offset;
} Instance;

/*
** The rows' column sizes read from the FTS5 table's `_docsize` by a statement of our own:
** `SELECT id, sz FROM "<table>_docsize" WHERE id >= ?1`, stepped forward while the next row
** asked for is at most SIZE_WALK_STEPS rows ahead, sought again otherwise.
**
** NB: why. xColumnSize costs a search from the root of `_docsize`'s b-tree per row: for the
** 577,529 rows of `s*` at 1,000,000 reminders, 0.24 s of the 0.42 s trove_rank took to score
** them all; stepping to the next row costs a fraction of that (0.08 s for the sizes alone).
*/
enum { SIZE_WALK_STEPS = 16 };

typedef struct {
    sqlite3_stmt *statement;
    sqlite3_int64 row;       /* the row the statement stands on, when positioned */
    int positioned;
    sqlite3_int64 decodedRow; /* the row whose sizes `sizes` holds, when decoded */
    int decoded;
    int checked;             /* the first row was compared with xColumnSize */
    int sizes[TROVE_RANKING_MAX_FIELDS];
} SizeWalk;

static void freeSizeWalk(SizeWalk *walk) {
    if (!walk) return;
    sqlite3_finalize(walk->statement);
    sqlite3_free(walk);
}

/* What one query keeps between rows (FTS5 auxdata), and per-row scratch space. */
typedef struct {
    Parameters parameters;   /* read from the arguments on the first row: they are constants */
    int fieldCount;          /* columns of the FTS5 table: 3 for trove_rank, N for trove_rank_fields */
    int tagsField;           /* the field tagEquals looks at (TAGS), or NO_FIELD */
    int phraseCount;
    double *idf;
    int *phraseSize;
    double averageLength[TROVE_RANKING_MAX_FIELDS];
    /* Scratch, reused row after row. */
    int *frequency;          /* phraseCount * fieldCount */
    unsigned char *present;  /* phrase occurs in the row */
    unsigned char *used;     /* phrase used by a cover */
    unsigned char *tagWord;  /* phrase equals a whole tag */
    int *lastOffset;         /* latest offset of each phrase in the current field, or -1 */
    double *closeness;       /* best 1/d for the pair (p, p+1) */
    Instance *instances;
    int instanceCapacity;
    int *tagOfToken;         /* tag number of each token of the tags field */
    int tokenCapacity;
    /* The exact words, tokenized once per query: `wordCount` tokens packed in `wordText`. */
    char *wordText;
    int *wordStart, *wordLength;
    int wordCount, wordCapacity, wordTextUsed, wordTextCapacity;
    /* The leading words (the exactness tiers), the same way. */
    char *leadText;
    int *leadStart, *leadLength;
    int leadCount, leadCapacity, leadTextUsed, leadTextCapacity;
    int *exactOffset;        /* offsets of the title's tokens that are exact words */
    int exactCount, exactCapacity;
    SizeWalk *sizeWalk;      /* nil: sizes from xColumnSize */
} QueryState;

static void freeState(void *pointer) {
    QueryState *state = pointer;
    if (!state) return;
    sqlite3_free(state->idf);
    sqlite3_free(state->phraseSize);
    sqlite3_free(state->frequency);
    sqlite3_free(state->present);
    sqlite3_free(state->used);
    sqlite3_free(state->tagWord);
    sqlite3_free(state->lastOffset);
    sqlite3_free(state->closeness);
    sqlite3_free(state->instances);
    sqlite3_free(state->tagOfToken);
    sqlite3_free(state->wordText);
    sqlite3_free(state->wordStart);
    sqlite3_free(state->wordLength);
    sqlite3_free(state->exactOffset);
    sqlite3_free(state->leadText);
    sqlite3_free(state->leadStart);
    sqlite3_free(state->leadLength);
    freeSizeWalk(state->sizeWalk);
    sqlite3_free(state);
}

static int countRow(const Fts5ExtensionApi *api, Fts5Context *fts, void *user) {
    (void)api;
    (void)fts;
    (*(sqlite3_int64 *)user)++;
    return SQLITE_OK;
}

static int allocateState(const Fts5ExtensionApi *api, Fts5Context *fts, Mode mode, int fields, int tagsField,
                         QueryState **out) {
    int count = api->xPhraseCount(fts);
    int slots = count > 0 ? count : 1;
    QueryState *state = sqlite3_malloc(sizeof(QueryState));
    if (!state) return SQLITE_NOMEM;
    memset(state, 0, sizeof(QueryState));
    state->phraseCount = count;
    state->fieldCount = fields;
    state->tagsField = tagsField;
    state->idf = sqlite3_malloc64(sizeof(double) * slots);
    state->phraseSize = sqlite3_malloc64(sizeof(int) * slots);
    state->frequency = sqlite3_malloc64(sizeof(int) * (sqlite3_uint64)slots * (sqlite3_uint64)fields);
    state->present = sqlite3_malloc64(slots);
    state->used = sqlite3_malloc64(slots);
    state->tagWord = sqlite3_malloc64(slots);
    state->lastOffset = sqlite3_malloc64(sizeof(int) * slots);
    state->closeness = sqlite3_malloc64(sizeof(double) * slots);
    if (!state->idf || !state->phraseSize || !state->frequency || !state->present || !state->used
        || !state->tagWord || !state->lastOffset || !state->closeness) {
        freeState(state);
        return SQLITE_NOMEM;
    }
    sqlite3_int64 rows = 0;
    int rc = api->xRowCount(fts, &rows);
    for (int field = 0; rc == SQLITE_OK && field < fields; field++) {
        sqlite3_int64 tokens = 0;
        rc = api->xColumnTotalSize(fts, field, &tokens);
        state->averageLength[field] = rows > 0 ? (double)tokens / (double)rows : 0;
    }
    for (int phrase = 0; rc == SQLITE_OK && phrase < count; phrase++) {
        state->phraseSize[phrase] = api->xPhraseSize(fts, phrase);
        if (mode == MODE_SAMPLE) {
            state->idf[phrase] = 1;
            continue;
        }
        /* NB: this walks every row that holds the phrase, once per query, as bm25 does. */
        sqlite3_int64 holding = 0;
        rc = api->xQueryPhrase(fts, phrase, &holding, countRow);
        state->idf[phrase] = log(1.0 + ((double)rows - (double)holding + 0.5) / ((double)holding + 0.5));
    }
    if (rc != SQLITE_OK) {
        freeState(state);
        return rc;
    }
    *out = state;
    return SQLITE_OK;
}

static int compareInstances(const void *left, const void *right) {
    const Instance *a = left, *b = right;
    if (a->field != b->field) return a->field < b->field ? -1 : 1;
    if (a->offset != b->offset) return a->offset < b->offset ? -1 : 1;
    return a->phrase < b->phrase ? -1 : a->phrase > b->phrase;
}

/* The row's phrase instances, sorted by field then offset. */
static int loadInstances(const Fts5ExtensionApi *api, Fts5Context *fts, QueryState *state, int *count) {
    int total = 0;
    int rc = api->xInstCount(fts, &total);
    if (rc != SQLITE_OK) return rc;
    if (total > state->instanceCapacity) {
        int capacity = total > 64 ? total : 64;
        Instance *grown = sqlite3_realloc64(state->instances, sizeof(Instance) * (sqlite3_uint64)capacity);
        if (!grown) return SQLITE_NOMEM;
        state->instances = grown;
        state->instanceCapacity = capacity;
    }
    int sorted = 1;
    for (int i = 0; i < total; i++) {
        Instance *instance = &state->instances[i];
        rc = api->xInst(fts, i, &instance->phrase, &instance->field, &instance->offset);
        if (rc != SQLITE_OK) return rc;
        if (i > 0 && compareInstances(&state->instances[i - 1], instance) > 0) sorted = 0;
    }
    if (!sorted) qsort(state->instances, (size_t)total, sizeof(Instance), compareInstances);
    *count = total;
    return SQLITE_OK;
}

/* Prepares the walk over `table` (the FTS5 table's `_docsize`); no walk when it cannot. */
static int startSizeWalk(sqlite3 *db, QueryState *state, sqlite3_value *table) {
    const char *name = (const char *)sqlite3_value_text(table);
    if (sqlite3_value_type(table) != SQLITE_TEXT || !name || !*name) return SQLITE_OK;
    char *sql = sqlite3_mprintf("SELECT id, sz FROM \"%w\" WHERE id >= ?1 ORDER BY id", name);
    if (!sql) return SQLITE_NOMEM;
    sqlite3_stmt *statement = 0;
    int rc = sqlite3_prepare_v2(db, sql, -1, &statement, 0);
    sqlite3_free(sql);
    /* NB: a table that is not there (or not a `_docsize`) leaves the sizes to xColumnSize. */
    if (rc != SQLITE_OK) {
        sqlite3_finalize(statement);
        return rc == SQLITE_NOMEM ? rc : SQLITE_OK;
    }
    SizeWalk *walk = sqlite3_malloc(sizeof(SizeWalk));
    if (!walk) {
        sqlite3_finalize(statement);
        return SQLITE_NOMEM;
    }
    memset(walk, 0, sizeof(SizeWalk));
    walk->statement = statement;
    state->sizeWalk = walk;
    return SQLITE_OK;
}

/* One varint of SQLite's format (FTS5 writes `sz` with it): 7 bits a byte, the 9th byte whole. */
static int readVarint(const unsigned char *bytes, int length, int *at, sqlite3_uint64 *value) {
    sqlite3_uint64 result = 0;
    for (int i = 0; i < 9; i++) {
        if (*at >= length) return 0;
        unsigned char byte = bytes[(*at)++];
        if (i == 8) {
            *value = (result << 8) | byte;
            return 1;
        }
        result = (result << 7) | (byte & 0x7f);
        if (!(byte & 0x80)) {
            *value = result;
            return 1;
        }
    }
    return 0;
}

/*
** Positions the walk on `row` and decodes its sizes. SQLITE_OK with walk->decoded set when
** it holds them; SQLITE_OK without when `_docsize` has no such row or it does not decode (the
** caller asks xColumnSize); an error code when SQLite failed (interrupted, out of memory).
*/
static int walkToRow(SizeWalk *walk, sqlite3_int64 row, int fields) {
    if (walk->decoded && walk->decodedRow == row) return SQLITE_OK;
    walk->decoded = 0;
    int rc;
    if (walk->positioned && row > walk->row && row - walk->row <= SIZE_WALK_STEPS) {
        while (walk->positioned && walk->row < row) {
            rc = sqlite3_step(walk->statement);
            if (rc == SQLITE_ROW) {
                walk->row = sqlite3_column_int64(walk->statement, 0);
            } else {
                walk->positioned = 0;
                if (rc != SQLITE_DONE) return rc;
            }
        }
    }
    if (!walk->positioned || walk->row != row) {
        sqlite3_reset(walk->statement);
        sqlite3_bind_int64(walk->statement, 1, row);
        rc = sqlite3_step(walk->statement);
        if (rc != SQLITE_ROW) {
            walk->positioned = 0;
            return rc == SQLITE_DONE ? SQLITE_OK : rc;
        }
        walk->positioned = 1;
        walk->row = sqlite3_column_int64(walk->statement, 0);
        if (walk->row != row) return SQLITE_OK;
    }
    const unsigned char *bytes = sqlite3_column_blob(walk->statement, 1);
    int length = sqlite3_column_bytes(walk->statement, 1), at = 0;
    for (int field = 0; field < fields; field++) {
        sqlite3_uint64 value = 0;
        if (!bytes || !readVarint(bytes, length, &at, &value) || value > 0x7fffffff) return SQLITE_OK;
        walk->sizes[field] = (int)value;
    }
    walk->decoded = 1;
    walk->decodedRow = row;
    return SQLITE_OK;
}

/* The current row's size of `field`, in tokens: from the walk when there is one, else xColumnSize. */
static int columnSize(const Fts5ExtensionApi *api, Fts5Context *fts, QueryState *state, int field, int *out) {
    SizeWalk *walk = state->sizeWalk;
    if (walk) {
        int rc = walkToRow(walk, api->xRowid(fts), state->fieldCount);
        if (rc != SQLITE_OK) return rc;
        /* NB: FTS5 writes a `_docsize` row for every row it indexes, so a row the walk does not
        ** find (or cannot decode) says the table is not this index's: it is dropped. So is one
        ** whose first row's sizes differ from xColumnSize's, read both ways once per query. */
        int usable = walk->decoded;
        if (usable && !walk->checked) {
            walk->checked = 1;
            for (int other = 0; usable && other < state->fieldCount; other++) {
                int size = 0;
                rc = api->xColumnSize(fts, other, &size);
                if (rc != SQLITE_OK) return rc;
                usable = size == walk->sizes[other];
            }
        }
        if (usable) {
            *out = walk->sizes[field];
            return SQLITE_OK;
        }
        freeSizeWalk(walk);
        state->sizeWalk = 0;
    }
    return api->xColumnSize(fts, field, out);
}

/*
** Whether tokens [from, to) of `field` are exactly the query's phrases in query order: each
** next phrase (a higher phrase number than the last, so OR alternatives may be skipped)
** starts where the last ended, the last ends at `to`, and every phrase present in the row is
** used. Marks the phrases used in state->used.
*/
static int covers(const QueryState *state, const Instance *instances, int count, int field, int from, int to) {
    memset(state->used, 0, (size_t)(state->phraseCount > 0 ? state->phraseCount : 1));
    int position = from, last = -1;
    while (position < to) {
        int best = -1;
        for (int i = 0; i < count; i++) {
            const Instance *instance = &instances[i];
            if (instance->field != field || instance->offset != position || instance->phrase <= last) continue;
            if (best < 0 || instance->phrase < best) best = instance->phrase;
        }
        if (best < 0) return 0;
        state->used[best] = 1;
        position += state->phraseSize[best] > 0 ? state->phraseSize[best] : 1;
        last = best;
    }
    if (position != to || to <= from) return 0;
    for (int phrase = 0; phrase < state->phraseCount; phrase++) {
        if (state->present[phrase] && !state->used[phrase]) return 0;
    }
    return 1;
}

/* Tokenizer callback state: which tag each token of the tags field belongs to. */
typedef struct {
    QueryState *state;
    const char *text;
    int scanned;   /* bytes of text already searched for commas */
    int tag;
    int tokens;
    int failed;
} TagScan;

static int tagToken(void *context, int flags, const char *token, int length, int start, int end) {
    (void)token;
    (void)length;
    (void)end;
    TagScan *scan = context;
    if (flags & FTS5_TOKEN_COLOCATED) return SQLITE_OK;
    /* NB: tag names hold no comma (schema CHECK), so a comma between tokens ends a tag. */
    for (; scan->scanned < start; scan->scanned++) {
        if (scan->text[scan->scanned] == ',') scan->tag++;
    }
    QueryState *state = scan->state;
    if (scan->tokens >= state->tokenCapacity) {
        int capacity = state->tokenCapacity > 0 ? state->tokenCapacity * 2 : 32;
        int *grown = sqlite3_realloc64(state->tagOfToken, sizeof(int) * (sqlite3_uint64)capacity);
        if (!grown) {
            scan->failed = 1;
            return SQLITE_NOMEM;
        }
        state->tagOfToken = grown;
        state->tokenCapacity = capacity;
    }
    state->tagOfToken[scan->tokens++] = scan->tag;
    return SQLITE_OK;
}

/* Appends one token to a packed list of words (the exact words, or the leading words). */
static int appendWord(char **text, int **starts, int **lengths, int *count, int *capacity, int *used, int *textCapacity,
                      const char *token, int length) {
    if (*count >= *capacity) {
        int grownCapacity = *capacity > 0 ? *capacity * 2 : 8;
        int *grownStarts = sqlite3_realloc64(*starts, sizeof(int) * (sqlite3_uint64)grownCapacity);
        if (!grownStarts) return SQLITE_NOMEM;
        *starts = grownStarts;
        int *grownLengths = sqlite3_realloc64(*lengths, sizeof(int) * (sqlite3_uint64)grownCapacity);
        if (!grownLengths) return SQLITE_NOMEM;
        *lengths = grownLengths;
        *capacity = grownCapacity;
    }
    if (*used + length > *textCapacity) {
        int grownText = (*used + length) * 2 + 16;
        char *grown = sqlite3_realloc64(*text, (sqlite3_uint64)grownText);
        if (!grown) return SQLITE_NOMEM;
        *text = grown;
        *textCapacity = grownText;
    }
    memcpy(*text + *used, token, (size_t)length);
    (*starts)[*count] = *used;
    (*lengths)[*count] = length;
    *used += length;
    (*count)++;
    return SQLITE_OK;
}

/* Tokenizer callback: keeps each token of the exact words (folded as the index folds them). */
static int wordToken(void *context, int flags, const char *token, int length, int start, int end) {
    (void)start;
    (void)end;
    QueryState *state = context;
    if (flags & FTS5_TOKEN_COLOCATED) return SQLITE_OK;
    return appendWord(&state->wordText, &state->wordStart, &state->wordLength, &state->wordCount, &state->wordCapacity,
                      &state->wordTextUsed, &state->wordTextCapacity, token, length);
}

/* Tokenizer callback: keeps each token of the leading words (folded as the index folds them). */
static int leadToken(void *context, int flags, const char *token, int length, int start, int end) {
    (void)start;
    (void)end;
    QueryState *state = context;
    if (flags & FTS5_TOKEN_COLOCATED) return SQLITE_OK;
    return appendWord(&state->leadText, &state->leadStart, &state->leadLength, &state->leadCount, &state->leadCapacity,
                      &state->leadTextUsed, &state->leadTextCapacity, token, length);
}

/*
** Tokenizer callback over the title: notes the offsets of tokens that are exact words, and
** how many of the title's first tokens are the leading words in order (`leading`), with the
** bytes where the last of them ends and the next token starts (`after`, -1 when none does).
*/
typedef struct {
    QueryState *state;
    int offset;
    int leading;       /* the title's first tokens equal to the leading words, in order */
    int leadingEnd;    /* byte where the last of them ends */
    int after;         /* byte where the token after them starts, or -1 */
} TitleScan;

static int titleToken(void *context, int flags, const char *token, int length, int start, int end) {
    TitleScan *scan = context;
    QueryState *state = scan->state;
    if (flags & FTS5_TOKEN_COLOCATED) return SQLITE_OK;
    int offset = scan->offset++;
    if (offset == scan->leading && scan->leading < state->leadCount && state->leadLength[offset] == length
        && memcmp(state->leadText + state->leadStart[offset], token, (size_t)length) == 0) {
        scan->leading++;
        scan->leadingEnd = end;
    } else if (offset == scan->leading && scan->leading == state->leadCount && scan->after < 0) {
        scan->after = start;
    }
    for (int word = 0; word < state->wordCount; word++) {
        if (state->wordLength[word] != length || memcmp(state->wordText + state->wordStart[word], token, (size_t)length) != 0) continue;
        if (state->exactCount >= state->exactCapacity) {
            int capacity = state->exactCapacity > 0 ? state->exactCapacity * 2 : 8;
            int *grown = sqlite3_realloc64(state->exactOffset, sizeof(int) * (sqlite3_uint64)capacity);
            if (!grown) return SQLITE_NOMEM;
            state->exactOffset = grown;
            state->exactCapacity = capacity;
        }
        state->exactOffset[state->exactCount++] = offset;
        break;
    }
    return SQLITE_OK;
}

/* The exactness tiers, best last: what a title is to the leading words. */
enum { TIER_NONE = 0, TIER_PHRASE_FIRST = 1, TIER_LEADING_SEGMENT = 2, TIER_EQUAL = 3 };

/*
** Tokenizes the current row's title once: marks the tokens that are exact words, and returns
** in *tier how the title starts: TIER_EQUAL when its tokens are the leading words, in order,
** and nothing else; TIER_LEADING_SEGMENT when they are its first tokens and a segment ends
** after them (`:`, ` - ` or `(` before the next token); TIER_PHRASE_FIRST when they are only
** its first tokens and there are two or more; else TIER_NONE.
*/
static int scanTitle(const Fts5ExtensionApi *api, Fts5Context *fts, QueryState *state, int *tier) {
    const char *text = 0;
    int bytes = 0;
    int rc = api->xColumnText(fts, TITLE, &text, &bytes);
    if (rc != SQLITE_OK) return rc;
    state->exactCount = 0;
    TitleScan scan = {state, 0, 0, 0, -1};
    if (text && bytes > 0) {
        rc = api->xTokenize(fts, text, bytes, &scan, titleToken);
        if (rc != SQLITE_OK) return rc;
    }
    *tier = TIER_NONE;
    if (state->leadCount == 0 || scan.leading < state->leadCount) return SQLITE_OK;
    if (scan.after < 0) {
        *tier = TIER_EQUAL;
        return SQLITE_OK;
    }
    /* NB: one word first in a title is no phrase: over titles that describe (`calculator` and
    ** "Calculator for DDE"), it put them above the natural answers ("GNOME desktop calculator"). */
    *tier = state->leadCount > 1 ? TIER_PHRASE_FIRST : TIER_NONE;
    /* NB: only the bytes between the last leading word and the next token: `git-man: …` is
    ** not a segment `git`, its `-` has no space around it. */
    for (int at = scan.leadingEnd; at < scan.after && at < bytes; at++) {
        char c = text[at];
        int dash = c == ' ' && at + 2 < scan.after && at + 2 < bytes && text[at + 1] == '-' && text[at + 2] == ' ';
        if (c == ':' || c == '(' || dash) {
            *tier = TIER_LEADING_SEGMENT;
            break;
        }
    }
    return SQLITE_OK;
}

/* Whether the row could be in an exactness tier: a phrase matched the title's first token. */
static int tierPossible(const QueryState *state, const Instance *instances, int count) {
    if (state->leadCount == 0) return 0;
    /* NB: instances are sorted by field, then offset, and the title is field 0. */
    for (int i = 0; i < count && instances[i].field == TITLE && instances[i].offset == 0; i++) {
        if (instances[i].phrase >= 0 && instances[i].phrase < state->phraseCount) return 1;
    }
    return 0;
}

/*
** What one tier adds, TROVE_RANKING_TIER_STEP (2^20): far above any score without tiers (each
** phrase adds at most its IDF, below 30, times k1 + 1 and the boosts). A tiered row's score
** below the tier is rounded down to a multiple of 2^-30 (and kept under the step), so that
** tier * step + that sum is exact in a double: TroveRanking.completedRank takes a rank as open
** apart into the two, to the bit, to score it as completed.
*/
static double tieredRest(double rest) {
    const double grid = 0x1p-30;
    double rounded = floor(rest / grid) * grid;
    return rounded < TROVE_RANKING_TIER_STEP - grid ? rounded : TROVE_RANKING_TIER_STEP - grid;
}

/* The parts of one row's score. */
typedef struct {
    double fieldPart[TROVE_RANKING_MAX_FIELDS]; /* each field's share of bm25f, split by its share of x_p */
    double tier, bm25f, exact, tag, word, near, factor, score;
    int tierNumber;
    int length[TROVE_RANKING_MAX_FIELDS];
} Breakdown;

/* Whether a row whose score is at most `highest` ranks after the rows trove_best keeps so far
** (trove_best_bound), by more than the sums' rounding in another order could account for. */
static int rankedAfterKept(double highest) {
    double bound = trove_best_bound();
    return isfinite(bound) && -highest > bound + fabs(bound) * 1e-9;
}

/* The sum of the IDFs of the phrases with an instance in `field` of the current row. */
static double idfInField(const QueryState *state, int field) {
    double sum = 0;
    for (int phrase = 0; phrase < state->phraseCount; phrase++) {
        if (state->frequency[phrase * state->fieldCount + field] > 0 && state->idf[phrase] > 0) sum += state->idf[phrase];
    }
    return sum;
}

/*
** The largest score a row with these instances could have, whatever its fields' lengths: each
** field as short as its matches allow (no shorter than the most instances of one phrase in it,
** which start at distinct tokens) and every boost it could earn. Negative when the parameters
** do not allow such a bound (a negative weight or boost, b outside 0...1, k1 not positive).
*/
static double largestScore(const QueryState *state, const Parameters *parameters, const int *inField, int tiered) {
    int phrases = state->phraseCount, fields = state->fieldCount, tags = state->tagsField;
    if (parameters->k1 <= 0 || parameters->exactTitle < 0 || parameters->tagEquals < 0 || parameters->exactWord < 0
        || parameters->proximity < 0) return -1;
    double norm[TROVE_RANKING_MAX_FIELDS];
    for (int field = 0; field < fields; field++) {
        double b = parameters->b[field];
        if (parameters->weight[field] < 0 || b < 0 || b > 1) return -1;
        int shortest = 0;
        for (int phrase = 0; phrase < phrases; phrase++) {
            int frequency = state->frequency[phrase * fields + field];
            if (frequency > shortest) shortest = frequency;
        }
        double average = state->averageLength[field];
        norm[field] = average > 0 ? 1.0 - b + b * (double)shortest / average : 1.0;
        if (norm[field] <= 0) norm[field] = 1.0;
    }
    double bm25f = 0, presentIDF = 0, titleIDF = 0, tagIDF = 0, near = 0;
    for (int phrase = 0; phrase < phrases; phrase++) {
        double x = 0;
        for (int field = 0; field < fields; field++) {
            x += parameters->weight[field] * state->frequency[phrase * fields + field] / norm[field];
        }
        if (x <= 0) continue;
        presentIDF += state->idf[phrase];
        bm25f += state->idf[phrase] * x * (parameters->k1 + 1.0) / (parameters->k1 + x);
        if (state->frequency[phrase * fields + TITLE] > 0) titleIDF += state->idf[phrase];
        if (tags != NO_FIELD && state->frequency[phrase * fields + tags] > 0) tagIDF += state->idf[phrase];
        /* NB: closeness is at most 1 (adjacent, in query order). */
        if (phrase + 1 < phrases) near += state->idf[phrase] < state->idf[phrase + 1] ? state->idf[phrase] : state->idf[phrase + 1];
    }
    if (phrases > 1 && presentIDF > tagIDF) tagIDF = presentIDF;
    double highest = bm25f + parameters->proximity * near;
    if (inField[TITLE] > 0) highest += parameters->exactTitle * presentIDF + parameters->exactWord * titleIDF;
    if (tags != NO_FIELD && inField[tags] > 0) highest += parameters->tagEquals * tagIDF;
    if (tiered) highest += TIER_EQUAL * TROVE_RANKING_TIER_STEP;
    return highest;
}

/*
** Whether a completed row scores no more than it would open, so that a bound tested as open
** holds for it: its factor in [0, 1] and no negative weight (every part of the rest then >= 0).
*/
static int completionLowers(const Parameters *parameters, int fields) {
    if (!(parameters->completedFactor >= 0 && parameters->completedFactor <= 1)) return 0;
    if (parameters->exactTitle < 0 || parameters->tagEquals < 0 || parameters->proximity < 0 || parameters->exactWord < 0) return 0;
    for (int field = 0; field < fields; field++) {
        if (parameters->weight[field] < 0) return 0;
    }
    return 1;
}

/*
** The largest score as completed of a row whose score as open is at most `highest`, in tier
** `tierNumber` (or the highest it could reach): as the end of scoreRow scores it, one tier
** down when in one, the rest times the factor (the rest then rounds down, so this is above it).
*/
static double asCompleted(double highest, int tierNumber, const Parameters *parameters) {
    double rest = highest - tierNumber * TROVE_RANKING_TIER_STEP;
    if (tierNumber > 0) return (tierNumber - 1) * TROVE_RANKING_TIER_STEP + rest * parameters->completedFactor;
    return rest * parameters->completedFactor;
}

static int scoreRow(const Fts5ExtensionApi *api, Fts5Context *fts, QueryState *state, const Parameters *parameters,
                    int completed, int explaining, int bounded, Breakdown *out) {
    memset(out, 0, sizeof(Breakdown));
    int phrases = state->phraseCount;
    int fields = state->fieldCount;
    int tags = state->tagsField;
    int count = 0;
    int rc = loadInstances(api, fts, state, &count);
    if (rc != SQLITE_OK) return rc;
    const Instance *instances = state->instances;

    memset(state->frequency, 0, sizeof(int) * (size_t)(phrases > 0 ? phrases : 1) * (size_t)fields);
    memset(state->present, 0, (size_t)(phrases > 0 ? phrases : 1));
    int inField[TROVE_RANKING_MAX_FIELDS] = {0};
    for (int i = 0; i < count; i++) {
        const Instance *instance = &instances[i];
        if (instance->phrase < 0 || instance->phrase >= phrases || instance->field < 0 || instance->field >= fields) continue;
        state->frequency[instance->phrase * fields + instance->field]++;
        state->present[instance->phrase] = 1;
        inField[instance->field]++;
    }
    int tiered = tierPossible(state, instances, count);
    /* NB: a completed row is bounded as open only when completion cannot raise its score. */
    if (bounded && completed && !completionLowers(parameters, fields)) bounded = 0;

    /* Under trove_best (trove_rank_bounded), a row that could not be kept even with the
    ** shortest fields and every boost it could get ranks after the rows kept so far whatever
    ** its lengths: it is scored with that largest score (still after them), and its column
    ** sizes and text are never read. (`doctor for` at 1,000,000 reminders: reading the sizes of
    ** its 65,890 matches was more than half the walk, 66 of 29 + 37 ms.) The margin covers the
    ** sums' rounding, in another order. A completed row is tested with that score as
    ** completed (asCompleted): one tier down, the rest times the factor. */
    if (bounded && !explaining) {
        double highest = largestScore(state, parameters, inField, tiered);
        if (highest >= 0 && completed) highest = asCompleted(highest, tiered ? TIER_EQUAL : TIER_NONE, parameters);
        if (highest >= 0 && rankedAfterKept(highest)) {
            out->factor = 1.0;
            out->score = highest;
            return SQLITE_OK;
        }
    }

    /* Per-field BM25F: normalise each field by its own length, weight, then saturate once. */
    double norm[TROVE_RANKING_MAX_FIELDS];
    for (int field = 0; field < fields; field++) {
        norm[field] = 1.0;
        /* NB: a field without a match needs no norm; the title's length is also the exact-title test's. */
        if (inField[field] == 0 && !explaining) continue;
        rc = columnSize(api, fts, state, field, &out->length[field]);
        if (rc != SQLITE_OK) return rc;
        double average = state->averageLength[field];
        double b = parameters->b[field];
        norm[field] = average > 0 ? 1.0 - b + b * (double)out->length[field] / average : 1.0;
        if (norm[field] <= 0) norm[field] = 1.0;
    }
    double presentIDF = 0;
    for (int phrase = 0; phrase < phrases; phrase++) {
        double part[TROVE_RANKING_MAX_FIELDS], x = 0;
        for (int field = 0; field < fields; field++) {
            part[field] = parameters->weight[field] * state->frequency[phrase * fields + field] / norm[field];
            x += part[field];
        }
        if (x <= 0) continue;
        presentIDF += state->idf[phrase];
        double saturated = state->idf[phrase] * x * (parameters->k1 + 1.0) / (parameters->k1 + x);
        out->bm25f += saturated;
        for (int field = 0; field < fields; field++) out->fieldPart[field] += saturated * part[field] / x;
    }

    /* Exact title: the title's tokens are the query's phrases, in order. */
    if (inField[TITLE] > 0 && covers(state, instances, count, TITLE, 0, out->length[TITLE])) {
        out->exact = parameters->exactTitle * presentIDF;
    }

    /* Proximity of neighbouring phrases, in one field. */
    if (phrases > 1 && parameters->proximity != 0) {
        for (int phrase = 0; phrase < phrases; phrase++) {
            state->lastOffset[phrase] = -1;
            state->closeness[phrase] = 0;
        }
        int field = -1;
        for (int i = 0; i < count; i++) {
            const Instance *instance = &instances[i];
            int phrase = instance->phrase;
            if (phrase < 0 || phrase >= phrases) continue;
            if (instance->field != field) {
                field = instance->field;
                for (int p = 0; p < phrases; p++) state->lastOffset[p] = -1;
            }
            if (phrase > 0 && state->lastOffset[phrase - 1] >= 0) {
                int gap = instance->offset - (state->lastOffset[phrase - 1] + state->phraseSize[phrase - 1]) + 1;
                if (gap >= 1 && 1.0 / gap > state->closeness[phrase - 1]) state->closeness[phrase - 1] = 1.0 / gap;
            }
            if (phrase + 1 < phrases && state->lastOffset[phrase + 1] >= 0) {
                int gap = instance->offset - (state->lastOffset[phrase + 1] + state->phraseSize[phrase + 1]) + 2;
                if (gap >= 2 && 1.0 / gap > state->closeness[phrase]) state->closeness[phrase] = 1.0 / gap;
            }
            state->lastOffset[phrase] = instance->offset;
        }
        for (int phrase = 0; phrase + 1 < phrases; phrase++) {
            if (state->closeness[phrase] <= 0) continue;
            double low = state->idf[phrase] < state->idf[phrase + 1] ? state->idf[phrase] : state->idf[phrase + 1];
            out->near += parameters->proximity * low * state->closeness[phrase];
        }
    }

    /* A tag equal to a query word, when the row has one tag of one word and a query word
    ** matched it: no need to read the tags to find where each tag starts and ends.
    ** NB: an app's index without a names field (NO_FIELD) has no tag boost. */
    if (tags != NO_FIELD && parameters->tagEquals != 0 && inField[tags] > 0 && out->length[tags] == 1) {
        double wordIDF = 0;
        for (int phrase = 0; phrase < phrases; phrase++) {
            if (state->frequency[phrase * fields + tags] > 0 && state->phraseSize[phrase] == 1) wordIDF += state->idf[phrase];
        }
        out->tag = parameters->tagEquals * wordIDF;
    }

    /* The parts that read the row's text, the tags (unless one tag of one word) and the title
    ** (exact words), come last, and under trove_best (trove_rank_bounded) only for a row that
    ** could still be kept with the largest boosts they could give: one that could not ranks
    ** after the rows kept so far whatever its boosts, so it is scored without them, which
    ** ranks after them too. (`bill` at 1,000,000 reminders: reading the titles was a third of
    ** the walk that scores every match; `c` reads the tags of 81,311 of its 644,276 matches.)
    ** The margin covers the sums' rounding, in another order. */
    /* Exactness: how the title starts, from its text; the title's exact words come with it. */
    int titleScanned = 0;
    if (tiered) {
        rc = scanTitle(api, fts, state, &out->tierNumber);
        /* NB: an app's table without the row (an external-content index out of step) cannot
        ** give its title: no tier, and the rest of the score fails or not as it did before. */
        if (rc == SQLITE_CORRUPT_VTAB) {
            out->tierNumber = TIER_NONE;
        } else if (rc != SQLITE_OK) {
            return rc;
        } else {
            titleScanned = 1;
        }
        out->tier = out->tierNumber * TROVE_RANKING_TIER_STEP;
    }

    int tagsNeeded = tags != NO_FIELD && parameters->tagEquals != 0 && inField[tags] > 0 && out->length[tags] != 1;
    int wordsNeeded = inField[TITLE] > 0 && state->wordCount > 0 && parameters->exactWord != 0;
    if ((tagsNeeded || wordsNeeded) && bounded && parameters->tagEquals >= 0 && parameters->exactWord >= 0) {
        /* NB: a phrase adds its IDF to the word boost only with an instance in the title, and to
        ** the tag boost only with one in the tags, or as one of the phrases present when the
        ** whole query is one tag (several phrases). */
        double tagIDF = tags != NO_FIELD ? idfInField(state, tags) : 0;
        if (phrases > 1 && presentIDF > tagIDF) tagIDF = presentIDF;
        double highest = out->tier + out->bm25f + out->exact + out->near + (tagsNeeded ? parameters->tagEquals * tagIDF : out->tag)
            + (wordsNeeded ? parameters->exactWord * idfInField(state, TITLE) : 0);
        if (completed) highest = asCompleted(highest, out->tierNumber, parameters);
        if (rankedAfterKept(highest)) tagsNeeded = wordsNeeded = 0;
    }

    /* A tag equal to a query word, or to the whole query: found in the text, unless left out above. */
    if (tagsNeeded) {
        const char *text = 0;
        int bytes = 0;
        rc = api->xColumnText(fts, tags, &text, &bytes);
        if (rc != SQLITE_OK) return rc;
        TagScan scan = {state, text ? text : "", 0, 0, 0, 0};
        if (text && bytes > 0) {
            rc = api->xTokenize(fts, text, bytes, &scan, tagToken);
            if (scan.failed) return SQLITE_NOMEM;
            if (rc != SQLITE_OK) return rc;
        }
        memset(state->tagWord, 0, (size_t)(phrases > 0 ? phrases : 1));
        double wordIDF = 0, wholeIDF = 0;
        for (int i = 0; i < count; i++) {
            const Instance *instance = &instances[i];
            if (instance->field != tags || instance->offset >= scan.tokens) continue;
            int size = state->phraseSize[instance->phrase] > 0 ? state->phraseSize[instance->phrase] : 1;
            int tag = state->tagOfToken[instance->offset];
            int startsTag = instance->offset == 0 || state->tagOfToken[instance->offset - 1] != tag;
            int end = instance->offset + size;
            int endsTag = end <= scan.tokens && (end == scan.tokens || state->tagOfToken[end] != tag)
                && state->tagOfToken[end - 1] == tag;
            if (!startsTag || !endsTag) continue;
            if (!state->tagWord[instance->phrase]) {
                state->tagWord[instance->phrase] = 1;
                wordIDF += state->idf[instance->phrase];
            }
        }
        /* The whole query as one tag: only worth checking with several phrases. */
        if (phrases > 1) {
            int start = 0;
            while (start < scan.tokens && wholeIDF == 0) {
                int end = start;
                while (end < scan.tokens && state->tagOfToken[end] == state->tagOfToken[start]) end++;
                if (covers(state, instances, count, tags, start, end)) wholeIDF = presentIDF;
                start = end;
            }
        }
        out->tag = parameters->tagEquals * (wholeIDF > wordIDF ? wholeIDF : wordIDF);
    }

    /* Exact words: a prefix word that stands whole in the title. With the tag boost known,
    ** the same test as above, for the title alone. */
    if (wordsNeeded && bounded && parameters->exactWord > 0) {
        /* NB: only a phrase with an instance in the title can stand whole there. */
        double highest = out->tier + out->bm25f + out->exact + out->tag + out->near + parameters->exactWord * idfInField(state, TITLE);
        if (completed) highest = asCompleted(highest, out->tierNumber, parameters);
        if (rankedAfterKept(highest)) wordsNeeded = 0;
    }
    if (wordsNeeded) {
        if (!titleScanned) {
            int unused = TIER_NONE;
            rc = scanTitle(api, fts, state, &unused);
            if (rc != SQLITE_OK) return rc;
        }
        if (state->exactCount > 0) {
            /* NB: tagWord is per-phrase scratch the tag boost above is done with; here it marks
            ** the phrases already counted, so a word standing twice in the title counts once. */
            memset(state->tagWord, 0, (size_t)(phrases > 0 ? phrases : 1));
            double wordIDF = 0;
            for (int i = 0; i < count; i++) {
                const Instance *instance = &instances[i];
                if (instance->field != TITLE || instance->phrase < 0 || instance->phrase >= phrases) continue;
                if (state->tagWord[instance->phrase]) continue;
                for (int e = 0; e < state->exactCount; e++) {
                    if (state->exactOffset[e] != instance->offset) continue;
                    state->tagWord[instance->phrase] = 1;
                    wordIDF += state->idf[instance->phrase];
                    break;
                }
            }
            out->word = parameters->exactWord * wordIDF;
        }
    }

    out->factor = completed ? parameters->completedFactor : 1.0;
    /* NB: the completed factor applies below the tier, so a completed row keeps its tier; a row
    ** in none (tier 0) scores the same sum as without tiers, to the bit. */
    double rest = out->bm25f + out->exact + out->tag + out->word + out->near;
    if (out->tierNumber > 0) {
        /* NB: completion stays a soft signal: a completed reminder comes one tier lower, so the
        ** open "Zürich trip: book flights" is not put below the done "Book flights to Málaga". */
        if (completed) {
            out->tierNumber--;
            out->tier = out->tierNumber * TROVE_RANKING_TIER_STEP;
        }
        out->score = out->tier + tieredRest(rest) * out->factor;
    } else {
        out->score = rest * out->factor;
    }
    return SQLITE_OK;
}

static void explain(sqlite3_context *context, const QueryState *state, const Breakdown *parts) {
    static const char *names[REMINDER_FIELDS] = {"title", "notes", "tags"};
    sqlite3_str *text = sqlite3_str_new(0);
    for (int field = 0; field < state->fieldCount; field++) {
        if (state->tagsField == TAGS && field < REMINDER_FIELDS) {
            sqlite3_str_appendf(text, "%s", names[field]);
        } else {
            sqlite3_str_appendf(text, "field %d", field);
        }
        sqlite3_str_appendf(text, " %.3f (length %d, average %.2f); ", parts->fieldPart[field], parts->length[field],
                            state->averageLength[field]);
    }
    static const char *tiers[] = {"none", "phrase first", "leading segment", "equal"};
    sqlite3_str_appendf(text, "exactness %s +%.0f; ", tiers[parts->tierNumber], parts->tier);
    sqlite3_str_appendf(text, "bm25f %.3f; exact title +%.3f; tag +%.3f; exact word +%.3f; proximity +%.3f; ", parts->bm25f,
                        parts->exact, parts->tag, parts->word, parts->near);
    sqlite3_str_appendf(text, "completed x%.2f; score %.3f; idf", parts->factor, parts->score);
    for (int phrase = 0; phrase < state->phraseCount; phrase++) sqlite3_str_appendf(text, " %.3f", state->idf[phrase]);
    int length = sqlite3_str_length(text);
    char *value = sqlite3_str_finish(text);
    if (!value) {
        sqlite3_result_error_nomem(context);
        return;
    }
    sqlite3_result_text(context, value, length, sqlite3_free);
}

/* Tokenizes the exact words (text, space-separated) once per query, as the index folds them. */
static int tokenizeExactWords(const Fts5ExtensionApi *api, Fts5Context *fts, QueryState *state, sqlite3_value *value) {
    const char *words = (const char *)sqlite3_value_text(value);
    int length = sqlite3_value_bytes(value);
    if (!words || length <= 0) return SQLITE_OK;
    return api->xTokenize(fts, words, length, state, wordToken);
}

/* Tokenizes the leading words (text, space-separated) once per query, as the index folds them. */
static int tokenizeLeadingWords(const Fts5ExtensionApi *api, Fts5Context *fts, QueryState *state, sqlite3_value *value) {
    const char *words = (const char *)sqlite3_value_text(value);
    int length = sqlite3_value_bytes(value);
    if (!words || length <= 0) return SQLITE_OK;
    return api->xTokenize(fts, words, length, state, leadToken);
}

/* Scores the current row and sets the function's result: -score, or the breakdown as text. */
static void scoreAndReturn(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, QueryState *state,
                           int completed, Mode mode) {
    Breakdown parts;
    int rc = scoreRow(api, fts, state, &state->parameters, completed, mode == MODE_EXPLAIN, mode == MODE_BOUNDED, &parts);
    if (rc != SQLITE_OK) {
        sqlite3_result_error_code(context, rc);
        return;
    }
    if (mode == MODE_EXPLAIN) {
        explain(context, state, &parts);
        return;
    }
    sqlite3_result_double(context, parts.score > 0 ? -parts.score : 0.0);
}

static void rankFunction(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int count,
                         sqlite3_value **values) {
    Mode mode = *(const Mode *)api->xUserData(fts);
    if (count != TROVE_RANKING_ARGUMENT_COUNT && count != TROVE_RANKING_ARGUMENT_COUNT + 1) {
        sqlite3_result_error(context,
                             "trove_rank takes the FTS5 table, is_completed, 12 parameters, the exact words, the leading words and "
                             "optionally the table's _docsize; see TroveRanking", -1);
        return;
    }
    int completed = sqlite3_value_int(values[0]) != 0;
    QueryState *state = api->xGetAuxdata(fts, 0);
    if (!state) {
        int rc = allocateState(api, fts, mode, REMINDER_FIELDS, TAGS, &state);
        if (rc == SQLITE_OK) rc = api->xSetAuxdata(fts, state, freeState);
        /* NB: a new query: no bound from an earlier statement's trove_best on this thread. */
        if (mode == MODE_BOUNDED) trove_best_reset_bound();
        if (rc != SQLITE_OK) {
            sqlite3_result_error_code(context, rc);
            return;
        }
        /* NB: TroveRanking writes the parameters as SQL number literals, the same on every row. */
        Parameters *parameters = &state->parameters;
        for (int field = 0; field < REMINDER_FIELDS; field++) {
            parameters->weight[field] = sqlite3_value_double(values[1 + field]);
            parameters->b[field] = sqlite3_value_double(values[4 + field]);
        }
        parameters->k1 = sqlite3_value_double(values[7]);
        parameters->exactTitle = sqlite3_value_double(values[8]);
        parameters->tagEquals = sqlite3_value_double(values[9]);
        parameters->proximity = sqlite3_value_double(values[10]);
        parameters->completedFactor = sqlite3_value_double(values[11]);
        parameters->exactWord = sqlite3_value_double(values[12]);
        rc = tokenizeExactWords(api, fts, state, values[13]);
        if (rc == SQLITE_OK) rc = tokenizeLeadingWords(api, fts, state, values[14]);
        if (rc == SQLITE_OK && count > TROVE_RANKING_ARGUMENT_COUNT) {
            rc = startSizeWalk(sqlite3_context_db_handle(context), state, values[TROVE_RANKING_ARGUMENT_COUNT]);
        }
        if (rc != SQLITE_OK) {
            sqlite3_result_error_code(context, rc);
            return;
        }
    }
    scoreAndReturn(api, fts, context, state, completed, mode);
}

/*
** trove_rank_fields(fts, k1, exactFirst, proximity, exactWord, namesEqual, namesField, exactWords, leadingWords,
**                   w_0, b_0, …, w_N-1, b_N-1 [, docsize] [, demotedFactor, isDemoted]):
** the same score over any FTS5 table of N columns (an app's SearchIndex), each column with its
** own weight and length normalisation. The first column plays the title's part for the exact
** title and exact word boosts. namesField, when not -1, is the column of names joined by commas
** (the reminders' tags) whose whole names equal to a query word, or to the whole query, add
** namesEqual times their IDF, as trove_rank's tag boost. With the last two arguments, a row whose
** isDemoted is not 0 is scored as trove_rank scores a completed reminder (one tier lower, the
** rest times demotedFactor): a SearchIndex's `demoted` column.
*/
static void fieldsFunction(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int count,
                           sqlite3_value **values) {
    Mode mode = *(const Mode *)api->xUserData(fts);
    int fields = api->xColumnCount(fts);
    int pairsEnd = TROVE_RANKING_FIELDS_FIXED_ARGUMENTS + 2 * fields;
    if (fields < 1 || fields > TROVE_RANKING_MAX_FIELDS || count < pairsEnd || count > pairsEnd + 3) {
        sqlite3_result_error(context,
                             "trove_rank_fields takes the FTS5 table, k1, exactFirst, proximity, exactWord, namesEqual, namesField, the exact words, the leading words, "
                             "a weight and a length normalisation per column, optionally the table's _docsize, and optionally "
                             "the demoted rows' factor and whether this row is demoted; see TroveRanking",
                             -1);
        return;
    }
    /* NB: after the pairs, an odd count of arguments has the _docsize first; two more are the demotion. */
    int walksSizes = (count - pairsEnd) % 2 == 1;
    int demotes = count - pairsEnd >= 2;
    QueryState *state = api->xGetAuxdata(fts, 0);
    if (!state) {
        sqlite3_int64 names = sqlite3_value_int64(values[5]);
        if (names < NO_FIELD || names >= fields) {
            sqlite3_result_error(context, "trove_rank_fields: namesField is a column number of the FTS5 table, or -1 for none", -1);
            return;
        }
        int rc = allocateState(api, fts, mode, fields, (int)names, &state);
        if (rc == SQLITE_OK) rc = api->xSetAuxdata(fts, state, freeState);
        /* NB: a new query: no bound from an earlier statement's trove_best on this thread. */
        if (mode == MODE_BOUNDED) trove_best_reset_bound();
        if (rc != SQLITE_OK) {
            sqlite3_result_error_code(context, rc);
            return;
        }
        Parameters *parameters = &state->parameters;
        parameters->k1 = sqlite3_value_double(values[0]);
        parameters->exactTitle = sqlite3_value_double(values[1]);
        parameters->proximity = sqlite3_value_double(values[2]);
        parameters->exactWord = sqlite3_value_double(values[3]);
        parameters->tagEquals = sqlite3_value_double(values[4]);
        parameters->completedFactor = demotes ? sqlite3_value_double(values[count - 2]) : 1;
        for (int field = 0; field < fields; field++) {
            parameters->weight[field] = sqlite3_value_double(values[TROVE_RANKING_FIELDS_FIXED_ARGUMENTS + 2 * field]);
            parameters->b[field] = sqlite3_value_double(values[TROVE_RANKING_FIELDS_FIXED_ARGUMENTS + 2 * field + 1]);
        }
        rc = tokenizeExactWords(api, fts, state, values[6]);
        if (rc == SQLITE_OK) rc = tokenizeLeadingWords(api, fts, state, values[7]);
        if (rc == SQLITE_OK && walksSizes) rc = startSizeWalk(sqlite3_context_db_handle(context), state, values[pairsEnd]);
        if (rc != SQLITE_OK) {
            sqlite3_result_error_code(context, rc);
            return;
        }
    }
    int demoted = demotes && sqlite3_value_int64(values[count - 1]) != 0;
    scoreAndReturn(api, fts, context, state, demoted, mode);
}

/*
** trove_matched(fts, column): 1 when one of the query's phrases occurs in the row's column
** (numbered as in the table, from 0), else 0. The same test as `highlight(fts, column, …)`
** differing from the column's text, which FTS5 answers from the same instance list, but
** without tokenizing the text: highlight() reads and tokenizes the whole column per row.
*/
static void matchedFunction(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int count,
                            sqlite3_value **values) {
    if (count != 1) {
        sqlite3_result_error(context, "trove_matched takes the FTS5 table and a column number", -1);
        return;
    }
    int column = sqlite3_value_int(values[0]);
    int instances = 0;
    int rc = api->xInstCount(fts, &instances);
    for (int i = 0; rc == SQLITE_OK && i < instances; i++) {
        int phrase = 0, field = 0, offset = 0;
        rc = api->xInst(fts, i, &phrase, &field, &offset);
        if (rc == SQLITE_OK && field == column) {
            sqlite3_result_int(context, 1);
            return;
        }
    }
    if (rc != SQLITE_OK) {
        sqlite3_result_error_code(context, rc);
        return;
    }
    sqlite3_result_int(context, 0);
}

int trove_ranking_register(sqlite3 *db) {
    fts5_api *api = 0;
    sqlite3_stmt *statement = 0;
    int rc = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, 0);
    if (rc != SQLITE_OK) return rc;
    sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", 0);
    sqlite3_step(statement);
    rc = sqlite3_finalize(statement);
    if (rc != SQLITE_OK) return rc;
    if (!api || api->iVersion < 2) return SQLITE_ERROR;
    rc = api->xCreateFunction(api, "trove_rank", (void *)&rankMode, rankFunction, 0);
    if (rc == SQLITE_OK) rc = api->xCreateFunction(api, "trove_rank_sample", (void *)&sampleMode, rankFunction, 0);
    if (rc == SQLITE_OK) rc = api->xCreateFunction(api, "trove_rank_explain", (void *)&explainMode, rankFunction, 0);
    if (rc == SQLITE_OK) rc = api->xCreateFunction(api, "trove_rank_bounded", (void *)&boundedMode, rankFunction, 0);
    if (rc == SQLITE_OK) rc = api->xCreateFunction(api, "trove_matched", 0, matchedFunction, 0);
    if (rc == SQLITE_OK) rc = api->xCreateFunction(api, "trove_rank_fields", (void *)&rankMode, fieldsFunction, 0);
    if (rc == SQLITE_OK) rc = api->xCreateFunction(api, "trove_rank_fields_sample", (void *)&sampleMode, fieldsFunction, 0);
    if (rc == SQLITE_OK) rc = api->xCreateFunction(api, "trove_rank_fields_bounded", (void *)&boundedMode, fieldsFunction, 0);
    if (rc == SQLITE_OK) rc = trove_prefix_tally_register(db, api);
    if (rc == SQLITE_OK) rc = trove_best_register(db);
    if (rc == SQLITE_OK) rc = trove_idset_register(db);
    return rc;
}
