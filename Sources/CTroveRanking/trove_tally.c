/*
** trove_tally: counts per integer key in an open-addressing hash table; see trove_tally.h.
*/
#include "trove_tally.h"
#include "trove_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    sqlite3_int64 key;
    sqlite3_int64 rows;
    sqlite3_int64 flagged;
} Slot;

/* The aggregate context: zeroed by SQLite on the first row. */
typedef struct {
    Slot *slots;      /* capacity slots; a slot with rows == 0 is free */
    sqlite3_int64 capacity;  /* a power of two, or 0 before the first key */
    sqlite3_int64 used;
} Tally;

static sqlite3_int64 slotIndex(sqlite3_int64 key, sqlite3_int64 capacity) {
    /* Fibonacci hashing: keys are often small consecutive ids. */
    sqlite3_uint64 h = (sqlite3_uint64)key * 11400714819323198485ull;
    return (sqlite3_int64)(h >> 32) & (capacity - 1);
}

static Slot *findSlot(Slot *slots, sqlite3_int64 capacity, sqlite3_int64 key) {
    sqlite3_int64 i = slotIndex(key, capacity);
    while (slots[i].rows != 0 && slots[i].key != key) i = (i + 1) & (capacity - 1);
    return &slots[i];
}

/* Doubles the table (or makes the first one); 0 when out of memory. */
static int grow(Tally *tally) {
    sqlite3_int64 capacity = tally->capacity ? tally->capacity * 2 : 64;
    Slot *slots = sqlite3_malloc64((sqlite3_uint64)capacity * sizeof(Slot));
    if (!slots) return 0;
    memset(slots, 0, (size_t)capacity * sizeof(Slot));
    for (sqlite3_int64 i = 0; i < tally->capacity; i++) {
        if (tally->slots[i].rows != 0) *findSlot(slots, capacity, tally->slots[i].key) = tally->slots[i];
    }
    sqlite3_free(tally->slots);
    tally->slots = slots;
    tally->capacity = capacity;
    return 1;
}

static void tallyStep(sqlite3_context *context, int argc, sqlite3_value **argv) {
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
    Tally *tally = sqlite3_aggregate_context(context, sizeof(Tally));
    if (!tally) {
        sqlite3_result_error_nomem(context);
        return;
    }
    /* Kept at most half full, so a probe ends soon. */
    if ((tally->used + 1) * 2 > tally->capacity && !grow(tally)) {
        sqlite3_result_error_nomem(context);
        return;
    }
    sqlite3_int64 key = sqlite3_value_int64(argv[0]);
    Slot *slot = findSlot(tally->slots, tally->capacity, key);
    if (slot->rows == 0) {
        slot->key = key;
        tally->used++;
    }
    slot->rows++;
    if (argc > 1 && sqlite3_value_int64(argv[1]) != 0) slot->flagged++;
}

static int byKey(const void *a, const void *b) {
    sqlite3_int64 x = ((const Slot *)a)->key, y = ((const Slot *)b)->key;
    return (x > y) - (x < y);
}

static void tallyFinal(sqlite3_context *context) {
    Tally *tally = sqlite3_aggregate_context(context, 0);
    if (!tally || tally->used == 0) {
        if (tally) sqlite3_free(tally->slots);
        sqlite3_result_text(context, "[]", 2, SQLITE_STATIC);
        return;
    }
    /* NB: SQLite calls this once for every aggregate context it made, also when the statement
    ** stops early (an interrupt, an error), so the table is freed here and only here. */
    sqlite3_int64 n = 0;
    for (sqlite3_int64 i = 0; i < tally->capacity; i++) {
        if (tally->slots[i].rows != 0) tally->slots[n++] = tally->slots[i];
    }
    qsort(tally->slots, (size_t)n, sizeof(Slot), byKey);
    /* "[k,r,f]," is at most 3 * 20 digits and 5 more characters per slot. */
    sqlite3_uint64 size = (sqlite3_uint64)n * 66 + 3;
    char *text = sqlite3_malloc64(size);
    if (!text) {
        sqlite3_free(tally->slots);
        sqlite3_result_error_nomem(context);
        return;
    }
    size_t length = 0;
    text[length++] = '[';
    for (sqlite3_int64 i = 0; i < n; i++) {
        length += (size_t)snprintf(text + length, (size_t)(size - length), "%s[%lld,%lld,%lld]", i ? "," : "",
            (long long)tally->slots[i].key, (long long)tally->slots[i].rows, (long long)tally->slots[i].flagged);
    }
    text[length++] = ']';
    sqlite3_free(tally->slots);
    sqlite3_result_text64(context, text, length, sqlite3_free, SQLITE_UTF8);
}

/* trove_tally_names: the same for the names in a text of names separated by commas. */

typedef struct {
    char *name;          /* a copy, not NUL-terminated; NULL for a free slot */
    int length;
    sqlite3_int64 rows;
} NameSlot;

typedef struct {
    NameSlot *slots;
    sqlite3_int64 capacity;
    sqlite3_int64 used;
} NameTally;

static sqlite3_uint64 nameHash(const char *name, int length) {
    sqlite3_uint64 h = 14695981039346656037ull;   /* FNV-1a */
    for (int i = 0; i < length; i++) h = (h ^ (unsigned char)name[i]) * 1099511628211ull;
    return h;
}

static NameSlot *findName(NameSlot *slots, sqlite3_int64 capacity, const char *name, int length) {
    sqlite3_int64 i = (sqlite3_int64)(nameHash(name, length) & (sqlite3_uint64)(capacity - 1));
    while (slots[i].name && !(slots[i].length == length && memcmp(slots[i].name, name, (size_t)length) == 0)) {
        i = (i + 1) & (capacity - 1);
    }
    return &slots[i];
}

static int growNames(NameTally *tally) {
    sqlite3_int64 capacity = tally->capacity ? tally->capacity * 2 : 64;
    NameSlot *slots = sqlite3_malloc64((sqlite3_uint64)capacity * sizeof(NameSlot));
    if (!slots) return 0;
    memset(slots, 0, (size_t)capacity * sizeof(NameSlot));
    for (sqlite3_int64 i = 0; i < tally->capacity; i++) {
        NameSlot *old = &tally->slots[i];
        if (old->name) *findName(slots, capacity, old->name, old->length) = *old;
    }
    sqlite3_free(tally->slots);
    tally->slots = slots;
    tally->capacity = capacity;
    return 1;
}

static void freeNames(NameTally *tally) {
    for (sqlite3_int64 i = 0; i < tally->capacity; i++) sqlite3_free(tally->slots[i].name);
    sqlite3_free(tally->slots);
}

static void namesStep(sqlite3_context *context, int argc, sqlite3_value **argv) {
    (void)argc;
    const char *text = (const char *)sqlite3_value_text(argv[0]);
    int size = sqlite3_value_bytes(argv[0]);
    if (!text || size == 0) return;
    NameTally *tally = sqlite3_aggregate_context(context, sizeof(NameTally));
    if (!tally) {
        sqlite3_result_error_nomem(context);
        return;
    }
    int start = 0;
    while (start <= size) {
        int end = start;
        while (end < size && text[end] != ',') end++;
        /* Each name without the spaces around it; an empty one is not a name. */
        int first = start, last = end;
        while (first < last && text[first] == ' ') first++;
        while (last > first && text[last - 1] == ' ') last--;
        if (last > first) {
            if ((tally->used + 1) * 2 > tally->capacity && !growNames(tally)) {
                sqlite3_result_error_nomem(context);
                return;
            }
            NameSlot *slot = findName(tally->slots, tally->capacity, text + first, last - first);
            if (!slot->name) {
                slot->name = sqlite3_malloc(last - first);
                if (!slot->name) {
                    sqlite3_result_error_nomem(context);
                    return;
                }
                memcpy(slot->name, text + first, (size_t)(last - first));
                slot->length = last - first;
                tally->used++;
            }
            slot->rows++;
        }
        start = end + 1;
    }
}

static int byName(const void *a, const void *b) {
    const NameSlot *x = a, *y = b;
    int common = x->length < y->length ? x->length : y->length;
    int order = memcmp(x->name, y->name, (size_t)common);
    return order ? order : (x->length > y->length) - (x->length < y->length);
}

static void namesFinal(sqlite3_context *context) {
    NameTally *tally = sqlite3_aggregate_context(context, 0);
    if (!tally || tally->used == 0) {
        if (tally) freeNames(tally);
        sqlite3_result_text(context, "[]", 2, SQLITE_STATIC);
        return;
    }
    sqlite3_int64 n = 0;
    for (sqlite3_int64 i = 0; i < tally->capacity; i++) {
        if (tally->slots[i].name) tally->slots[n++] = tally->slots[i];
    }
    tally->capacity = n;   /* the slots past n are copies now; freeNames frees the first n */
    qsort(tally->slots, (size_t)n, sizeof(NameSlot), byName);
    sqlite3_str *json = sqlite3_str_new(0);
    sqlite3_str_appendchar(json, 1, '[');
    for (sqlite3_int64 i = 0; i < n; i++) {
        const NameSlot *slot = &tally->slots[i];
        sqlite3_str_appendall(json, i ? ",[" : "[");
        trove_json_append_string(json, slot->name, slot->length);
        sqlite3_str_appendf(json, ",%lld]", (long long)slot->rows);
    }
    sqlite3_str_appendchar(json, 1, ']');
    freeNames(tally);
    trove_json_result(context, json);
}

int trove_tally_register(sqlite3 *db) {
    int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
    int rc = sqlite3_create_function(db, "trove_tally", 1, flags, 0, 0, tallyStep, tallyFinal);
    if (rc == SQLITE_OK) rc = sqlite3_create_function(db, "trove_tally", 2, flags, 0, 0, tallyStep, tallyFinal);
    if (rc == SQLITE_OK) rc = sqlite3_create_function(db, "trove_tally_names", 1, flags, 0, 0, namesStep, namesFinal);
    return rc;
}
