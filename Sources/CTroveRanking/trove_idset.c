/*
** trove_ids and trove_has: a sorted set of row ids as a BLOB, and membership in it; see
** trove_idset.h.
*/
#include "trove_idset.h"

#include <stdlib.h>
#include <string.h>

/* trove_ids: the aggregate context, zeroed by SQLite on the first row. */
typedef struct {
    sqlite3_int64 *ids;
    sqlite3_int64 count;
    sqlite3_int64 capacity;
    int sorted;          /* every id so far was larger than the one before */
    int failed;
} Collected;

static void idsStep(sqlite3_context *context, int argc, sqlite3_value **argv) {
    (void)argc;
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
    Collected *collected = sqlite3_aggregate_context(context, sizeof(Collected));
    if (!collected) {
        sqlite3_result_error_nomem(context);
        return;
    }
    if (collected->failed) return;
    if (collected->count == collected->capacity) {
        sqlite3_int64 capacity = collected->capacity ? collected->capacity * 2 : 1024;
        sqlite3_int64 *ids = sqlite3_realloc64(collected->ids, (sqlite3_uint64)capacity * sizeof(sqlite3_int64));
        if (!ids) {
            collected->failed = 1;
            sqlite3_result_error_nomem(context);
            return;
        }
        collected->ids = ids;
        collected->capacity = capacity;
    }
    sqlite3_int64 id = sqlite3_value_int64(argv[0]);
    if (collected->count == 0) collected->sorted = 1;
    else if (id <= collected->ids[collected->count - 1]) collected->sorted = 0;
    collected->ids[collected->count++] = id;
}

static int ascending(const void *a, const void *b) {
    sqlite3_int64 x = *(const sqlite3_int64 *)a, y = *(const sqlite3_int64 *)b;
    return (x > y) - (x < y);
}

/*
** A set is dense when its ids' range is at most 64 times their count: a bitmap of the range, one
** bit an id, is then no larger than the ids. Both functions below use one when they can.
*/
static int isDense(sqlite3_uint64 span, sqlite3_int64 count) { return span / 64 <= (sqlite3_uint64)count; }

/* The bitmap of `n` ids in lowest...lowest + span, bit (id - lowest); NULL when out of memory. */
static sqlite3_uint64 *bitmapOf(const sqlite3_int64 *ids, sqlite3_int64 n, sqlite3_int64 lowest, sqlite3_uint64 span) {
    sqlite3_uint64 words = span / 64 + 1;
    sqlite3_uint64 *bits = sqlite3_malloc64(words * sizeof(sqlite3_uint64));
    if (!bits) return 0;
    memset(bits, 0, (size_t)(words * sizeof(sqlite3_uint64)));
    for (sqlite3_int64 i = 0; i < n; i++) {
        sqlite3_uint64 offset = (sqlite3_uint64)ids[i] - (sqlite3_uint64)lowest;
        bits[offset >> 6] |= 1ull << (offset & 63);
    }
    return bits;
}

/*
** Sorts `*count` ids and drops repeats through a bitmap, when they are dense: a filter's ids
** come in an index's order, and qsort of list:Work's 120,000 took ~10 ms. 0 (ids untouched)
** when sparse or out of memory.
*/
static int sortDense(sqlite3_int64 *ids, sqlite3_int64 *count) {
    sqlite3_int64 n = *count, lowest = ids[0], highest = ids[0];
    for (sqlite3_int64 i = 1; i < n; i++) {
        if (ids[i] < lowest) lowest = ids[i];
        if (ids[i] > highest) highest = ids[i];
    }
    sqlite3_uint64 span = (sqlite3_uint64)highest - (sqlite3_uint64)lowest;
    if (!isDense(span, n)) return 0;
    sqlite3_uint64 *bits = bitmapOf(ids, n, lowest, span);
    if (!bits) return 0;
    sqlite3_int64 kept = 0;
    for (sqlite3_uint64 word = 0; word <= span / 64; word++) {
        sqlite3_uint64 value = bits[word];
        while (value) {
            int bit = __builtin_ctzll(value);
            ids[kept++] = (sqlite3_int64)((sqlite3_uint64)lowest + word * 64 + (sqlite3_uint64)bit);
            value &= value - 1;
        }
    }
    sqlite3_free(bits);
    *count = kept;
    return 1;
}

static void idsFinal(sqlite3_context *context) {
    Collected *collected = sqlite3_aggregate_context(context, 0);
    /* NB: SQLite calls this once for every aggregate context it made, also when the statement
    ** stops early (an interrupt, an error), so the array is freed here and only here. */
    if (!collected || collected->count == 0 || collected->failed) {
        if (collected) sqlite3_free(collected->ids);
        if (!collected || !collected->failed) sqlite3_result_zeroblob(context, 0);
        return;
    }
    sqlite3_int64 n = collected->count;
    if (!collected->sorted && !sortDense(collected->ids, &n)) {
        qsort(collected->ids, (size_t)n, sizeof(sqlite3_int64), ascending);
        sqlite3_int64 kept = 1;
        for (sqlite3_int64 i = 1; i < n; i++) {
            if (collected->ids[i] != collected->ids[kept - 1]) collected->ids[kept++] = collected->ids[i];
        }
        n = kept;
    }
    sqlite3_result_blob64(context, collected->ids, (sqlite3_uint64)n * sizeof(sqlite3_int64), sqlite3_free);
}

/* trove_has: the set, copied once per statement (kept as the first argument's auxiliary data):
** as a bitmap when its ids are dense, else as the sorted ids. */
typedef struct {
    sqlite3_int64 *ids;  /* the sorted ids, when there is no bitmap */
    sqlite3_int64 count;
    sqlite3_int64 next;  /* where the last search ended: ids before it are smaller than that id */
    sqlite3_uint64 *bits; /* bit (id - lowest) of the bitmap, when there is one */
    sqlite3_int64 lowest;
    sqlite3_uint64 span; /* highest - lowest */
} Set;

static void freeSet(void *pointer) {
    Set *set = pointer;
    if (!set) return;
    sqlite3_free(set->ids);
    sqlite3_free(set->bits);
    sqlite3_free(set);
}

/* Replaces dense ids by their bitmap; 0 when out of memory. */
static int makeBitmap(Set *set) {
    if (set->count == 0) return 1;
    sqlite3_int64 lowest = set->ids[0], highest = set->ids[set->count - 1];
    sqlite3_uint64 span = (sqlite3_uint64)highest - (sqlite3_uint64)lowest;
    if (!isDense(span, set->count)) return 1;
    set->bits = bitmapOf(set->ids, set->count, lowest, span);
    if (!set->bits) return 0;
    sqlite3_free(set->ids);
    set->ids = 0;
    set->lowest = lowest;
    set->span = span;
    return 1;
}

static void hasFunction(sqlite3_context *context, int argc, sqlite3_value **argv) {
    (void)argc;
    Set *set = sqlite3_get_auxdata(context, 0);
    if (!set) {
        int bytes = sqlite3_value_bytes(argv[0]);
        const void *blob = sqlite3_value_blob(argv[0]);
        if (sqlite3_value_type(argv[0]) != SQLITE_BLOB || bytes % (int)sizeof(sqlite3_int64) != 0) {
            sqlite3_result_error(context, "trove_has: the first argument must be a BLOB trove_ids made", -1);
            return;
        }
        set = sqlite3_malloc(sizeof(Set));
        if (!set) {
            sqlite3_result_error_nomem(context);
            return;
        }
        memset(set, 0, sizeof(Set));
        set->count = bytes / (int)sizeof(sqlite3_int64);
        set->ids = set->count ? sqlite3_malloc64((sqlite3_uint64)bytes) : 0;
        if (set->count && !set->ids) {
            sqlite3_free(set);
            sqlite3_result_error_nomem(context);
            return;
        }
        if (set->count) memcpy(set->ids, blob, (size_t)bytes);
        if (!makeBitmap(set)) {
            freeSet(set);
            sqlite3_result_error_nomem(context);
            return;
        }
        sqlite3_set_auxdata(context, 0, set, freeSet);
        /* NB: SQLite may free it at once (an argument that is not a constant); ask again. */
        set = sqlite3_get_auxdata(context, 0);
        if (!set) {
            sqlite3_result_error(context, "trove_has: bind the set as a parameter", -1);
            return;
        }
    }
    if (sqlite3_value_type(argv[1]) == SQLITE_NULL) {
        sqlite3_result_int(context, 0);
        return;
    }
    sqlite3_int64 id = sqlite3_value_int64(argv[1]), n = set->count, *ids = set->ids;
    if (set->bits) {
        sqlite3_uint64 offset = (sqlite3_uint64)id - (sqlite3_uint64)set->lowest;
        sqlite3_result_int(context, id >= set->lowest && offset <= set->span && (set->bits[offset >> 6] >> (offset & 63)) & 1);
        return;
    }
    /* Every id before `low` is smaller than `id`: from where the last search ended when that
    ** holds (ids asked in ascending order), else from the start. */
    sqlite3_int64 low = set->next > 0 && set->next <= n && ids[set->next - 1] < id ? set->next : 0;
    sqlite3_int64 step = 1, high = low;
    while (high < n && ids[high] < id) {
        low = high + 1;
        high = low + step;
        step <<= 1;
    }
    if (high > n) high = n;
    while (low < high) {
        sqlite3_int64 middle = low + (high - low) / 2;
        if (ids[middle] < id) low = middle + 1;
        else high = middle;
    }
    set->next = low;
    sqlite3_result_int(context, low < n && ids[low] == id);
}

int trove_idset_register(sqlite3 *db) {
    int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
    int rc = sqlite3_create_function(db, "trove_ids", 1, flags, 0, 0, idsStep, idsFinal);
    if (rc == SQLITE_OK) rc = sqlite3_create_function(db, "trove_has", 2, flags, 0, hasFunction, 0, 0);
    return rc;
}
