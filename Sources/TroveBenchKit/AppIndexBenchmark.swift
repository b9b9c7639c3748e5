import Foundation
import TroveQuery
import TroveSQLite
public import TroveSearch

/// An app's own table searched through a ``SearchIndex``, timed beside FTS5's plain ranked
/// query on the same index in the same run.
///
/// The app's table is the benchmark's reminders copied into `notes(id, title, body, folder, due)`
/// (folder = the reminder's list, due its due date) and their tags into `note_tags(note_id, tag)`,
/// indexed by
/// `SearchIndex(table: "notes", key: "id", fields: [title 10, body 1], filters: ["list": .text(folder),
/// "tag": .lookup(note_tags), "due": .date(due)], facets: [folder, tag])`,
/// so the query classes' texts and their `list:` and `tag:` filters mean what they mean for the
/// reminders (`is:` and `p:` are not declared: problems, left out). Per query:
/// - `SearchIndex.search(text, on:, limit: 20)`: the page, the exact total, the folder facet,
///   word forms, and the typo tier when the exact matches do not fill the page;
/// - the same with `typos: .off`;
/// - `SearchIndex.search(text, in:)` on a database with two readers, whose second reads the
///   total and facets of a large set while the first ranks the page (its answer is checked
///   equal to the one-connection answer);
/// - the same with a current ``VocabularyCache`` of the index, as the index's typing stream
///   keeps one (typo candidates and did-you-mean words from memory, and the total and facets
///   of a text-only search counted from its copy of the facet values; also checked equal);
/// - the typing stream's first answer: one `SearchProvider.results(for:in:)` stream for the
///   whole run (one per `exact:`), as an app's search field keeps one, each text typed into it
///   once, timed from the keystroke to the text's first answer (provisional when the text has
///   many matches, else the final one); its final answer is awaited, and checked equal to the
///   search's, before the next text. Texts are typed once: typed again, the stream would
///   answer from the final answers it keeps;
/// - FTS5 alone: `SELECT rowid … MATCH ? ORDER BY bm25(…) LIMIT 20` plus `SELECT count(*) … MATCH ?`,
///   with the MATCH text ``FTS5Expression`` makes of the index's parse (nil for filter-only texts);
/// - `SearchIndex.search` on one connection with `rankedLast: "done"` (the reminder's
///   completion), done notes after the others: what that order costs.
public struct AppIndexBenchmark {
    /// The reminders database the rows come from.
    public var sourcePath: String
    /// Where the app's database is made (kept between runs, as the reminders' is).
    public var path: String

    public init(sourcePath: String, path: String) {
        self.sourcePath = sourcePath
        self.path = path
    }

    /// ``SearchIndex/formatVersion``, for the cached database's name.
    public static var formatVersion: Int { SearchIndex.formatVersion }

    /// The app's own schema, for the cached database's name: 2 added `due` and `note_tags`,
    /// 3 `done` (the reminder's completion).
    public static let appSchemaVersion = 3

    /// The index the benchmark declares.
    public static let index: SearchIndex = {
        do {
            return try SearchIndex(
                table: "notes", key: "id", fields: [.init("title", weight: 10), .init("body")],
                filters: [
                    "list": .text("folder"), "due": .date("due"),
                    "tag": .lookup("id", table: "note_tags", key: "note_id", value: "tag"),
                ],
                facets: ["folder", "tag"])
        } catch {
            preconditionFailure("the benchmark's declaration is valid: \(error)")
        }
    }()

    /// One class's figures, ms.
    public struct Row: Sendable {
        /// The class the queries are of.
        public var queryClass: QueryClass
        /// How many queries were timed.
        public var queries: Int
        /// `SearchIndex.search`, typo tier on (its default).
        public var search: LatencyStats
        /// `SearchIndex.search(…, typos: .off)`.
        public var typosOff: LatencyStats
        /// `SearchIndex.search(_:in:)` on a database with two readers.
        public var withHelper: LatencyStats
        /// The same with a current cache of the index (`vocabulary:`): its words' trie and its
        /// copy of the facet values.
        public var withTrie: LatencyStats
        /// The typing stream's first answer to the text, typed once into a long-lived stream.
        public var firstAnswer: LatencyStats
        /// Queries whose first answer in the stream was provisional.
        public var provisional: Int
        /// FTS5's ranked top 20 and count; nil when no query of the class has a MATCH.
        public var plain: LatencyStats?
        /// Queries whose answer held typo matches.
        public var withTypos: Int
        /// `SearchIndex.search` on one connection with `rankedLast: "done"` (done notes after the
        /// others, as completed reminders): the same FTS5 index, another order.
        public var rankedLast: LatencyStats
    }

    /// Makes the app's database when it is missing; returns the rows copied and the seconds
    /// `migrate` took to build the index (nil when the database was already there).
    public func prepare() throws -> (rows: Int, migrateSeconds: Double?) {
        if FileManager.default.fileExists(atPath: path) {
            // NB: a connection closes when it is released, before the file is removed.
            let current = try { () throws -> Int? in
                let db = try SQLConnection(path: path)
                return try AppIndexBenchmark.index.isCurrent(db) ? try db.fetchValue("SELECT count(*) FROM notes", as: Int.self) ?? 0 : nil
            }()
            if let current { return (current, nil) }
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let db = try SQLConnection(path: path)
        try db.execute("ATTACH DATABASE \(sourcePath) AS source")
        try db.execute(AppIndexBenchmark.notesTable)
        try db.execute("""
            INSERT INTO notes(id, title, body, folder, due, done)
            SELECT r.id, r.title, r.notes, l.name, r.due_date, r.is_completed
            FROM source.reminders AS r JOIN source.lists AS l ON l.id = r.list_id
            """)
        try db.execute(AppIndexBenchmark.noteTagsTable)
        try db.execute("""
            INSERT INTO note_tags(note_id, tag)
            SELECT rt.reminder_id, t.name FROM source.reminder_tags AS rt JOIN source.tags AS t ON t.id = rt.tag_id
            """)
        try db.execute("CREATE INDEX note_tags_by_tag ON note_tags(tag, note_id)")
        try db.execute("DETACH DATABASE source")
        let clock = ContinuousClock()
        let start = clock.now
        try AppIndexBenchmark.index.migrate(db)
        let seconds = (clock.now - start).milliseconds / 1000
        let rows = try db.fetchValue("SELECT count(*) FROM notes", as: Int.self) ?? 0
        return (rows, seconds)
    }

    /// Rows per second an app's `INSERT … SELECT` of `count` notes (one transaction) reaches
    /// into an empty table without the index and into one with it migrated (its triggers then
    /// write the FTS5 index and test each row for the substring index), each on a file of its own.
    public func writes(count: Int) throws -> (plain: Double, indexed: Double) {
        func time(indexed: Bool) throws -> Double {
            let target = path + (indexed ? ".writes-indexed" : ".writes-plain")
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: target + suffix) }
            defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: target + suffix) } }
            let db = try SQLConnection(path: target)
            try db.execute(AppIndexBenchmark.notesTable)
            try db.execute(AppIndexBenchmark.noteTagsTable)
            if indexed { try AppIndexBenchmark.index.migrate(db) }
            try db.execute("ATTACH DATABASE \(path) AS app")
            let clock = ContinuousClock()
            let start = clock.now
            try db.transaction(.immediate) {
                try db.execute("INSERT INTO main.notes SELECT * FROM app.notes ORDER BY id LIMIT \(count)")
            }
            let elapsed = clock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return Double(count) / max(seconds, 1e-9)
        }
        return (try time(indexed: false), try time(indexed: true))
    }

    /// The app's table of notes.
    static let notesTable: SQLFragment = """
        CREATE TABLE notes(id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT, folder TEXT, due TEXT, done INTEGER)
        """

    /// The notes' tags, compared ignoring case as the lookup compares them, so that an index
    /// on `tag` finds a tag's notes.
    static let noteTagsTable: SQLFragment = """
        CREATE TABLE note_tags(note_id INTEGER NOT NULL, tag TEXT NOT NULL COLLATE NOCASE, PRIMARY KEY(note_id, tag))
        """

    /// Seconds a ``VocabularyCache`` of the index takes to build (`buildNow`): the words' trie
    /// alone (the index declared without facets, the same tables), and with the copy of the
    /// facet values beside it, each the median of `rounds` builds.
    public func cacheBuildSeconds(rounds: Int) async throws -> (words: Double, withFacets: Double) {
        let database = try SQLiteDatabase(path: path, readers: 2, options: .init(readOnly: true))
        let index = AppIndexBenchmark.index
        let wordsOnly = try SearchIndex(
            name: index.name, table: index.table, key: index.key, fields: index.fields, filters: index.filters)
        let clock = ContinuousClock()
        var seconds: [SearchIndex: [Double]] = [:]
        for _ in 0..<max(rounds, 1) {
            for declared in [wordsOnly, index] {
                let cache = VocabularyCache(database: database, index: declared)
                let start = clock.now
                try await cache.buildNow()
                seconds[declared, default: []].append((clock.now - start).milliseconds / 1000)
            }
        }
        func median(_ values: [Double]?) -> Double { LatencyStats(milliseconds: values ?? []).p50 }
        return (median(seconds[wordsOnly]), median(seconds[index]))
    }

    /// Times every query of every class: each figure is the median of `rounds` runs.
    public func measure(_ classes: [QueryClass: [BenchQuery]], rounds: Int) async throws -> [Row] {
        let db = try SQLConnection(path: path, options: .init(readOnly: true))
        let database = try SQLiteDatabase(path: path, readers: 2, options: .init(readOnly: true))
        let index = AppIndexBenchmark.index
        let doneLast = try SearchIndex(
            name: index.name, table: index.table, key: index.key, fields: index.fields, filters: index.filters,
            facets: index.facets, sort: index.sort, rankedLast: "done")
        let words = VocabularyCache(database: database, index: index)
        try await words.buildNow()
        let provider = try SearchProvider(database: database)
        var typing: [Bool: (keys: AsyncStream<String>.Continuation, answers: AsyncThrowingStream<IndexResultSet, any Error>.Iterator)] = [:]
        for exact in [false, true] {
            let (texts, keys) = AsyncStream<String>.makeStream()
            typing[exact] = (keys, provider.results(for: texts, in: index, exact: exact).makeAsyncIterator())
        }
        defer { for stream in typing.values { stream.keys.finish() } }
        let clock = ContinuousClock()
        func median(_ body: () throws -> Void) rethrows -> Double {
            var samples: [Double] = []
            for _ in 0..<max(rounds, 1) {
                let start = clock.now
                try body()
                samples.append((clock.now - start).milliseconds)
            }
            return LatencyStats(milliseconds: samples).p50
        }
        var rows: [Row] = []
        for queryClass in QueryClass.allCases {
            let queries = classes[queryClass] ?? []
            guard !queries.isEmpty else { continue }
            var search: [Double] = [], off: [Double] = [], plain: [Double] = [], helped: [Double] = [], trie: [Double] = []
            var last: [Double] = []
            var withTypos = 0, provisional = 0
            var first: [Double] = []
            for query in queries {
                let parsed = index.parse(query.text, exact: !query.typing)
                let answer = try index.search(parsed, on: db)
                if answer.typoCount > 0 { withTypos += 1 }
                search.append(try median { _ = try index.search(parsed, on: db) })
                off.append(try median { _ = try index.search(parsed, on: db, typos: .off) })
                last.append(try median { _ = try doneLast.search(parsed, on: db) })
                // NB: each reader warms its own cache, and the two swap roles from one search to the next.
                for _ in 0..<2 { _ = try await index.search(query.text, in: database, exact: !query.typing) }
                for cache in [nil, words] {
                    var samples: [Double] = []
                    for _ in 0..<max(rounds, 1) {
                        let start = clock.now
                        let parallel = try await index.search(query.text, in: database, exact: !query.typing, vocabulary: cache)
                        samples.append((clock.now - start).milliseconds)
                        guard parallel == answer else {
                            throw BenchError("SearchIndex.search(_:in:) answered \(query.text.debugDescription) otherwise than on one connection")
                        }
                    }
                    if cache == nil {
                        helped.append(LatencyStats(milliseconds: samples).p50)
                    } else {
                        trie.append(LatencyStats(milliseconds: samples).p50)
                    }
                }
                let exact = !query.typing
                let start = clock.now
                typing[exact]?.keys.yield(query.text)
                var firstAnswer: IndexResultSet?
                while let next = try await typing[exact]?.answers.next() {
                    guard next.query.text == query.text else { continue }
                    if firstAnswer == nil {
                        first.append((clock.now - start).milliseconds)
                        firstAnswer = next
                        if next.isProvisional { provisional += 1 }
                    }
                    guard next.isProvisional else {
                        guard next == answer else {
                            throw BenchError("the typing stream's final answer to \(query.text.debugDescription) is not the search's")
                        }
                        break
                    }
                }
                guard firstAnswer != nil else { throw BenchError("the typing stream ended before answering \(query.text.debugDescription)") }
                if let match = FTS5Expression(query: parsed)?.positive {
                    let ranked: SQLFragment = """
                        SELECT rowid FROM "trove_notes_fts" WHERE "trove_notes_fts" MATCH \(match) \
                        ORDER BY bm25("trove_notes_fts", 10, 1) LIMIT 20
                        """
                    let count: SQLFragment = "SELECT count(*) FROM \"trove_notes_fts\" WHERE \"trove_notes_fts\" MATCH \(match)"
                    plain.append(try median {
                        _ = try db.fetchAll(ranked)
                        _ = try db.fetchAll(count)
                    })
                }
            }
            rows.append(Row(
                queryClass: queryClass, queries: queries.count, search: LatencyStats(milliseconds: search),
                typosOff: LatencyStats(milliseconds: off), withHelper: LatencyStats(milliseconds: helped),
                withTrie: LatencyStats(milliseconds: trie), firstAnswer: LatencyStats(milliseconds: first),
                provisional: provisional, plain: plain.isEmpty ? nil : LatencyStats(milliseconds: plain),
                withTypos: withTypos, rankedLast: LatencyStats(milliseconds: last)))
        }
        return rows
    }

    /// The rows as a table: ms p50 / p99 (p99 is the slowest query when there are fewer than 100).
    public static func table(_ rows: [Row]) -> MarkdownTable {
        var table = MarkdownTable(header: [
            "class", "queries", "SearchIndex.search", "typos off", "search(_:in:), 2 readers", "2 readers + caches (words, facet values)",
            "stream's first answer", "first answers provisional", "FTS5 bm25 top 20 + count",
            "search / FTS5 p50",
            "answers with typo matches", "done ranked last",
        ])
        func pair(_ stats: LatencyStats) -> String { Format.ms(stats.p50) + " / " + Format.ms(stats.p99) }
        for row in rows {
            table.append([
                row.queryClass.label, String(row.queries), pair(row.search), pair(row.typosOff), pair(row.withHelper),
                pair(row.withTrie), pair(row.firstAnswer), String(row.provisional),
                row.plain.map(pair) ?? "(no MATCH)",
                row.plain.map { String(format: "×%.2f", row.search.p50 / max($0.p50, 0.001)) } ?? "",
                String(row.withTypos), pair(row.rankedLast),
            ])
        }
        return table
    }
}
