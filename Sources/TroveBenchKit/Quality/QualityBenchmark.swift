import Foundation
import TroveQuery
import TroveSQLite
public import TroveSearch
import TroveStore

/// Relevance: success@1, MRR@10 and nDCG@10 of Trove's ranking beside plain FTS5 bm25, through
/// the search path people use (a ``SearchRequest`` through the engine registry, final answer).
///
/// ```swift
/// let text = try await QualityBenchmark(directory: "Benchmarks/quality", corpusDirectory: ".build/quality").run()
/// // | Corpus | Queries | Ranking | success@1 | MRR@10 | nDCG@10 |
/// // | seed-data (179 reminders) | 66 hand-judged | Trove | … |
/// ```
///
/// Part (a) searches an in-memory copy of `seed-data/` with `seed-judgments.tsv`. Part (b),
/// when `corpusDirectory` is set, searches the Debian package corpus that
/// `make-debian-corpus.py` writes there, with its generated known-item queries and the
/// hand-judged `debian-judgments.tsv`. Every figure is deterministic: same data, same table.
public struct QualityBenchmark: Sendable {
    /// Where the judgments live: `Benchmarks/quality`.
    public var directory: String
    /// Where `make-debian-corpus.py` wrote the corpus; nil to run the seed part only.
    public var corpusDirectory: String?
    /// A ranking to measure beside the others (for tuning), labelled with its parameters.
    public var candidate: TroveRanking?

    public init(directory: String, corpusDirectory: String? = nil, candidate: TroveRanking? = nil) {
        self.directory = directory
        self.corpusDirectory = corpusDirectory
        self.candidate = candidate
    }

    /// The rankings compared, with their labels.
    var rankings: [(label: String, ranking: SearchRanking)] {
        var all: [(String, SearchRanking)] = [
            ("Trove", .trove), ("Trove without exactness tiers (before issue 50)", .custom(Self.withoutTiers)),
            ("BM25F alone (Trove's weights; no boosts, no tiers)", .custom(Self.bm25f)),
            ("bm25, open first (Trove before)", .bm25), ("bm25 alone", .bm25Mixed),
        ]
        if let candidate { all.append(("candidate \(candidate.arguments.map { "\($0)" }.joined(separator: ","))", .custom(candidate))) }
        return all
    }

    /// Trove's ranking as it was before the exactness tiers: the same scores, every row in tier 0.
    static let withoutTiers: TroveRanking = {
        var ranking = TroveRanking.standard
        ranking.exactness = false
        return ranking
    }()

    /// Plain BM25F with Trove's field weights and length normalisation, and nothing else: no
    /// boost, no tier, completion ignored. The anchor a "50-line BM25F rerank" stands for.
    static let bm25f: TroveRanking = {
        var ranking = TroveRanking(
            titleWeight: 5, notesWeight: 1, tagsWeight: 2, titleLengthNormalization: 0.75,
            notesLengthNormalization: 0.75, tagsLengthNormalization: 0.75, saturation: 1.2, exactTitle: 0, tagEquals: 0,
            proximity: 0, completedFactor: 1, exactWord: 0)
        ranking.exactness = false
        return ranking
    }()

    /// One corpus and query set, ready to search.
    struct QuerySet {
        var corpus: String
        var name: String
        var judgments: RelevanceJudgments
        var database: SQLiteDatabase
        /// The judgment key of a hit, from its id and title.
        var key: @Sendable (Int64, String) -> String
    }

    /// The label of the row that searches the reminders through `SearchIndex.declaredReminders`.
    static let declaredLabel = "the reminders as one SearchIndex declaration (issue 18)"

    /// Makes `SearchIndex.declaredReminders` in a reminders database: a table of each
    /// reminder's tag names for its `tag:` lookup, then its index beside Trove's. The
    /// declaration has the reminders' fields, weights, tag boost, filters and tiebreakers
    /// (issue 18, item 3), searched by ``SearchIndex``'s own statements and ranking: what the
    /// reminders are found by as one declaration with no path of their own in the engines.
    static func declare(in database: SQLiteDatabase) async throws {
        try await database.write { db in try SearchIndex.declareReminders(db) }
    }

    /// The markdown table, one row per query set and ranking.
    public func run(progress: (String) -> Void = { _ in }) async throws -> String {
        var table = MarkdownTable(header: ["Corpus", "Queries", "Ranking", "success@1", "MRR@10", "nDCG@10"])
        for set in try await querySets(progress: progress) {
            progress("quality: \(set.corpus), \(set.name)")
            for (label, ranking) in rankings {
                let scores = try await measure(set, ranking: ranking)
                let mean = RelevanceMetrics.mean(scores.map(\.metrics))
                table.append([
                    set.corpus, set.name, label, Self.figure(mean.successAt1), Self.figure(mean.mrrAt10),
                    Self.figure(mean.ndcgAt10),
                ])
            }
            let declared = RelevanceMetrics.mean(try await measureDeclared(set).map(\.metrics))
            table.append([
                set.corpus, set.name, Self.declaredLabel, Self.figure(declared.successAt1), Self.figure(declared.mrrAt10),
                Self.figure(declared.ndcgAt10),
            ])
        }
        return table.render()
    }

    /// Per query: the rank of the first wanted hit under each ranking (`-` when not in the
    /// top 10), for finding where one ranking loses.
    public func details(progress: (String) -> Void = { _ in }) async throws -> String {
        var table = MarkdownTable(header: ["Corpus", "Query"] + rankings.map(\.label) + [Self.declaredLabel])
        func rank(_ score: QueryScore) -> String {
            score.metrics.mrrAt10 > 0 ? String(Int((1 / score.metrics.mrrAt10).rounded())) : "-"
        }
        for set in try await querySets(progress: progress) {
            var columns: [[String]] = []
            for (_, ranking) in rankings {
                columns.append(try await measure(set, ranking: ranking).map(rank))
            }
            columns.append(try await measureDeclared(set).map(rank))
            for (index, query) in set.judgments.queries.enumerated() {
                table.append([set.corpus + " " + set.name, query.text] + columns.map { $0[index] })
            }
        }
        return table.render()
    }

    /// The unjudged documents in the top 10 of any ranking, per query, as lines to judge:
    /// `query<TAB>?<TAB>key<TAB>title<TAB>notes`. Judged ones are left out.
    public func pool(progress: (String) -> Void = { _ in }) async throws -> String {
        var lines: [String] = []
        for set in try await querySets(progress: progress) where !set.name.contains("known-item") {
            for query in set.judgments.queries {
                var seen: Set<String> = []
                for (_, ranking) in rankings {
                    for hit in try await search(query.text, ranking: ranking, in: set.database).hits {
                        let key = set.key(hit.id, hit.title)
                        guard query.grades[key] == nil, seen.insert(key).inserted else { continue }
                        let notes = hit.notes.replacingOccurrences(of: "\n", with: " ").prefix(160)
                        lines.append([query.text, "?", key, hit.title, String(notes)].joined(separator: "\t"))
                    }
                }
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    // MARK: Running

    struct QueryScore {
        var metrics: RelevanceMetrics
    }

    func measure(_ set: QuerySet, ranking: SearchRanking) async throws -> [QueryScore] {
        var scores: [QueryScore] = []
        for query in set.judgments.queries {
            let hits = try await search(query.text, ranking: ranking, in: set.database).hits
            scores.append(QueryScore(metrics: RelevanceMetrics(ranked: hits.map { set.key($0.id, $0.title) }, grades: query.grades)))
        }
        return scores
    }

    /// ``measure(_:ranking:)`` through `SearchIndex.declaredReminders`: `SearchIndex.search`, top 10.
    func measureDeclared(_ set: QuerySet) async throws -> [QueryScore] {
        try await Self.declare(in: set.database)
        var scores: [QueryScore] = []
        for query in set.judgments.queries {
            let index = SearchIndex.declaredReminders
            let parsed = index.parse(query.text, today: ReminderStore.seedPinnedDay, timeZone: .gmt)
            let hits = try await index.search(parsed, in: set.database, limit: 10).hits
            let ranked = hits.map { set.key($0.key, $0.values["title"] ?? "") }
            scores.append(QueryScore(metrics: RelevanceMetrics(ranked: ranked, grades: query.grades)))
        }
        return scores
    }

    /// The final answer to `text`, as `trove search` gets it: the top 10, completed included.
    func search(_ text: String, ranking: SearchRanking, in database: SQLiteDatabase) async throws -> ResultSet {
        var request = SearchRequest(text: text, limit: 10, today: ReminderStore.seedPinnedDay, timeZone: .gmt)
        request.ranking = ranking
        var last: ResultSet?
        for try await resultSet in EngineRegistry().results(for: request, in: database) { last = resultSet }
        guard let last else { throw BenchError("the search for \(text) returned no result set") }
        return last
    }

    func querySets(progress: (String) -> Void) async throws -> [QuerySet] {
        let now = Date(timeIntervalSince1970: TimeInterval(ReminderStore.seedPinnedDay.daysSince1970 * 86_400 + 9 * 3_600))
        let seed = try await ReminderStore.inMemory(now: { now })
        var reader = SeedData.reader()
        _ = try await seed.importRecords(&reader, source: SeedData.source)
        let seedJudgments = try RelevanceJudgments(path: directory + "/seed-judgments.tsv")
        let titles = Set(try await seed.database.read { db in
            try db.fetchAll("SELECT title FROM reminders").map { try $0[0] as String }
        })
        let unknown = seedJudgments.keys.subtracting(titles)
        guard unknown.isEmpty else {
            throw BenchError("seed-judgments.tsv names reminders that seed-data/ does not hold: \(unknown.sorted().prefix(5))")
        }
        var sets = [
            QuerySet(
                corpus: "seed-data (\(titles.count) reminders)", name: "\(seedJudgments.queries.count) hand-judged",
                judgments: seedJudgments, database: seed.database, key: { _, title in title }),
        ]
        guard let corpusDirectory else { return sets }
        let (database, keys) = try await DebianCorpus(directory: corpusDirectory).open(progress: progress)
        let knownItems = try RelevanceJudgments(path: corpusDirectory + "/debian-known-items.tsv", knownItems: true)
        let natural = try RelevanceJudgments(path: directory + "/debian-judgments.tsv")
        let names = Set(keys)
        let missing = natural.keys.union(knownItems.keys).subtracting(names)
        guard missing.isEmpty else {
            throw BenchError("judged packages missing from the corpus (other package lists?): \(missing.sorted().prefix(5)); re-run make-debian-corpus.py")
        }
        let key: @Sendable (Int64, String) -> String = { id, _ in
            id >= 1 && id <= keys.count ? keys[Int(id) - 1] : "#\(id)"
        }
        let corpus = "Debian 12 packages (\(Format.count(Double(keys.count))))"
        sets.append(QuerySet(corpus: corpus, name: "\(knownItems.queries.count) known-item", judgments: knownItems, database: database, key: key))
        // NB: the corpus marks a fixed quarter of the packages completed whatever their content,
        // and Trove ranks completed reminders lower by design; the same queries split by
        // whether the package sought is open or completed show what that rule costs here.
        let completed = try await Self.completedKeys(in: database, keys: keys)
        let (toCompleted, toOpen) = knownItems.queries.reduce(into: ([RelevanceJudgments.Query](), [RelevanceJudgments.Query]())) {
            if $1.grades.keys.contains(where: completed.contains) { $0.0.append($1) } else { $0.1.append($1) }
        }
        sets.append(QuerySet(
            corpus: corpus, name: "\(toOpen.count) known-item, the package open", judgments: RelevanceJudgments(queries: toOpen),
            database: database, key: key))
        sets.append(QuerySet(
            corpus: corpus, name: "\(toCompleted.count) known-item, the package completed",
            judgments: RelevanceJudgments(queries: toCompleted), database: database, key: key))
        sets.append(QuerySet(corpus: corpus, name: "\(natural.queries.count) hand-judged", judgments: natural, database: database, key: key))
        let forms = try await Self.wordForms(in: database, keys: keys)
        sets.append(QuerySet(corpus: corpus, name: "\(forms.queries.count) word forms", judgments: forms, database: database, key: key))
        let (named, _) = try await DebianCorpus(directory: corpusDirectory, named: true).open(progress: progress)
        let shared = Self.namesShared(keys: keys)
        sets.append(QuerySet(
            corpus: "Debian 12 packages titled `package: description` (\(Format.count(Double(keys.count))))",
            name: "\(shared.queries.count) names shared by many rows", judgments: shared, database: named, key: key))
        return sets
    }

    /// The keys of the corpus's completed packages.
    static func completedKeys(in database: SQLiteDatabase, keys: [String]) async throws -> Set<String> {
        let ids = try await database.read { db in
            try db.fetchAll("SELECT id FROM reminders WHERE is_completed = 1").map { try $0[0] as Int64 }
        }
        return Set(ids.compactMap { id in id >= 1 && id <= keys.count ? keys[Int(id) - 1] : nil })
    }

    /// Well-known tools whose names many other packages share (issue 50 tried them by hand).
    static let wellKnownNames = ["postgresql", "git", "gcc", "vim", "gimp", "nginx", "thunderbird", "tmux", "ffmpeg", "python3", "emacs", "firefox"]

    /// "Names shared by many rows" (issue 50): a package name that at least three other
    /// packages' names start with, then `-`, `.` or `+` (`git` → `git-man`, `git-doc`, …), as a
    /// query over titles `package: description`. The one wanted answer is the package itself:
    /// the shortest title whose leading segment is the query. The 100 names most shared (ties
    /// by name) and ``wellKnownNames``; only names of one token (letters and digits).
    static func namesShared(keys: [String]) -> RelevanceJudgments {
        let names = Set(keys)
        var sharing: [String: Int] = [:]
        for key in keys {
            for (offset, character) in key.enumerated() where "-.+".contains(character) {
                let prefix = String(key.prefix(offset))
                if names.contains(prefix) { sharing[prefix, default: 0] += 1 }
            }
        }
        let oneToken = { (name: String) in name.count >= 2 && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        let most = sharing.filter { oneToken($0.key) && $0.value >= 3 }.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        var chosen = most.prefix(100).map(\.key)
        for name in wellKnownNames where names.contains(name) && !chosen.contains(name) { chosen.append(name) }
        return RelevanceJudgments(queries: chosen.map { RelevanceJudgments.Query(text: $0, grades: [$0: 1]) })
    }

    /// English words in plural or inflected form, with their base form.
    static let wordFormPairs = [
        ("libraries", "library"), ("tools", "tool"), ("files", "file"), ("images", "image"), ("games", "game"),
        ("fonts", "font"), ("drivers", "driver"), ("editors", "editor"), ("servers", "server"), ("utilities", "utility"),
        ("plugins", "plugin"), ("bindings", "binding"), ("modules", "module"), ("extensions", "extension"),
        ("documents", "document"), ("headers", "header"), ("themes", "theme"), ("icons", "icon"),
        ("clients", "client"), ("converting", "convert"), ("monitoring", "monitor"), ("running", "run"),
    ]

    /// "Word forms" (issue 50): each inflected form of ``wordFormPairs`` as a query; wanted are
    /// the packages whose title holds the base form as a word (`libraries` → a title with
    /// "library"). Pairs whose base form is in fewer than 5 titles are left out.
    static func wordForms(in database: SQLiteDatabase, keys: [String]) async throws -> RelevanceJudgments {
        var queries: [RelevanceJudgments.Query] = []
        for (form, base) in wordFormPairs {
            let match = "title : \"" + base + "\""
            let ids = try await database.read { db in
                try db.fetchAll("SELECT rowid FROM reminders_fts WHERE reminders_fts MATCH \(match)").map { try $0[0] as Int64 }
            }
            guard ids.count >= 5 else { continue }
            var grades: [String: Int] = [:]
            for id in ids where id >= 1 && id <= keys.count { grades[keys[Int(id) - 1]] = 1 }
            queries.append(RelevanceJudgments.Query(text: form, grades: grades))
        }
        return RelevanceJudgments(queries: queries)
    }

    static func figure(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
