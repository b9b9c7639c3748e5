/*
** trove_prefix_tally and trove_prefix_key: the per-prefix counts of schemas 9, 10 and 12; see
** trove_prefix_tally.h.
**
** A row's prefixes are those of its tokens, as reminders_fts tokenizes them (FTS5's unicode61
** with remove_diacritics 2, through the fts5_api the ranking functions use): a token's first
** character, and its first two, three and four when it has that many and they take at most 8
** bytes (three from schema 10, four from schema 12; four letters of most scripts fit, three CJK
** characters take 9). FTS5 matches `"s"*` against the folded token's bytes, and a UTF-8
** character is never a prefix of another, so a row holds one of these prefixes exactly when
** FTS5's prefix query of it matches the row.
**
** A prefix counted is at most 8 bytes and holds no NUL, so it is kept as one 64-bit number:
** its bytes in order, zero-padded.
*/
#include "trove_prefix_tally.h"
#include "trove_json.h"

#include <stdlib.h>
#include <string.h>

/* What the tokenizer is made with: reminders_fts's `tokenize` option (schema 2). */
static const char *tokenizerName = "unicode61";
static const char *tokenizerArguments[] = {"remove_diacritics", "2"};

typedef sqlite3_uint64 Prefix;

/* The longest prefix counted, in characters (schema 12; 3 in schema 10, 2 in schema 9). */
#define TROVE_PREFIX_CHARACTERS 4

/* The number of bytes of the UTF-8 character that starts with `lead`. */
static int characterLength(unsigned char lead) {
    if (lead < 0x80) return 1;
    if ((lead >> 5) == 0x06) return 2;
    if ((lead >> 4) == 0x0E) return 3;
    if ((lead >> 3) == 0x1E) return 4;
    return 1;
}

static Prefix packPrefix(const char *bytes, int length) {
    Prefix prefix = 0;
    for (int i = 0; i < length && i < 8; i++) prefix |= (Prefix)(unsigned char)bytes[i] << (8 * (7 - i));
    return prefix;
}

static int prefixLength(Prefix prefix) {
    int length = 0;
    while (length < 8 && ((prefix >> (8 * (7 - length))) & 0xFF) != 0) length++;
    return length;
}

/* The characters of a packed prefix. */
static int prefixCharacters(Prefix prefix) {
    int length = prefixLength(prefix), characters = 0;
    for (int at = 0; at < length; characters++) at += characterLength((unsigned char)((prefix >> (8 * (7 - at))) & 0xFF));
    return characters;
}

static sqlite3_uint64 mix(sqlite3_uint64 value) {
    value ^= value >> 33;
    value *= 0xff51afd7ed558ccdull;
    value ^= value >> 33;
    return value;
}

/* A tokenizer made from the fts5_api, as reminders_fts's. */
typedef struct {
    fts5_tokenizer methods;
    Fts5Tokenizer *instance;
} Tokenizer;

static int makeTokenizer(fts5_api *api, Tokenizer *out) {
    void *user = 0;
    memset(out, 0, sizeof(Tokenizer));
    int rc = api->xFindTokenizer(api, tokenizerName, &user, &out->methods);
    if (rc != SQLITE_OK) return rc;
    return out->methods.xCreate(user, tokenizerArguments, 2, &out->instance);
}

static void freeTokenizer(Tokenizer *tokenizer) {
    if (tokenizer->instance) tokenizer->methods.xDelete(tokenizer->instance);
    tokenizer->instance = 0;
}

/* The distinct prefixes of one row: a small open-addressing set, emptied row by row. */
typedef struct {
    Prefix *slots;     /* 0 is free */
    int capacity;      /* a power of two */
    Prefix *members;   /* the prefixes in the set, in the order they came */
    int *positions;    /* each member's slot, so that emptying the set costs its members only */
    int count;
    int failed;
} RowPrefixes;

static int addRowPrefix(RowPrefixes *set, Prefix prefix) {
    if ((set->count + 1) * 2 > set->capacity) {
        int capacity = set->capacity ? set->capacity * 2 : 128;
        Prefix *slots = sqlite3_malloc64(sizeof(Prefix) * (sqlite3_uint64)capacity);
        Prefix *members = sqlite3_malloc64(sizeof(Prefix) * (sqlite3_uint64)capacity);
        int *positions = sqlite3_malloc64(sizeof(int) * (sqlite3_uint64)capacity);
        if (!slots || !members || !positions) {
            sqlite3_free(slots);
            sqlite3_free(members);
            sqlite3_free(positions);
            return SQLITE_NOMEM;
        }
        memset(slots, 0, sizeof(Prefix) * (size_t)capacity);
        for (int i = 0; i < set->count; i++) {
            int at = (int)(mix(set->members[i]) & (sqlite3_uint64)(capacity - 1));
            while (slots[at]) at = (at + 1) & (capacity - 1);
            slots[at] = set->members[i];
            members[i] = set->members[i];
            positions[i] = at;
        }
        sqlite3_free(set->slots);
        sqlite3_free(set->members);
        sqlite3_free(set->positions);
        set->slots = slots;
        set->members = members;
        set->positions = positions;
        set->capacity = capacity;
    }
    int at = (int)(mix(prefix) & (sqlite3_uint64)(set->capacity - 1));
    while (set->slots[at] && set->slots[at] != prefix) at = (at + 1) & (set->capacity - 1);
    if (set->slots[at]) return SQLITE_OK;
    set->slots[at] = prefix;
    set->members[set->count] = prefix;
    set->positions[set->count++] = at;
    return SQLITE_OK;
}

/* NB: every slot in use is a member's, so freeing the members' slots empties the table. */
static void clearRowPrefixes(RowPrefixes *set) {
    for (int i = 0; i < set->count; i++) set->slots[set->positions[i]] = 0;
    set->count = 0;
    set->failed = 0;
}

static void freeRowPrefixes(RowPrefixes *set) {
    sqlite3_free(set->slots);
    sqlite3_free(set->members);
    sqlite3_free(set->positions);
    memset(set, 0, sizeof(RowPrefixes));
}

static int prefixToken(void *context, int flags, const char *token, int length, int start, int end) {
    (void)start;
    (void)end;
    RowPrefixes *set = context;
    if ((flags & FTS5_TOKEN_COLOCATED) || length <= 0) return SQLITE_OK;
    int first = characterLength((unsigned char)token[0]);
    if (first > length) first = length;
    int rc = addRowPrefix(set, packPrefix(token, first));
    int taken = first;
    for (int characters = 2; rc == SQLITE_OK && characters <= TROVE_PREFIX_CHARACTERS && taken < length; characters++) {
        taken += characterLength((unsigned char)token[taken]);
        if (taken > length) taken = length;
        if (taken > 8) break;
        rc = addRowPrefix(set, packPrefix(token, taken));
    }
    if (rc != SQLITE_OK) set->failed = 1;
    return rc;
}

/* Counts per (prefix, list) and per (prefix, tag name). */
typedef struct {
    Prefix prefix;   /* 0 for a free slot */
    sqlite3_int64 list;
    sqlite3_int64 matches;
    sqlite3_int64 completed;
} ListSlot;

typedef struct {
    Prefix prefix;   /* 0 for a free slot */
    char *tag;       /* a copy, not NUL-terminated */
    int tagLength;
    sqlite3_int64 matches;
    sqlite3_int64 completed;
} TagSlot;

/* The tag names counted one by one (the seventh argument), as a set of byte strings. */
typedef struct {
    char **names;      /* NULL for a free slot; each a NUL-terminated copy */
    int *lengths;
    sqlite3_int64 capacity;   /* a power of two, or 0 when every name is counted */
    int given;         /* whether the seventh argument was given at all */
} NameSet;

/* The aggregate context, zeroed by SQLite on the first row. */
typedef struct {
    int started;
    Tokenizer tokenizer;
    RowPrefixes row;
    ListSlot *lists;
    sqlite3_int64 listCapacity, listsUsed;
    TagSlot *tags;
    sqlite3_int64 tagCapacity, tagsUsed;
    NameSet counted;
} PrefixTally;

static sqlite3_uint64 bytesHash(const char *bytes, int length) {
    sqlite3_uint64 h = 14695981039346656037ull;   /* FNV-1a */
    for (int i = 0; i < length; i++) h = (h ^ (unsigned char)bytes[i]) * 1099511628211ull;
    return h;
}

static sqlite3_int64 findName(const NameSet *set, const char *name, int length) {
    sqlite3_int64 at = (sqlite3_int64)(bytesHash(name, length) & (sqlite3_uint64)(set->capacity - 1));
    while (set->names[at] && !(set->lengths[at] == length && memcmp(set->names[at], name, (size_t)length) == 0)) {
        at = (at + 1) & (set->capacity - 1);
    }
    return at;
}

/* Whether `name` is counted one by one: every name when no set was given. */
static int isCounted(const NameSet *set, const char *name, int length) {
    if (!set->given) return 1;
    if (set->capacity == 0) return 0;
    return set->names[findName(set, name, length)] != 0;
}

static void freeNameSet(NameSet *set) {
    for (sqlite3_int64 i = 0; i < set->capacity; i++) sqlite3_free(set->names[i]);
    sqlite3_free(set->names);
    sqlite3_free(set->lengths);
    memset(set, 0, sizeof(NameSet));
}

/* Reads the seventh argument, a JSON array of names, through SQLite's json_each (so that its
** escapes are read as SQLite reads them), into `set`. */
static int readNameSet(sqlite3_context *context, sqlite3_value *value, NameSet *set) {
    set->given = 1;
    if (sqlite3_value_type(value) == SQLITE_NULL) return SQLITE_OK;
    sqlite3_stmt *statement = 0;
    int rc = sqlite3_prepare_v2(sqlite3_context_db_handle(context),
                                "SELECT \"value\" FROM json_each(?1) WHERE \"type\" = 'text'", -1, &statement, 0);
    if (rc != SQLITE_OK) return rc;
    sqlite3_bind_value(statement, 1, value);
    sqlite3_int64 count = 0;
    while ((rc = sqlite3_step(statement)) == SQLITE_ROW) count++;
    if (rc != SQLITE_DONE || count == 0) {
        sqlite3_finalize(statement);
        return rc == SQLITE_DONE ? SQLITE_OK : rc;
    }
    sqlite3_int64 capacity = 16;
    while (capacity < count * 2) capacity *= 2;
    set->names = sqlite3_malloc64(sizeof(char *) * (sqlite3_uint64)capacity);
    set->lengths = sqlite3_malloc64(sizeof(int) * (sqlite3_uint64)capacity);
    if (!set->names || !set->lengths) {
        sqlite3_finalize(statement);
        return SQLITE_NOMEM;
    }
    memset(set->names, 0, sizeof(char *) * (size_t)capacity);
    set->capacity = capacity;
    sqlite3_reset(statement);
    while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(statement, 0);
        int length = sqlite3_column_bytes(statement, 0);
        if (!name) continue;
        sqlite3_int64 at = findName(set, name, length);
        if (set->names[at]) continue;
        set->names[at] = sqlite3_malloc(length + 1);
        if (!set->names[at]) {
            sqlite3_finalize(statement);
            return SQLITE_NOMEM;
        }
        memcpy(set->names[at], name, (size_t)length);
        set->names[at][length] = 0;
        set->lengths[at] = length;
    }
    sqlite3_finalize(statement);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

static ListSlot *findList(ListSlot *slots, sqlite3_int64 capacity, Prefix prefix, sqlite3_int64 list) {
    sqlite3_int64 at = (sqlite3_int64)(mix(prefix ^ mix((sqlite3_uint64)list)) & (sqlite3_uint64)(capacity - 1));
    while (slots[at].prefix && !(slots[at].prefix == prefix && slots[at].list == list)) at = (at + 1) & (capacity - 1);
    return &slots[at];
}

static TagSlot *findTag(TagSlot *slots, sqlite3_int64 capacity, Prefix prefix, const char *tag, int length) {
    sqlite3_int64 at = (sqlite3_int64)(mix(prefix ^ bytesHash(tag, length)) & (sqlite3_uint64)(capacity - 1));
    while (slots[at].prefix
           && !(slots[at].prefix == prefix && slots[at].tagLength == length && memcmp(slots[at].tag, tag, (size_t)length) == 0)) {
        at = (at + 1) & (capacity - 1);
    }
    return &slots[at];
}

static int growLists(PrefixTally *tally) {
    sqlite3_int64 capacity = tally->listCapacity ? tally->listCapacity * 2 : 1024;
    ListSlot *slots = sqlite3_malloc64(sizeof(ListSlot) * (sqlite3_uint64)capacity);
    if (!slots) return SQLITE_NOMEM;
    memset(slots, 0, sizeof(ListSlot) * (size_t)capacity);
    for (sqlite3_int64 i = 0; i < tally->listCapacity; i++) {
        ListSlot *old = &tally->lists[i];
        if (old->prefix) *findList(slots, capacity, old->prefix, old->list) = *old;
    }
    sqlite3_free(tally->lists);
    tally->lists = slots;
    tally->listCapacity = capacity;
    return SQLITE_OK;
}

static int growTags(PrefixTally *tally) {
    sqlite3_int64 capacity = tally->tagCapacity ? tally->tagCapacity * 2 : 1024;
    TagSlot *slots = sqlite3_malloc64(sizeof(TagSlot) * (sqlite3_uint64)capacity);
    if (!slots) return SQLITE_NOMEM;
    memset(slots, 0, sizeof(TagSlot) * (size_t)capacity);
    for (sqlite3_int64 i = 0; i < tally->tagCapacity; i++) {
        TagSlot *old = &tally->tags[i];
        if (old->prefix) *findTag(slots, capacity, old->prefix, old->tag, old->tagLength) = *old;
    }
    sqlite3_free(tally->tags);
    tally->tags = slots;
    tally->tagCapacity = capacity;
    return SQLITE_OK;
}

static int countList(PrefixTally *tally, Prefix prefix, sqlite3_int64 list, int sign, int completed) {
    if ((tally->listsUsed + 1) * 2 > tally->listCapacity && growLists(tally) != SQLITE_OK) return SQLITE_NOMEM;
    ListSlot *slot = findList(tally->lists, tally->listCapacity, prefix, list);
    if (!slot->prefix) {
        slot->prefix = prefix;
        slot->list = list;
        tally->listsUsed++;
    }
    slot->matches += sign;
    if (completed) slot->completed += sign;
    return SQLITE_OK;
}

static int countTag(PrefixTally *tally, Prefix prefix, const char *tag, int length, int sign, int completed) {
    if ((tally->tagsUsed + 1) * 2 > tally->tagCapacity && growTags(tally) != SQLITE_OK) return SQLITE_NOMEM;
    TagSlot *slot = findTag(tally->tags, tally->tagCapacity, prefix, tag, length);
    if (!slot->prefix) {
        slot->tag = sqlite3_malloc(length > 0 ? length : 1);
        if (!slot->tag) return SQLITE_NOMEM;
        memcpy(slot->tag, tag, (size_t)length);
        slot->tagLength = length;
        slot->prefix = prefix;
        tally->tagsUsed++;
    }
    slot->matches += sign;
    if (completed) slot->completed += sign;
    return SQLITE_OK;
}

static void freePrefixTally(PrefixTally *tally) {
    freeTokenizer(&tally->tokenizer);
    freeNameSet(&tally->counted);
    freeRowPrefixes(&tally->row);
    for (sqlite3_int64 i = 0; i < tally->tagCapacity; i++) sqlite3_free(tally->tags[i].tag);
    sqlite3_free(tally->tags);
    sqlite3_free(tally->lists);
    memset(tally, 0, sizeof(PrefixTally));
}

static int tokenizeInto(Tokenizer *tokenizer, RowPrefixes *row, sqlite3_value *value) {
    const char *text = (const char *)sqlite3_value_text(value);
    int length = sqlite3_value_bytes(value);
    if (!text || length == 0) return SQLITE_OK;
    int rc = tokenizer->methods.xTokenize(tokenizer->instance, row, FTS5_TOKENIZE_DOCUMENT, text, length, prefixToken);
    return row->failed ? SQLITE_NOMEM : rc;
}

/* trove_prefix_tally(sign, list_id, is_completed, title, notes, tags [, counted]) */
static void prefixTallyStep(sqlite3_context *context, int argc, sqlite3_value **argv) {
    PrefixTally *tally = sqlite3_aggregate_context(context, sizeof(PrefixTally));
    if (!tally) {
        sqlite3_result_error_nomem(context);
        return;
    }
    if (!tally->started) {
        tally->started = 1;
        int rc = makeTokenizer((fts5_api *)sqlite3_user_data(context), &tally->tokenizer);
        if (rc == SQLITE_OK && argc > 6) rc = readNameSet(context, argv[6], &tally->counted);
        if (rc != SQLITE_OK) {
            sqlite3_result_error_code(context, rc);
            return;
        }
    }
    if (!tally->tokenizer.instance) {
        sqlite3_result_error_code(context, SQLITE_ERROR);
        return;
    }
    int sign = sqlite3_value_int64(argv[0]) < 0 ? -1 : 1;
    int hasList = sqlite3_value_type(argv[1]) != SQLITE_NULL;
    sqlite3_int64 list = sqlite3_value_int64(argv[1]);
    int completed = sqlite3_value_int64(argv[2]) != 0;
    RowPrefixes *row = &tally->row;
    clearRowPrefixes(row);
    int rc = SQLITE_OK;
    for (int field = 3; field <= 5 && rc == SQLITE_OK; field++) rc = tokenizeInto(&tally->tokenizer, row, argv[field]);
    if (rc != SQLITE_OK) {
        sqlite3_result_error_code(context, rc);
        return;
    }
    const char *tags = (const char *)sqlite3_value_text(argv[5]);
    int tagsLength = sqlite3_value_bytes(argv[5]);
    /* A row with more names than TROVE_PREFIX_TAGS_COUNTED is counted under the empty name. */
    int names = 0;
    for (int start = 0; tags && start <= tagsLength && names <= TROVE_PREFIX_TAGS_COUNTED;) {
        int end = start;
        while (end < tagsLength && tags[end] != ',') end++;
        for (int at = start; at < end; at++) {
            if (tags[at] != ' ') {
                names++;
                break;
            }
        }
        start = end + 1;
    }
    int countsNames = names <= TROVE_PREFIX_TAGS_COUNTED;
    /* With a set of counted names: whether the row holds a name outside it (a rare tag), and
    ** tags are counted under prefixes of at most TROVE_PREFIX_TAG_CHARACTERS characters. */
    int hasRare = 0;
    if (countsNames && tally->counted.given) {
        for (int start = 0; tags && start <= tagsLength && !hasRare;) {
            int end = start;
            while (end < tagsLength && tags[end] != ',') end++;
            int first = start, last = end;
            while (first < last && tags[first] == ' ') first++;
            while (last > first && tags[last - 1] == ' ') last--;
            if (last > first && !isCounted(&tally->counted, tags + first, last - first)) hasRare = 1;
            start = end + 1;
        }
    }
    for (int i = 0; i < row->count && rc == SQLITE_OK; i++) {
        Prefix prefix = row->members[i];
        if (hasList) rc = countList(tally, prefix, list, sign, completed);
        if (tally->counted.given && prefixCharacters(prefix) > TROVE_PREFIX_TAG_CHARACTERS) continue;
        if (!countsNames) {
            if (rc == SQLITE_OK) rc = countTag(tally, prefix, "", 0, sign, completed);
            continue;
        }
        if (hasRare && rc == SQLITE_OK) rc = countTag(tally, prefix, ",", 1, sign, completed);
        /* The names as trove_tally_names reads them: between commas, without the spaces around. */
        int start = 0;
        while (tags && rc == SQLITE_OK && start <= tagsLength) {
            int end = start;
            while (end < tagsLength && tags[end] != ',') end++;
            int first = start, last = end;
            while (first < last && tags[first] == ' ') first++;
            while (last > first && tags[last - 1] == ' ') last--;
            if (last > first && isCounted(&tally->counted, tags + first, last - first)) {
                rc = countTag(tally, prefix, tags + first, last - first, sign, completed);
            }
            start = end + 1;
        }
    }
    if (rc != SQLITE_OK) sqlite3_result_error_code(context, rc);
}

static void appendPrefix(sqlite3_str *json, Prefix prefix) {
    char bytes[8];
    int length = prefixLength(prefix);
    for (int i = 0; i < length; i++) bytes[i] = (char)((prefix >> (8 * (7 - i))) & 0xFF);
    trove_json_append_string(json, bytes, length);
}

static void prefixTallyFinal(sqlite3_context *context) {
    PrefixTally *tally = sqlite3_aggregate_context(context, 0);
    if (!tally) {
        sqlite3_result_text(context, "[]", 2, SQLITE_STATIC);
        return;
    }
    /* NB: SQLite calls this once for every aggregate context it made, also when the statement
    ** stops early (an interrupt, an error), so everything is freed here and only here. */
    sqlite3_str *json = sqlite3_str_new(0);
    int first = 1;
    sqlite3_str_appendchar(json, 1, '[');
    for (sqlite3_int64 i = 0; i < tally->listCapacity; i++) {
        ListSlot *slot = &tally->lists[i];
        if (!slot->prefix || (slot->matches == 0 && slot->completed == 0)) continue;
        sqlite3_str_appendall(json, first ? "[0," : ",[0,");
        first = 0;
        appendPrefix(json, slot->prefix);
        sqlite3_str_appendf(json, ",%lld,%lld,%lld]", (long long)slot->list, (long long)slot->matches, (long long)slot->completed);
    }
    for (sqlite3_int64 i = 0; i < tally->tagCapacity; i++) {
        TagSlot *slot = &tally->tags[i];
        if (!slot->prefix || (slot->matches == 0 && slot->completed == 0)) continue;
        sqlite3_str_appendall(json, first ? "[1," : ",[1,");
        first = 0;
        appendPrefix(json, slot->prefix);
        sqlite3_str_appendchar(json, 1, ',');
        trove_json_append_string(json, slot->tag, slot->tagLength);
        sqlite3_str_appendf(json, ",%lld,%lld]", (long long)slot->matches, (long long)slot->completed);
    }
    sqlite3_str_appendchar(json, 1, ']');
    freePrefixTally(tally);
    trove_json_result(context, json);
}

/* trove_prefix_key(text): the one token of text when it has 1 to 4 characters in at most 8
** bytes (the prefixes counted); else NULL. */
typedef struct {
    char token[9];
    int length;
    int tokens;
} KeyScan;

static int keyToken(void *context, int flags, const char *token, int length, int start, int end) {
    (void)start;
    (void)end;
    KeyScan *scan = context;
    if (flags & FTS5_TOKEN_COLOCATED) return SQLITE_OK;
    scan->tokens++;
    if (scan->tokens == 1 && length > 0 && length <= 8) {
        memcpy(scan->token, token, (size_t)length);
        scan->length = length;
    } else {
        scan->length = 0;
    }
    return SQLITE_OK;
}

static void prefixKeyFunction(sqlite3_context *context, int argc, sqlite3_value **argv) {
    (void)argc;
    const char *text = (const char *)sqlite3_value_text(argv[0]);
    int size = sqlite3_value_bytes(argv[0]);
    if (!text || size == 0) return;
    Tokenizer tokenizer;
    int rc = makeTokenizer((fts5_api *)sqlite3_user_data(context), &tokenizer);
    if (rc != SQLITE_OK) {
        freeTokenizer(&tokenizer);
        sqlite3_result_error_code(context, rc);
        return;
    }
    KeyScan scan;
    memset(&scan, 0, sizeof(scan));
    rc = tokenizer.methods.xTokenize(tokenizer.instance, &scan, FTS5_TOKENIZE_QUERY, text, size, keyToken);
    freeTokenizer(&tokenizer);
    if (rc != SQLITE_OK) {
        sqlite3_result_error_code(context, rc);
        return;
    }
    if (scan.tokens != 1 || scan.length == 0) return;
    int characters = 0;
    for (int at = 0; at < scan.length; at += characterLength((unsigned char)scan.token[at])) characters++;
    if (characters > TROVE_PREFIX_CHARACTERS) return;
    sqlite3_result_text(context, scan.token, scan.length, SQLITE_TRANSIENT);
}

int trove_prefix_tally_register(sqlite3 *db, fts5_api *api) {
    int rc = sqlite3_create_function(db, "trove_prefix_tally", 6, SQLITE_UTF8 | SQLITE_DETERMINISTIC, api, 0,
                                     prefixTallyStep, prefixTallyFinal);
    if (rc == SQLITE_OK) {
        rc = sqlite3_create_function(db, "trove_prefix_tally", 7, SQLITE_UTF8 | SQLITE_DETERMINISTIC, api, 0,
                                     prefixTallyStep, prefixTallyFinal);
    }
    if (rc == SQLITE_OK) {
        rc = sqlite3_create_function(db, "trove_prefix_key", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, api,
                                     prefixKeyFunction, 0, 0);
    }
    return rc;
}
