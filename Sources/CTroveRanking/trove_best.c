/*
** trove_best: the k smallest ranks with their ties, in one pass; see trove_best.h.
*/
#include "trove_best.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    sqlite3_int64 id;
    double rank;
} Entry;

/* The bound trove_rank_bounded reads (see trove_best.h): per thread, as a statement runs on one. */
static _Thread_local double currentBound = INFINITY;

double trove_best_bound(void) { return currentBound; }

void trove_best_reset_bound(void) { currentBound = INFINITY; }

/* The aggregate context: zeroed by SQLite on the first row. */
typedef struct {
    Entry *heap;              /* the best rows so far, a max-heap by rank: heap[0] is the k-th */
    sqlite3_int64 count;      /* entries in heap, at most k */
    sqlite3_int64 k;
    Entry *ties;              /* rows past the k whose rank equals heap[0]'s */
    sqlite3_int64 tieCount;
    sqlite3_int64 tieCapacity;
    sqlite3_int64 tieLimit;
    int overflowed;           /* more than tieLimit ties with the current k-th rank */
    int failed;               /* out of memory or bad arguments: the error was reported */
} Best;

static void siftUp(Entry *heap, sqlite3_int64 i) {
    Entry entry = heap[i];
    while (i > 0) {
        sqlite3_int64 parent = (i - 1) / 2;
        if (heap[parent].rank >= entry.rank) break;
        heap[i] = heap[parent];
        i = parent;
    }
    heap[i] = entry;
}

static void siftDown(Entry *heap, sqlite3_int64 count, sqlite3_int64 i) {
    Entry entry = heap[i];
    for (;;) {
        sqlite3_int64 child = 2 * i + 1;
        if (child >= count) break;
        if (child + 1 < count && heap[child + 1].rank > heap[child].rank) child++;
        if (heap[child].rank <= entry.rank) break;
        heap[i] = heap[child];
        i = child;
    }
    heap[i] = entry;
}

/* Adds a tie with the k-th rank; 0 when out of memory. Past the limit it only notes that. */
static int addTie(Best *best, Entry entry) {
    if (best->overflowed) return 1;
    if (best->tieCount == best->tieLimit) {
        best->overflowed = 1;
        return 1;
    }
    if (best->tieCount == best->tieCapacity) {
        sqlite3_int64 capacity = best->tieCapacity ? best->tieCapacity * 2 : 64;
        if (capacity > best->tieLimit) capacity = best->tieLimit;
        Entry *ties = sqlite3_realloc64(best->ties, (sqlite3_uint64)capacity * sizeof(Entry));
        if (!ties) return 0;
        best->ties = ties;
        best->tieCapacity = capacity;
    }
    best->ties[best->tieCount++] = entry;
    return 1;
}

static void bestStep(sqlite3_context *context, int argc, sqlite3_value **argv) {
    (void)argc;
    Best *best = sqlite3_aggregate_context(context, sizeof(Best));
    if (!best) {
        sqlite3_result_error_nomem(context);
        return;
    }
    if (best->failed) return;
    if (!best->heap) {
        sqlite3_int64 k = sqlite3_value_int64(argv[2]), tieLimit = sqlite3_value_int64(argv[3]);
        if (k < 1 || k > 10000000 || tieLimit < 0 || tieLimit > 100000000) {
            best->failed = 1;
            sqlite3_result_error(context, "trove_best: k must be 1 to 10,000,000 and tie_limit 0 to 100,000,000", -1);
            return;
        }
        best->heap = sqlite3_malloc64((sqlite3_uint64)k * sizeof(Entry));
        if (!best->heap) {
            best->failed = 1;
            sqlite3_result_error_nomem(context);
            return;
        }
        best->k = k;
        best->tieLimit = tieLimit;
        currentBound = INFINITY;
    }
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL) return;
    Entry entry = {sqlite3_value_int64(argv[0]), sqlite3_value_double(argv[1])};
    if (isnan(entry.rank)) return;
    if (best->count < best->k) {
        best->heap[best->count] = entry;
        siftUp(best->heap, best->count++);
        if (best->count == best->k) currentBound = best->heap[0].rank;
        return;
    }
    double kth = best->heap[0].rank;
    if (entry.rank > kth) return;
    if (entry.rank == kth) {
        if (!addTie(best, entry)) {
            best->failed = 1;
            sqlite3_result_error_nomem(context);
        }
        return;
    }
    /* A better row: the k-th leaves the heap. It stays a tie when the new k-th has its rank;
    ** otherwise every tie is now worse than the k-th, and they all go. */
    Entry out = best->heap[0];
    best->heap[0] = entry;
    siftDown(best->heap, best->count, 0);
    currentBound = best->heap[0].rank;
    if (best->heap[0].rank == out.rank) {
        if (!addTie(best, out)) {
            best->failed = 1;
            sqlite3_result_error_nomem(context);
        }
    } else {
        best->tieCount = 0;
        best->overflowed = 0;
    }
}

static int byRankThenID(const void *a, const void *b) {
    const Entry *x = a, *y = b;
    if (x->rank != y->rank) return x->rank < y->rank ? -1 : 1;
    return (x->id > y->id) - (x->id < y->id);
}

static void bestFinal(sqlite3_context *context) {
    Best *best = sqlite3_aggregate_context(context, 0);
    currentBound = INFINITY;
    /* NB: SQLite calls this once for every aggregate context it made, also when the statement
    ** stops early (an interrupt, an error), so the memory is freed here and only here. */
    if (!best || best->count == 0) {
        if (best) {
            sqlite3_free(best->heap);
            sqlite3_free(best->ties);
        }
        if (!best || !best->failed) sqlite3_result_zeroblob(context, 0);
        return;
    }
    if (best->failed || best->overflowed) {
        if (!best->failed) sqlite3_result_null(context);
        sqlite3_free(best->heap);
        sqlite3_free(best->ties);
        return;
    }
    sqlite3_int64 n = best->count + best->tieCount;
    Entry *all = sqlite3_malloc64((sqlite3_uint64)n * sizeof(Entry));
    if (!all) {
        sqlite3_free(best->heap);
        sqlite3_free(best->ties);
        sqlite3_result_error_nomem(context);
        return;
    }
    memcpy(all, best->heap, (size_t)best->count * sizeof(Entry));
    if (best->tieCount) memcpy(all + best->count, best->ties, (size_t)best->tieCount * sizeof(Entry));
    sqlite3_free(best->heap);
    sqlite3_free(best->ties);
    qsort(all, (size_t)n, sizeof(Entry), byRankThenID);
    sqlite3_result_blob64(context, all, (sqlite3_uint64)n * sizeof(Entry), sqlite3_free);
}

int trove_best_register(sqlite3 *db) {
    int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
    return sqlite3_create_function(db, "trove_best", 4, flags, 0, 0, bestStep, bestFinal);
}
