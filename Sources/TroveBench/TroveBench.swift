import ArgumentParser
import Foundation
import TroveBenchKit
import TroveSearch

@main
struct TroveBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trove-bench",
        abstract: "Measure Trove against bare libsqlite3 and print one markdown table.",
        discussion: "Example: swift run -c release trove-bench --count 1000000 (scripts/bench runs the full suite and appends it to BENCHMARKS-HISTORY.md)",
        subcommands: [
            Run.self, TypingLatency.self, IDRangesCommand.self, RepeatDoneCommand.self, Generate.self, Statements.self, FirstAnswers.self, AppIndexCommand.self, DeclaredCommand.self, AnchorInputCommand.self, AppWritesCommand.self, Child.self,
        ],
        defaultSubcommand: Run.self)
}

struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Run the benchmarks (the default).")

    @Option(help: "How many reminders.") var count: Int = 100_000
    @Option(help: "The generator's seed.") var seed: UInt64 = 1
    @Option(help: "Queries per query class.") var queriesPerClass: Int = 100
    @Option(help: "At most this many queries per class for the like engine (default: all).") var likeQueries: Int?
    @Option(help: "At most this many queries per class through the SearchProvider (default: all).") var providerQueries: Int?
    @Option(help: "Interleaved rounds of the import sides, each reported as its median (--quick: 1).")
    var importRounds: Int = 3
    @Option(help: "Where generated databases are cached.") var dataDir: String = ".build/bench-data"
    @Option(help: "Draw the generated reminders' tags from this many names, a few common and a long tail of rare ones (trove-bench generate --distinct-tags).")
    var distinctTags: Int?
    @Option(help: "Sections to run, comma-separated: \(BenchSuite.Section.allCases.map(\.rawValue).joined(separator: ",")).")
    var only: String?
    @Flag(help: "A smoke run: 2,000 reminders, 10 queries per class.") var quick = false
    @Option(help: "Only this query class in the query section (its label, e.g. \"filter + text\"): a diagnostic run.")
    var queryClass: String?
    @Option(help: "Where the relevance judgments are (quality section).") var qualityDir = "Benchmarks/quality"
    @Option(help: "Also measure relevance on the Debian corpus that Benchmarks/quality/make-debian-corpus.py wrote here.")
    var corpusDir: String?
    @Option(help: "Set this anchor engine's output (Benchmarks/anchors/tantivy_anchor.py) beside the query section's figures; scripts/bench --anchors writes it.")
    var anchorResults: String?
    @Option(help: ArgumentHelp("Also measure Trove's ranking with these 12 parameters, comma-separated (TroveRanking's order), for tuning.", visibility: .hidden))
    var candidate: String?
    @Flag(help: ArgumentHelp("Print, per query, where each ranking puts the first wanted hit, instead of the table.", visibility: .hidden))
    var qualityDetails = false
    @Flag(help: ArgumentHelp("Print the unjudged documents in any ranking's top 10, per hand-judged query, to judge.", visibility: .hidden))
    var qualityPool = false

    func run() async throws {
        let sections = try only.map { list in
            try Set(list.split(separator: ",").map { name in
                guard let section = BenchSuite.Section(rawValue: String(name)) else {
                    throw ValidationError("unknown section \(name); use \(BenchSuite.Section.allCases.map(\.rawValue).joined(separator: ","))")
                }
                return section
            })
        } ?? Set(BenchSuite.Section.allCases)
        var candidateRanking: TroveRanking?
        if let candidate {
            let values = candidate.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard let ranking = TroveRanking(arguments: values) else {
                throw ValidationError("--candidate needs 12 comma-separated numbers, in TroveRanking's order")
            }
            candidateRanking = ranking
        }
        let quality = QualityBenchmark(directory: qualityDir, corpusDirectory: corpusDir, candidate: candidateRanking)
        let log: (String) -> Void = { FileHandle.standardError.write(Data("trove-bench: \($0)…\n".utf8)) }
        if qualityDetails || qualityPool {
            print(try await qualityPool ? quality.pool(progress: log) : quality.details(progress: log), terminator: "")
            return
        }
        let count = quick ? 2_000 : count
        let perClass = quick ? 10 : queriesPerClass
        let suite = BenchSuite(
            workload: Workload(seed: seed, count: count, dataDirectory: dataDir, distinctTags: distinctTags),
            perClass: perClass, likeLimit: likeQueries ?? perClass, providerLimit: providerQueries ?? perClass,
            typingTitles: quick ? 3 : 20, processRuns: quick ? 3 : 15,
            importRounds: quick ? 1 : importRounds, sections: sections, quality: quality, anchorResults: anchorResults,
            onlyClass: try queryClass.map { label in
                guard let found = QueryClass.allCases.first(where: { $0.label == label }) else {
                    throw ValidationError("no query class \(label.debugDescription); the classes: \(QueryClass.allCases.map(\.label).joined(separator: ", "))")
                }
                return found
            })
        let text = try await suite.run(progress: log)
        print(text, terminator: "")
    }
}

/// What a benchmark runs in a child process of its own, so that its peak RSS is its own.
struct Child: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "_child", shouldDisplay: false)

    @Argument var kind: String
    @Argument var arguments: [String] = []
    @Option var count: Int = 100_000
    @Option var seed: UInt64 = 1
    @Option var dataDir: String = ".build/bench-data"
    @Option var distinctTags: Int?

    func run() async throws {
        switch kind {
        case "import":
            guard let side = arguments.first.flatMap(ImportBenchmark.Side.init(rawValue:)) else {
                throw ValidationError("_child import needs a side: \(ImportBenchmark.Side.allCases.map(\.rawValue))")
            }
            let workload = Workload(seed: seed, count: count, dataDirectory: dataDir, distinctTags: distinctTags)
            print(try await ImportBenchmark.child(side, workload: workload))
        case "library-search" where arguments.count == 2:
            print(try await ProcessChildren.librarySearch(path: arguments[0], word: arguments[1]))
        case "direct-search" where arguments.count == 2:
            print(try ProcessChildren.directSearch(path: arguments[0], statementsFile: arguments[1]))
        case "idle-provider" where arguments.count == 2:
            let rss = try await ProcessChildren.idleProvider(path: arguments[0], word: arguments[1])
            print("\(rss.before) \(rss.after)")
        default:
            throw ValidationError("unknown child \(kind) \(arguments)")
        }
    }
}
