import Foundation
import Testing
import TroveBenchKit

@Suite struct AnchorTableTests {
    /// What tantivy_anchor.py prints for two classes of two queries, as a fixed string.
    static let output = """
        {"kind": "index", "engine": "tantivy 0.27.0", "rows": 2000, "index_seconds": 0.5, "index_bytes": 3145728}
        {"kind": "class", "class": "1-char prefix", "queries": 2, "p50_ms": 1.0, "p99_ms": 3.0, "mean_ms": 2.0, "texts": ["m", "d"], "ms": [3.0, 1.0], "hits": [120, 80]}
        {"kind": "class", "class": "rare term", "queries": 2, "p50_ms": 0.1, "p99_ms": 0.2, "mean_ms": 0.15, "texts": ["quince", "zürich"], "ms": [0.1, 0.2], "hits": [1, 3]}

        """

    static let figures: [QueryClass: QueryFigures] = [
        .prefix1: QueryFigures(
            queries: [BenchQuery("m", typing: true), BenchQuery("d", typing: true)],
            first: LatencyStats(milliseconds: [2, 4]), settled: LatencyStats(milliseconds: [150, 400]),
            settledWithHelper: LatencyStats(milliseconds: [90, 250]), settledWithFacts: LatencyStats(milliseconds: [60, 200]),
            plainRanked: LatencyStats(milliseconds: [20, 30]), plainHits: [120, 80]),
        .rare: QueryFigures(
            queries: [BenchQuery("quince"), BenchQuery("zürich")],
            first: LatencyStats(milliseconds: [1, 1.5]), settled: LatencyStats(milliseconds: [3, 5]),
            plainRanked: LatencyStats(milliseconds: [0.2, 0.3]), plainHits: [1, 2]),
    ]

    @Test func parsesTheIndexLineAndEachClass() throws {
        let results = try AnchorResults(jsonLines: Self.output)
        #expect(results.index == .init(engine: "tantivy 0.27.0", rows: 2000, indexSeconds: 0.5, indexBytes: 3_145_728))
        #expect(results.classes.keys.sorted() == ["1-char prefix", "rare term"])
        #expect(results.classes["rare term"]?.hits == [1, 3])
        #expect(results.classes["1-char prefix"]?.latency.p50 == 1)   // from the timings, nearest rank
    }

    @Test func mergesTheAnchorBesideTroveAndFTS5PerClass() throws {
        let table = try AnchorTable(
            figures: Self.figures, anchor: AnchorResults(jsonLines: Self.output), rows: 2000, databaseBytes: 10_485_760
        ).render()
        #expect(table.hasPrefix("## Anchor: tantivy 0.27.0 beside Trove and FTS5 (same rows, same queries)\n"))
        #expect(table.contains("- tantivy 0.27.0 indexed 2,000 rows in 0.5 s (4,000 rows/s); index on disk 3.0 MiB, Trove's database 10.0 MiB.\n"))
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("| ") }
            .map { $0.dropFirst(2).dropLast(2).components(separatedBy: " | ").map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(rows == [
            ["Class", "Trove first p50 / p99", "Trove settled p50 / p99", "Trove settled, 2 readers p50 / p99",
             "Trove settled, 2 readers + facts in memory p50 / p99", "FTS5 `ORDER BY rank LIMIT 20` p50 / p99", "tantivy 0.27.0 top 20 p50 / p99", "Hit counts, tantivy 0.27.0 vs FTS5"],
            ["1-char prefix", "2.00 ms / 4.00 ms", "150 ms / 400 ms", "90.0 ms / 250 ms", "60.0 ms / 200 ms", "20.0 ms / 30.0 ms", "1.00 ms / 3.00 ms",
             "2/2 equal; median \\|Δ\\| 0, max 0"],
            ["rare term", "1.00 ms / 1.50 ms", "3.00 ms / 5.00 ms", "—", "—", "0.20 ms / 0.30 ms", "0.10 ms / 0.20 ms",
             "1/2 equal; median \\|Δ\\| 0, max 1"],
        ])
    }

    @Test func anAnchorOfOtherRowsOrQueriesIsRefused() throws {
        let anchor = try AnchorResults(jsonLines: Self.output)
        #expect {
            try AnchorTable(figures: Self.figures, anchor: anchor, rows: 100_000, databaseBytes: 0).render()
        } throws: { "\($0)".contains("indexed 2000 rows but this run has 100000") }

        var otherQueries = Self.figures
        otherQueries[.rare]?.queries = [BenchQuery("quince"), BenchQuery("walnut")]
        #expect {
            try AnchorTable(figures: otherQueries, anchor: anchor, rows: 2000, databaseBytes: 0).render()
        } throws: { "\($0)".contains("ran other rare term queries") }

        var extraClass = Self.figures
        extraClass[.phrase] = Self.figures[.rare]
        #expect {
            try AnchorTable(figures: extraClass, anchor: anchor, rows: 2000, databaseBytes: 0).render()
        } throws: { "\($0)".contains(#"printed no "phrase" class"#) }
    }

    /// Bad output from the anchor: each error names the line and says to rerun.
    @Test(arguments: [
        ("{\"kind\": \"index\", \"engine\": \"t\", \"rows\": 1, \"index_seconds\": 1, \"index_bytes\": 1}\nTraceback (most recent call last):",
         "line 2 is not what the anchor prints (not JSON)"),
        ("{\"kind\": \"index\", \"engine\": \"t\", \"rows\": 1, \"index_seconds\": 1}", #"line 1 is not what the anchor prints (no "index_bytes")"#),
        ("{\"kind\": \"index\", \"engine\": \"t\", \"rows\": \"many\", \"index_seconds\": 1, \"index_bytes\": 1}", "line 1 is not what the anchor prints (wrong type at rows)"),
        ("{\"kind\": \"class\", \"class\": \"phrase\", \"texts\": [\"a\"], \"ms\": [], \"hits\": [1]}", "1 texts, 0 timings and 1 hit counts"),
        ("{\"kind\": \"progress\"}", #"unknown kind "progress""#),
        ("", #"no {"kind":"index",…} line"#),
    ])
    func badOutputIsAClearError(output: String, expected: String) {
        #expect {
            try AnchorResults(jsonLines: output)
        } throws: { error in
            "\(error)".contains(expected) && "\(error)".contains("scripts/bench --anchors")
        }
    }
}
