import Foundation
import Testing
import TroveBenchKit

/// Runs the built `trove-bench --quick` as CI does, so that the benchmark code never rots:
/// every row of the table must be there and hold measured numbers.
@Suite(.serialized) struct BenchSmokeTests {
    /// `.build/debug/trove-bench`, beside the test bundle that SwiftPM runs.
    static let binary: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("trove-bench").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("trove-bench")
    }()

    static func quickRun() throws -> (status: Int32, table: String) {
        // NB: the benchmarks read peak RSS from /usr/bin/time; a missing one fails here, by name.
        try #require(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/time"),
            "this test needs /usr/bin/time, which is not installed; run scripts/bootstrap (or apt-get install time)")
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("trove-bench-smoke-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let (status, text) = try run(["--quick", "--data-dir", data.path])
        return (status, text)
    }

    /// Runs `trove-bench ARGUMENTS…` to the end; its standard error is thrown away.
    static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func quickRunPrintsEveryRowWithNumbers() throws {
        let (status, text) = try Self.quickRun()
        #expect(status == 0)
        // NB: the relevance table comes last, under its own header.
        let parts = text.components(separatedBy: "\n| Corpus ")
        try #require(parts.count == 2, "the quality section prints its table")
        let rows = parts[0].split(separator: "\n").filter { $0.hasPrefix("| ") }.dropFirst()
        let measures = rows.map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(measures.allSatisfy { $0.count == 6 })

        let areas = Set(measures.map { $0[0] })
        let expected = ["Import", "As-you-type", "Memory", "Startup", "Index size", "Index option", "Typo"]
            + QueryClass.allCases.map { "Query: \($0.label)" }
        #expect(Set(expected).isSubset(of: areas), "missing: \(Set(expected).subtracting(areas))")
        for queryClass in QueryClass.allCases {
            // fts, settled with a helper reader vs one connection, and with a SearchProvider's
            // caches vs without, FTS5's own ranked query, settled with Trove's ranking vs bm25
            // (per class, then paired per query), settled without the typo tier, like,
            // SearchProvider.
            let rows = measures.filter { $0[0] == "Query: \(queryClass.label)" }
            #expect(rows.count == 9, "\(queryClass)")
            let helper = rows.first { $0[1].hasPrefix("fts settled answer with a helper reader") }
            #expect(helper?[3].hasPrefix("one connection: ") == true, "\(queryClass): \(String(describing: helper))")
            let cached = rows.first { $0[1].hasPrefix("fts settled answer with a helper reader and a SearchProvider's caches") }
            #expect(cached?[3].hasPrefix("without them: ") == true, "\(queryClass): \(String(describing: cached))")
            let paired = rows.first { $0[1].hasPrefix("Trove's ranking / --rank bm25 per query") }
            #expect(paired?[2].hasPrefix("×") == true && paired?[3] == "×1.00", "\(queryClass): \(String(describing: paired))")
        }
        #expect(measures.filter { $0[0] == "Memory" }.count == 2)
        #expect(measures.filter { $0[0] == "Index option" }.count == 3)
        #expect(measures.filter { $0[0] == "Index size" }.count == 4, "file, FTS, substring index, trigram over every row")
        #expect(measures.filter { $0[0] == "Typo" }.count == 4)
        #expect(measures.contains { $0[0] == "Typo" && $0[2] == "0 of 10" }, "the trie and fts5vocab agree")

        // Every Trove and baseline cell that should hold a figure holds a digit, and none failed.
        for row in measures where !row[3].isEmpty {
            #expect(row[2].contains(where: \.isNumber) && row[3].contains(where: \.isNumber), "\(row)")
            #expect(!(row[2] + row[3] + row[4]).contains("n/a") && !(row[2] + row[3]).contains("error"), "\(row)")
        }
        // The relevance table: the seed queries under each ranking, with figures between 0 and 1.
        let quality = parts[1].split(separator: "\n").filter { $0.hasPrefix("| seed-data") }
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(quality.map { $0[2] } == [
            "Trove", "Trove without exactness tiers (before issue 50)", "BM25F alone (Trove's weights; no boosts, no tiers)",
            "bm25, open first (Trove before)", "bm25 alone", "the reminders as one SearchIndex declaration (issue 18)",
        ])
        // NB: the declared reminders answer as the engine does (DeclaredRemindersTests), so
        // they score as Trove's ranking does.
        #expect(quality.last.map { Array($0[3...5]) } == quality.first.map { Array($0[3...5]) })
        for row in quality {
            let figures = row[3...5].compactMap(Double.init)
            #expect(figures.count == 3 && figures.allSatisfy { (0...1).contains($0) }, "\(row)")
        }
        #expect(text.contains("- SQLite: 3."))
        #expect(text.contains("- N: 2,000 reminders"))
    }
}

/// `trove-bench generate`, moved out of `trove` (issue 15): the same seed gives the same file.
@Suite struct GenerateCommandTests {
    static func generate(_ arguments: [String]) throws -> (status: Int32, stdout: String) {
        try BenchSmokeTests.run(["generate"] + arguments)
    }

    // `trove-bench app-index` on a small generated table: every class has a row, each with
    // measured SearchIndex figures (one connection, typos off, two readers, two readers with a
    // trie of the index's words, the typing stream's first answer and how many of those were
    // provisional, one connection with done notes ranked last), and the text classes a plain
    // FTS5 baseline beside them.
    @Test func appIndexPrintsEveryClassBesideFTS5() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("trove-bench-app-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let (status, text) = try BenchSmokeTests.run(["app-index", "--count", "2000", "--sample", "3", "--rounds", "1", "--data-dir", data.path])
        #expect(status == 0)
        #expect(text.contains("An app's table of 2000 rows"))
        #expect(text.contains("SearchIndex.migrate built the index in"))
        #expect(text.contains("Writes: 2000 notes in one INSERT … SELECT: "))
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| ") }.dropFirst()
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(rows.map { $0[0] } == QueryClass.allCases.map(\.label))
        for row in rows {
            #expect(row[2].hasSuffix(" ms"), "\(row)")
            #expect(row[3].hasSuffix(" ms"), "\(row)")
            #expect(row[4].hasSuffix(" ms"), "\(row)")   // two readers, its answer equal to one connection's
            #expect(row[5].hasSuffix(" ms"), "\(row)")   // and with the trie, equal too
            #expect(row[6].hasSuffix(" ms"), "\(row)")   // the typing stream's first answer, its final one equal too
            #expect(Int(row[7]).map { (0...3).contains($0) } == true, "\(row)")   // how many first answers were provisional
            #expect(row[8].hasSuffix(" ms") == (row[0] != QueryClass.filterOnly.label), "\(row)")
            #expect(row[11].hasSuffix(" ms"), "\(row)")   // the same search with done notes ranked last
        }
    }

    @Test func generateIsDeterministicJSONLines() throws {
        let a = try Self.generate(["--count", "50", "--seed", "7"])
        let b = try Self.generate(["--count", "50", "--seed", "7"])
        let c = try Self.generate(["--count", "50", "--seed", "8"])
        #expect(a.status == 0)
        #expect(a.stdout == b.stdout)
        #expect(a.stdout != c.stdout)
        #expect(a.stdout.split(separator: "\n").count == 50)
        #expect(a.stdout.hasPrefix("{\"id\":null,\"uid\":null,\"title\":"))
    }

    @Test func aCountOutOfRangeIsRefusedWithTheRange() throws {
        #expect(try Self.generate(["--count", "-1"]).status != 0)
        #expect(try Self.generate(["--count", "9223372036854775807"]).status != 0)
    }
}
