import Foundation
import TroveSQLite
import TroveSearch
import TroveStore

/// As-you-type: real titles' first words typed letter by letter. For each text it times the
/// first ResultSet through `SearchProvider.results(for:request:)` (latest wins), the time
/// until the engine's stream settles (its last ResultSet, which is final), and the direct
/// floor of the same SQL.
public struct TypingBenchmark {
    public var path: String
    public var titles: [String]

    public init(path: String, titles: [String]) {
        self.path = path
        self.titles = titles
    }

    /// Every prefix of the first two words of each title: "b", "bu", "buy", "buy ", "buy m", …
    public static func keystrokes(titles: [String]) -> [String] {
        titles.flatMap { title -> [String] in
            let text = title.split(separator: " ").prefix(2).joined(separator: " ")
            return (1...max(1, text.count)).map { String(text.prefix($0)) }
        }
    }

    public func run(into report: inout BenchReport) async throws {
        let texts = Self.keystrokes(titles: titles)
        let database = try SQLiteDatabase(path: path, readers: 2, options: .init(readOnly: true))
        let provider = try SearchProvider(database: database)
        let (input, typed) = AsyncStream.makeStream(of: String.self)
        var results = provider.results(for: input, request: QueryBenchmark.request(BenchQuery(""))).makeAsyncIterator()
        let clock = ContinuousClock()
        var first: [Duration] = []
        for text in texts {
            let start = clock.now
            typed.yield(text)
            guard try await results.next() != nil else { throw BenchError("the SearchProvider stream ended early") }
            first.append(clock.now - start)
        }
        typed.finish()

        let replay = try Replay(path: path)
        var settled: [Duration] = [], floor: [Duration] = [], sets: [Int] = []
        for text in texts {
            let request = QueryBenchmark.request(BenchQuery(text, typing: true))
            let start = clock.now
            var count = 0
            for try await _ in FTSEngine().results(for: request, in: database) { count += 1 }
            settled.append(clock.now - start)
            sets.append(count)
            floor.append(try replay.time(FTSEngine(), request).1)
        }
        let firstStats = LatencyStats(first), settledStats = LatencyStats(settled), floorStats = LatencyStats(floor)
        let area = "As-you-type"
        report.add(area, "text → first ResultSet, SearchProvider latest-wins (\(texts.count) keystrokes, \(titles.count) titles)",
            trove: Format.pair(firstStats), baseline: "same SQL direct: \(Format.pair(floorStats))",
            versus: Format.overheads(firstStats, over: floorStats), target: "p99 < 16 ms (moonshot)")
        report.add(area, "text → stream settled (engine's last ResultSet; up to \(sets.max() ?? 0) per text)",
            trove: Format.pair(settledStats), baseline: "same SQL direct: \(Format.pair(floorStats))",
            versus: Format.overheads(settledStats, over: floorStats))
    }
}
