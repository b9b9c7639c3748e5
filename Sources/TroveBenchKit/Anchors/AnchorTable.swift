import Foundation

/// The anchor section of the report: per class, Trove's first and settled answers, FTS5's own
/// ranked query and the anchor engine's top 20, p50 / p99, with how often the anchor's match
/// counts equal FTS5's. Every figure but the anchor's comes from the same ``QueryBenchmark`` run.
///
/// ```swift
/// try AnchorTable(figures: figures, anchor: results, rows: 100_000, databaseBytes: 73_400_320).render()
/// // ## Anchor: tantivy 0.27.0 beside Trove and FTS5
/// // | Class | Trove first | Trove settled | Trove settled, 2 readers | FTS5 `ORDER BY rank LIMIT 20` | tantivy 0.27.0 top 20 | Hit counts, tantivy vs FTS5 |
/// // | 1-char prefix | 2.10 ms / 5.40 ms | 412 ms / 690 ms | 230 ms / 410 ms | 38.2 ms / 120 ms | 4.10 ms / 9.80 ms | 100/100 equal; median |Δ| 0, max 0 |
/// ```
public struct AnchorTable {
    public var figures: [QueryClass: QueryFigures]
    public var anchor: AnchorResults
    /// The run's reminders, which the anchor must have indexed too.
    public var rows: Int
    /// Trove's database file, beside the anchor's index.
    public var databaseBytes: Int

    public init(figures: [QueryClass: QueryFigures], anchor: AnchorResults, rows: Int, databaseBytes: Int) {
        self.figures = figures
        self.anchor = anchor
        self.rows = rows
        self.databaseBytes = databaseBytes
    }

    /// The section's markdown: a heading, the index line, the table and what the columns are.
    ///
    /// - Throws: ``BenchError`` when the anchor ran other rows or queries than this run.
    public func render() throws -> String {
        let engine = anchor.index.engine
        guard anchor.index.rows == rows else {
            throw BenchError("the anchor indexed \(anchor.index.rows) rows but this run has \(rows); run scripts/bench --anchors with one --count for both")
        }
        var table = MarkdownTable(header: [
            "Class", "Trove first p50 / p99", "Trove settled p50 / p99", "Trove settled, 2 readers p50 / p99",
            "Trove settled, 2 readers + facts in memory p50 / p99", "FTS5 `ORDER BY rank LIMIT 20` p50 / p99",
            "\(engine) top 20 p50 / p99", "Hit counts, \(engine) vs FTS5",
        ])
        for queryClass in QueryClass.allCases {
            guard let trove = figures[queryClass] else { continue }
            guard let other = anchor.classes[queryClass.label] else {
                throw BenchError("the anchor printed no \(queryClass.label.debugDescription) class; rerun scripts/bench --anchors")
            }
            guard other.texts == trove.queries.map(\.text) else {
                throw BenchError("the anchor ran other \(queryClass.label) queries than this run; run scripts/bench --anchors with one --count, --seed and --queries-per-class")
            }
            let agreement = try HitAgreement(reference: trove.plainHits, other: other.hits)
            table.append([
                queryClass.label, Format.pair(trove.first), Format.pair(trove.settled), trove.settledWithHelper.map(Format.pair) ?? "—",
                trove.settledWithFacts.map(Format.pair) ?? "—", Format.pair(trove.plainRanked),
                Format.pair(other.latency), agreement.description,
            ])
        }
        let seconds = anchor.index.indexSeconds
        let rate = seconds > 0 ? Format.count(Double(anchor.index.rows) / seconds) + " rows/s" : "n/a"
        return """
            ## Anchor: \(engine) beside Trove and FTS5 (same rows, same queries)

            - \(engine) indexed \(Format.count(Double(anchor.index.rows))) rows in \(String(format: "%.1f", seconds)) s \
            (\(rate)); index on disk \(Format.mebibytes(bytes: anchor.index.indexBytes)), \
            Trove's database \(Format.mebibytes(bytes: databaseBytes)).
            - Trove first = the SearchProvider's first ResultSet; Trove settled = `FTSEngine.search` (the final page with \
            its total, counts and facets) on one connection; 2 readers = the same answer from `search(_:in:)` on a \
            database whose second reader counts while the first reads the page (as `trove search` and an app get it); \
            + facts in memory = the same with every reminder's list, completion and tags kept in memory \
            (`ReminderFactsCache`, as a SearchProvider and so the interactive search have them); FTS5 = the plain ranked query on the same database (`PlainRankedQuery`; filters \
            only: `ORDER BY id DESC LIMIT 20`); \(engine) = a top-20 BM25 search with its count of all matches. How each \
            class maps: Benchmarks/anchors/README.md.
            - Hit counts compare every query's number of matches (not the top 20) with FTS5's count for the same query.

            """ + "\n" + table.render()
    }
}
