import Foundation
import TroveSQLite
import TroveSearch

/// Database and FTS index size per million reminders, and what each FTS5 option does to the
/// index's size and to 1- and 2-letter prefix latency, measured on rebuilt copies.
public struct IndexBenchmark {
    public var path: String
    public var count: Int
    public var dataDirectory: String
    public var prefix1: [BenchQuery]
    public var prefix2: [BenchQuery]

    /// The FTS5 options tried, each on its own copy; "" is the schema's own (rebuilt).
    public static let options = ["", "prefix='1 2'", "prefix='2 3'", "detail=column"]

    public init(path: String, count: Int, dataDirectory: String, prefix1: [BenchQuery], prefix2: [BenchQuery]) {
        self.path = path
        self.count = count
        self.dataDirectory = dataDirectory
        self.prefix1 = prefix1
        self.prefix2 = prefix2
    }

    /// Bytes of the FTS5 shadow tables (`reminders_fts_data`, `_idx`, `_docsize`, `_config`).
    static func ftsBytes(_ db: DirectConnection) throws -> Int {
        Int(try db.integer("SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'reminders\\_fts\\_%' ESCAPE '\\'") ?? 0)
    }

    private var perMillion: Double { 1_000_000 / Double(max(count, 1)) }

    public func run(into report: inout BenchReport) throws {
        let source = try DirectConnection(path: path, readOnly: true)
        let fileBytes = Int(try source.integer("SELECT page_count * page_size FROM pragma_page_count, pragma_page_size") ?? 0)
        let fts = try Self.ftsBytes(source)
        report.add("Index size", "database file per 1M reminders (\(Format.count(Double(count))) imported: \(Format.mebibytes(bytes: fileBytes)))",
            trove: Format.mebibytes(bytes: Int(Double(fileBytes) * perMillion)), baseline: "")
        report.add("Index size", "FTS index (reminders_fts_* shadow tables, dbstat) per 1M reminders",
            trove: Format.mebibytes(bytes: Int(Double(fts) * perMillion)), baseline: "whole database: \(Format.mebibytes(bytes: Int(Double(fileBytes) * perMillion)))",
            versus: Format.share(Double(fts), of: Double(fileBytes)) + " of the file")

        try substringRows(source, fts: fts, into: &report)

        var base: (bytes: Int, timings: String)?
        for option in Self.options {
            let (copy, db) = try self.copy(source, named: "index-option")
            defer { Workload.remove(copy) }
            try db.execute("""
                DROP TABLE reminders_fts;
                CREATE VIRTUAL TABLE reminders_fts USING fts5(title, notes, tags, content = 'reminders',
                    content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2'\(option.isEmpty ? "" : ", " + option));
                INSERT INTO reminders_fts (reminders_fts, rank) VALUES ('rank', 'bm25(10.0, 1.0, 5.0)');
                INSERT INTO reminders_fts (reminders_fts) VALUES ('rebuild');
                VACUUM;
                """)
            let bytes = try Self.ftsBytes(db)
            let timings = try prefixTimings(copy)
            let size = Format.mebibytes(bytes: Int(Double(bytes) * perMillion)) + " per 1M"
            if let base {
                report.add("Index option", "\(option): FTS size; 1-char p50/p99; 2-char p50/p99",
                    trove: "\(size); \(timings)", baseline: "rebuilt, no option: \(Format.mebibytes(bytes: Int(Double(base.bytes) * perMillion))); \(base.timings)",
                    versus: "size \(Format.share(Double(bytes), of: Double(base.bytes)))")
            } else {
                base = (bytes, timings)
            }
        }
    }

    /// The substring (trigram) index of schema 6: what it costs here, where only reminders with
    /// Chinese, Japanese, Thai, Hebrew, Arabic, Korean… text are in it, and what it would cost
    /// if every reminder were (a trigram index over every title and notes, built on a copy).
    private func substringRows(_ source: DirectConnection, fts: Int, into report: inout BenchReport) throws {
        let bytes = Int(try source.integer("""
            SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'reminders\\_substrings\\_%' ESCAPE '\\'
               OR name = 'reminders_with_substring_text'
            """) ?? 0)
        let rows = Int(try source.integer("SELECT count(*) FROM reminders_substrings_docsize") ?? 0)
        report.add("Index size", "substring index (trigram over the \(Format.count(Double(rows))) reminders with such text, \(Format.share(Double(rows), of: Double(count)))) per 1M reminders",
            trove: Format.mebibytes(bytes: Int(Double(bytes) * perMillion)),
            baseline: "FTS index: \(Format.mebibytes(bytes: Int(Double(fts) * perMillion)))",
            versus: Format.share(Double(bytes), of: Double(fts)))

        let (copy, db) = try self.copy(source, named: "index-trigram")
        defer { Workload.remove(copy) }
        try db.execute("""
            CREATE VIRTUAL TABLE every_trigram USING fts5(title, notes, content = 'reminders', content_rowid = 'id', tokenize = 'trigram');
            INSERT INTO every_trigram (every_trigram) VALUES ('rebuild');
            """)
        let every = Int(try db.integer("SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'every\\_trigram\\_%' ESCAPE '\\'") ?? 0)
        report.add("Index size", "the same over every reminder's title and notes, per 1M (the cost if all held such text)",
            trove: Format.mebibytes(bytes: Int(Double(every) * perMillion)),
            baseline: "FTS index: \(Format.mebibytes(bytes: Int(Double(fts) * perMillion)))",
            versus: Format.share(Double(every), of: Double(fts)))
    }

    /// A fresh copy of the database to change, open for writing; the caller removes it.
    private func copy(_ source: DirectConnection, named name: String) throws -> (String, DirectConnection) {
        let copy = "\(dataDirectory)/\(name).db"
        Workload.remove(copy)
        try source.execute("VACUUM INTO '\(copy)'")
        return (copy, try DirectConnection(path: copy, readOnly: false))
    }

    /// `a / b; c / d`: fts p50/p99 for the 1- and 2-letter prefixes on the file at `copy`.
    private func prefixTimings(_ copy: String) throws -> String {
        let db = try SQLConnection(path: copy, options: .init(readOnly: true))
        let clock = ContinuousClock()
        return [prefix1, prefix2].map { queries -> String in
            do {
                if let first = queries.first { _ = try FTSEngine().search(QueryBenchmark.request(first), on: db) }
                let times = try queries.map { query in
                    try clock.measure { _ = try FTSEngine().search(QueryBenchmark.request(query), on: db) }
                }
                return Format.pair(LatencyStats(times))
            } catch let error as SearchError {
                return "error: \(error)"
            } catch {
                return "error: \(String(describing: error).prefix(80))"
            }
        }.joined(separator: "; ")
    }
}
