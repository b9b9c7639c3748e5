import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// `trove_best(id, rank, k, tie_limit)`, the C aggregate a bounded page's candidates come from,
/// read back as ``SearchExecutor/bestRows(_:)`` reads it, against a sort of every row.
@Suite("trove_best")
struct BestFunctionTests {
    /// What `trove_best` must keep: the `k` smallest ranks and every row tied with the `k`-th,
    /// by rank then id.
    static func expected(_ rows: [(id: Int64, rank: Double)], k: Int) -> [(id: Int64, rank: Double)] {
        let sorted = rows.sorted { ($0.rank, $0.id) < ($1.rank, $1.id) }
        guard sorted.count > k else { return sorted }
        let last = sorted[k - 1].rank
        return sorted.filter { $0.rank <= last }
    }

    static func best(_ db: SQLConnection, k: Int, tieLimit: Int = 1_000_000) throws -> [(id: Int64, rank: Double)]? {
        try SearchExecutor.bestRows(db.fetchAll("SELECT trove_best(id, rank, \(k), \(tieLimit)) AS \"best\" FROM t"))
    }

    static func table(_ rows: [(id: Int64?, rank: Double?)]) throws -> SQLConnection {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE t(id INTEGER, rank REAL)")
        try db.transaction {
            for row in rows { try db.execute("INSERT INTO t VALUES (\(row.id), \(row.rank))") }
        }
        return db
    }

    @Test func keepsTheBestAndTheirTiesAsASortDoes() throws {
        // Ranks from 40 values, so that many rows tie, in random order, so that the k-th rank
        // falls while rows come and ties kept early must be dropped later.
        var generator = SystemRandomNumberGenerator()
        let rows: [(id: Int64, rank: Double)] = (0..<5_000).map { i in
            (Int64(i * 7 % 5_003), -Double(Int.random(in: 0..<40, using: &generator)) / 4)
        }
        let db = try Self.table(rows.map { ($0.id, $0.rank) })
        for k in [1, 2, 17, 100, 2_000, 4_999, 5_000, 6_000] {
            let kept = try #require(try Self.best(db, k: k))
            let want = Self.expected(rows, k: k)
            #expect(kept.map(\.id) == want.map(\.id) && kept.map(\.rank) == want.map(\.rank), "k \(k)")
            #expect(kept.count >= min(k, rows.count))
        }
    }

    @Test func ranksComeBackToTheBit() throws {
        let ranks = [0.1 + 0.2, -2.53225066435954, .leastNonzeroMagnitude, -.greatestFiniteMagnitude, 1 / 3.0]
        let db = try Self.table(ranks.enumerated().map { (Int64($0.offset), $0.element) })
        let kept = try #require(try Self.best(db, k: 10))
        #expect(kept.map(\.rank.bitPattern) == ranks.sorted().map(\.bitPattern))
        #expect(Set(kept.map(\.id)) == Set(0..<5))
    }

    @Test func tooManyTiesGiveNullAndTiesThatFallBehindAreForgotten() throws {
        // Ten rows of one rank, k 2: eight tie beyond the two.
        let db = try Self.table((0..<10).map { (Int64($0), -1.0) })
        #expect(try Self.best(db, k: 2, tieLimit: 7) == nil)
        #expect(try Self.best(db, k: 2, tieLimit: 8)?.count == 10)
        // The ties overflow the limit, then a better row arrives: the k-th rank falls, the old
        // ties no longer tie and the answer is whole again.
        let falling = try Self.table([(1, -5.0), (2, -5.0), (3, -5.0), (4, -5.0), (5, -9.0)])
        let kept = try #require(try Self.best(falling, k: 1, tieLimit: 1))
        #expect(kept.map(\.id) == [5])
        let again = try Self.table([(1, -5.0), (2, -5.0), (3, -5.0), (4, -9.0), (5, -5.0)])
        #expect(try Self.best(again, k: 2, tieLimit: 2) == nil, "-9, then -5 with three ties")
        #expect(try Self.best(again, k: 2, tieLimit: 3)?.map(\.id) == [4, 1, 2, 3, 5])
    }

    @Test func nullsAreNotCountedAndNoRowsGiveNothing() throws {
        let db = try Self.table([(nil, -3.0), (1, nil), (2, -1.0), (3, -2.0)])
        #expect(try Self.best(db, k: 5)?.map(\.id) == [3, 2])
        let empty = try Self.table([])
        #expect(try Self.best(empty, k: 5)?.isEmpty == true)
        let nulls = try Self.table([(nil, nil)])
        #expect(try Self.best(nulls, k: 5)?.isEmpty == true)
    }

    /// `trove_rank_bounded` under `trove_best` skips the exact-word test (which reads the title)
    /// and the tag test (which reads the tags) of a row that cannot be kept, and gives it its
    /// score without those boosts; and a row that could not be kept even with its fields as
    /// short as its matches allow is not looked up for its fields' sizes at all, and gets that
    /// largest score. What `trove_best` keeps is the same as under `trove_rank`, and only the
    /// rows it drops score differently: lower without a boost, higher with the largest score.
    /// Completed rows (all, or every other one) are bounded as open rows are: completion only
    /// lowers a score, so a row that could not be kept open cannot be kept completed.
    @Test(arguments: ["exact word", "tag", "sizes"], ["0", "1", "(\"reminders_fts\".\"rowid\" % 2)"])
    func theBoundedRankKeepsTheSameRowsAndSkipsTheOthersBoost(boost: String, completed: String) async throws {
        let store = try await ReminderStore.inMemory()
        let filler = ["soon", "please", "then", "check"]
        var records = (0..<300).map { i in
            // Titles of 1 to 20 words. For the exact word, "Bill" whole (the boost) or "Bills";
            // for the tag, two tags of which "bill" is one whole (the boost) or a longer one's
            // first word, and no exact words; for the sizes, "Bill" in the title of one row in
            // ten and only in long notes in the others (which cannot reach the titles' scores).
            let words = (0..<(i % 20)).map { filler[$0 % 4] }
            if boost == "sizes", i % 10 != 0 {
                return ReminderRecord(title: "Pay " + filler[i % 4], notes: (words + ["bill"] + words + words).joined(separator: " "))
            }
            let first = boost == "exact word" && i % 3 == 0 ? "Bills" : "Bill"
            let tags = boost == "tag" ? [i % 3 == 0 ? "bill" : "bill payment", "home"] : []
            return ReminderRecord(title: ([first] + words).joined(separator: " "), tags: tags)
        }
        records.append(ReminderRecord(title: "Pay the gas"))
        var reader = RecordArrayReader(records)
        _ = try await store.importRecords(&reader, source: "bills")
        let exactWords = boost == "exact word" ? ["bill"] : []
        @Sendable func statement(underBest: Bool, k: Int) -> SQLFragment {
            let rank = TroveRanking.standard.expression(
                exactWords: exactWords, isCompleted: SQLFragment(raw: completed), walksSizes: true, underBest: underBest)
            return "SELECT trove_best(\"id\", \"rank\", \(k), 1000) AS \"best\", sum(\"rank\") FROM (SELECT \"reminders_fts\".\"rowid\" AS \"id\", "
                + rank + " AS \"rank\" FROM \"reminders_fts\" WHERE \"reminders_fts\" MATCH '\"bill\"*' LIMIT -1)"
        }
        for k in [1, 5, 50, 400] {
            let (bounded, exact) = try await store.database.read { db in
                (try db.fetchAll(statement(underBest: true, k: k))[0], try db.fetchAll(statement(underBest: false, k: k))[0])
            }
            let kept = try #require(try SearchExecutor.bestRows([bounded])), expected = try #require(try SearchExecutor.bestRows([exact]))
            #expect(kept.map(\.id) == expected.map(\.id) && kept.map(\.rank.bitPattern) == expected.map(\.rank.bitPattern), "k \(k)")
            let sums: (Double, Double) = (try bounded[1], try exact[1])
            if boost == "sizes", k < 30 {
                // NB: with k under the 30 rows whose title holds "bill", the kept rows are those.
                #expect(sums.0 < sums.1, "k \(k): some dropped rows were scored with their largest score, unread")
            } else if boost == "sizes", k < 300 {
                // NB: here notes-only rows are kept, and the others like them can reach them.
            } else if k < 300, completed != "0" {
                // NB: a dropped completed row may be scored without its boost (lower) or with
                // its largest score as completed (higher): the sums differ, either way. With
                // every row completed, they differ only if completed rows are bounded at all.
                #expect(sums.0 != sums.1, "k \(k): some dropped rows were scored without reading all of them")
            } else if k < 300 {
                #expect(sums.0 > sums.1, "k \(k): some dropped rows were scored without their boost")
            } else {
                #expect(sums.0 == sums.1, "k \(k): every row is kept, none skipped")
            }
        }
        // Without trove_best in the statement there is no bound: the same scores as trove_rank.
        let plain = try await store.database.read { db in
            try db.fetchAll(
                "SELECT sum(\"a\") - sum(\"b\") FROM (SELECT "
                    + TroveRanking.standard.expression(exactWords: exactWords, isCompleted: "0", underBest: true) + " AS \"a\", "
                    + TroveRanking.standard.expression(exactWords: exactWords, isCompleted: "0")
                    + " AS \"b\" FROM \"reminders_fts\" WHERE \"reminders_fts\" MATCH '\"bill\"*' LIMIT -1)"
            )[0]
        }
        #expect(try plain[0] as Double == 0)
    }

    @Test func aBadKIsAnError() throws {
        let db = try Self.table([(1, -1.0)])
        #expect(throws: SQLiteError.self) { try Self.best(db, k: 0) }
        #expect(throws: SQLiteError.self) { try Self.best(db, k: 5, tieLimit: -1) }
    }
}
