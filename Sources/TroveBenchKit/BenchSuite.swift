import CSQLite
import Foundation

/// A whole run: prepares the data, runs the chosen sections and renders the markdown report that
/// `scripts/bench` appends to BENCHMARKS-HISTORY.md (BENCHMARKS.md's current tables are copied from it by hand).
public struct BenchSuite {
    public enum Section: String, CaseIterable, Sendable {
        case `import`, query, typing, memory, startup, index, typo, quality
    }

    public var workload: Workload
    public var perClass: Int
    public var likeLimit: Int
    public var providerLimit: Int
    public var typingTitles: Int
    public var processRuns: Int
    /// Interleaved rounds of the import sides; see ``ImportBenchmark``.
    public var importRounds: Int
    public var sections: Set<Section>
    /// The relevance benchmark the `quality` section runs.
    public var quality: QualityBenchmark
    /// An anchor engine's output (`scripts/bench --anchors`) to set beside the query section's
    /// figures in a section of its own; see ``AnchorTable``.
    public var anchorResults: String?
    /// Only this query class, in the query section (a diagnostic run; nil for all).
    public var onlyClass: QueryClass?

    public init(workload: Workload, perClass: Int, likeLimit: Int, providerLimit: Int, typingTitles: Int,
                processRuns: Int, importRounds: Int = 3, sections: Set<Section>,
                quality: QualityBenchmark = QualityBenchmark(directory: "Benchmarks/quality"), anchorResults: String? = nil,
                onlyClass: QueryClass? = nil) {
        self.workload = workload
        self.perClass = perClass
        self.likeLimit = likeLimit
        self.providerLimit = providerLimit
        self.typingTitles = typingTitles
        self.processRuns = processRuns
        self.importRounds = importRounds
        self.sections = sections
        self.quality = quality
        self.anchorResults = anchorResults
        self.onlyClass = onlyClass
    }

    /// Runs everything chosen and returns the markdown: a header, the table, the notes.
    public func run(progress: (String) -> Void) async throws -> String {
        // NB: read first, so a missing or broken file fails before minutes of measuring.
        let anchor = try anchorResults.map(Self.readAnchor)
        if anchor != nil, !sections.contains(.query) {
            throw BenchError("--anchor-results sets the anchor beside the query section's figures; add query to --only")
        }
        let started = Date()
        let loadBefore = Self.loadAverage()
        var report = BenchReport()
        var qualityTable = ""
        if sections.contains(.quality) {
            progress("relevance")
            qualityTable = try await quality.run(progress: progress)
        }
        guard !sections.subtracting([.quality]).isEmpty else {
            return qualityHeader(started: started) + "\n" + qualityTable
        }
        progress("preparing \(workload.count) reminders in \(workload.dataDirectory)")
        let path = try await workload.database()
        var classes = try queryClasses(path)
        if let onlyClass { classes.keepOnly(onlyClass) }

        if sections.contains(.import) {
            progress("import")
            try ImportBenchmark(workload: workload, rounds: importRounds).run(into: &report)
        }
        var figures: [QueryClass: QueryFigures] = [:]
        if sections.contains(.query) {
            progress("query classes")
            figures = try await QueryBenchmark(path: path, classes: classes, likeLimit: likeLimit, providerLimit: providerLimit)
                .run(into: &report)
        }
        if sections.contains(.typing) {
            progress("as-you-type")
            try await TypingBenchmark(path: path, titles: workload.sampleTitles(typingTitles)).run(into: &report)
        }
        if !sections.isDisjoint(with: [.memory, .startup]) {
            progress("memory and startup")
            try ProcessBenchmark(path: path, word: try searchWord(path), runs: processRuns).run(into: &report)
        }
        if sections.contains(.index) {
            progress("index size and options")
            let limit = min(perClass, 30)
            try IndexBenchmark(path: path, count: workload.count, dataDirectory: workload.dataDirectory,
                prefix1: Array((classes.queries[.prefix1] ?? []).prefix(limit)),
                prefix2: Array((classes.queries[.prefix2] ?? []).prefix(limit))).run(into: &report)
        }
        if sections.contains(.typo) {
            progress("typo candidates")
            try await TypoBenchmark(
                path: path, count: workload.count, queries: perClass, seed: workload.seed, dataDirectory: workload.dataDirectory
            ).run(into: &report)
        }
        let anchorSection = try anchor.map { anchor in
            try AnchorTable(figures: figures, anchor: anchor, rows: workload.count, databaseBytes: Self.fileSize(path)).render()
        }
        let loadAfter = Self.loadAverage()
        var text = header(started: started, load: (loadBefore, loadAfter)) + "\n" + report.table.render()
        if !report.notes.isEmpty { text += "\n" + report.notes.map { "- \($0)\n" }.joined() }
        if let anchorSection { text += "\n" + anchorSection }
        if !qualityTable.isEmpty { text += "\n" + qualityTable }
        return text
    }

    /// The queries, drawn from the database's vocabulary, its lists and sampled titles.
    public func queryClasses(_ path: String) throws -> QueryClasses {
        let db = try DirectConnection(path: path, readOnly: false)
        try db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.bench_vocab USING fts5vocab(main, reminders_fts, row)")
        let vocabulary = try db.texts("SELECT term, doc FROM temp.bench_vocab").compactMap { row -> VocabularyWord? in
            guard let term = row[0], let doc = row[1].flatMap({ Int($0) }) else { return nil }
            return VocabularyWord(term, documents: doc)
        }
        let lists = try db.texts("SELECT name FROM lists ORDER BY position").compactMap { $0[0] }
        return QueryClasses(titles: workload.sampleTitles(2000), vocabulary: vocabulary, lists: lists,
            seed: workload.seed, perClass: perClass)
    }

    /// A common word of 4 or more letters, for `trove search word`.
    func searchWord(_ path: String) throws -> String {
        let titles = workload.sampleTitles(200).flatMap(QueryClasses.words).filter { $0.count >= 4 }
        let counts = Dictionary(titles.map { ($0, 1) }, uniquingKeysWith: +)
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? "milk"
    }

    /// The anchor's output file, parsed.
    static func readAnchor(_ path: String) throws -> AnchorResults {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchError("cannot read the anchor's results at \(path); run scripts/bench --anchors, which writes them")
        }
        return try AnchorResults(jsonLines: String(decoding: data, as: UTF8.self))
    }

    /// A database's size on disk, its `-wal` included.
    static func fileSize(_ path: String) -> Int {
        ["", "-wal"].reduce(0) { total, suffix in
            total + ((try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size] as? Int) ?? 0)
        }
    }

    /// The options that shaped this run, as `trove-bench` takes them.
    var command: String {
        var words = ["trove-bench", "--count \(workload.count)", "--seed \(workload.seed)", "--queries-per-class \(perClass)"]
        if let distinctTags = workload.distinctTags { words.append("--distinct-tags \(distinctTags)") }
        if likeLimit < perClass { words.append("--like-queries \(likeLimit)") }
        if providerLimit < perClass { words.append("--provider-queries \(providerLimit)") }
        if importRounds != 3 { words.append("--import-rounds \(importRounds)") }
        if let corpus = quality.corpusDirectory, sections.contains(.quality) { words.append("--corpus-dir \(corpus)") }
        if let anchorResults { words.append("--anchor-results \(anchorResults)") }
        if sections != Set(Section.allCases) {
            words.append("--only " + Section.allCases.filter(sections.contains).map(\.rawValue).joined(separator: ","))
        }
        return words.joined(separator: " ")
    }

    private func header(started: Date, load: (String, String)) -> String {
        let date = ISO8601DateFormatter().string(from: started)
        #if DEBUG
        let build = "debug (figures are NOT representative; use scripts/bench)"
        #else
        let build = "release"
        #endif
        return """
            # Trove benchmarks

            - Date: \(date)
            - Machine: `\(Self.machineName())`
            - CPUs: \(ProcessInfo.processInfo.activeProcessorCount); load average before/after: \(load.0) / \(load.1)\
            \(Double(load.0.split(separator: " ").first ?? "0") ?? 0 >= 1 ? " (machine busy: other work was running, so figures are noisy)" : "")
            - SQLite: \(String(cString: sqlite3_libversion()))
            - N: \(Format.count(Double(workload.count))) reminders, seed \(workload.seed); \(perClass) queries per class; build: \(build)
            - Command: `\(command)`
            - Baselines run in the same process or as sibling processes, in the same run; "same SQL direct" replays the exact statements and bindings the engine ran (captured with `sqlite3_trace_v2`) through bare libsqlite3 prepared statements.

            """
    }

    /// The header of a run of the quality section alone: relevance needs no machine facts.
    private func qualityHeader(started: Date) -> String {
        var words = ["trove-bench", "--only quality"]
        if let corpus = quality.corpusDirectory { words.append("--corpus-dir \(corpus)") }
        return """
            # Trove relevance

            - Date: \(ISO8601DateFormatter().string(from: started))
            - Command: `\(words.joined(separator: " "))`
            - Each query runs as `trove search` runs it (SearchRequest through the engine registry, final answer, top 10, completed reminders included) under each ranking. Wanted = the query's highest grade; success@1 = the first hit is wanted; MRR@10 = 1/rank of the first wanted hit; nDCG@10 with gain 2^grade − 1. Judging rules: Benchmarks/quality/README.md.

            """
    }

    static func machineName() -> String {
        var name = utsname()
        uname(&name)
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return [text(name.sysname), text(name.nodename), text(name.release), text(name.version), text(name.machine)]
            .joined(separator: " ")
    }

    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}
