import ArgumentParser
import Foundation
import TroveBenchKit

@main
struct TroveBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trove-bench",
        abstract: "Measure Trove against bare libsqlite3 and print one markdown table.",
        discussion: "Example: swift run -c release trove-bench --count 1000000 > BENCHMARKS.md",
        subcommands: [Run.self, TypingLatency.self, Generate.self, Child.self],
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
    @Option(help: "Sections to run, comma-separated: \(BenchSuite.Section.allCases.map(\.rawValue).joined(separator: ",")).")
    var only: String?
    @Flag(help: "A smoke run: 2,000 reminders, 10 queries per class.") var quick = false

    func run() async throws {
        let sections = try only.map { list in
            try Set(list.split(separator: ",").map { name in
                guard let section = BenchSuite.Section(rawValue: String(name)) else {
                    throw ValidationError("unknown section \(name); use \(BenchSuite.Section.allCases.map(\.rawValue).joined(separator: ","))")
                }
                return section
            })
        } ?? Set(BenchSuite.Section.allCases)
        let count = quick ? 2_000 : count
        let perClass = quick ? 10 : queriesPerClass
        let suite = BenchSuite(
            workload: Workload(seed: seed, count: count, dataDirectory: dataDir),
            perClass: perClass, likeLimit: likeQueries ?? perClass, providerLimit: providerQueries ?? perClass,
            typingTitles: quick ? 3 : 20, processRuns: quick ? 3 : 15,
            importRounds: quick ? 1 : importRounds, sections: sections)
        let text = try await suite.run { FileHandle.standardError.write(Data("trove-bench: \($0)…\n".utf8)) }
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

    func run() async throws {
        switch kind {
        case "import":
            guard let side = arguments.first.flatMap(ImportBenchmark.Side.init(rawValue:)) else {
                throw ValidationError("_child import needs a side: \(ImportBenchmark.Side.allCases.map(\.rawValue))")
            }
            print(try await ImportBenchmark.child(side, workload: Workload(seed: seed, count: count, dataDirectory: dataDir)))
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
