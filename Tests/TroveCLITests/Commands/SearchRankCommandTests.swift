import Foundation
import Testing

/// `trove search --rank` and the ranking part of `--explain`, through the real binary.
@Suite struct SearchRankCommandTests {
    private func ids(_ arguments: [String]) throws -> [Int] {
        let result = try TroveProcess.run(["--demo", "search", "--format", "jsonl"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try result.stdout.split(separator: "\n").map { line in
            let hit = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(hit["id"] as? Int)
        }
    }

    @Test func troveRankingIsTheDefaultAndBM25StaysSelectable() throws {
        // Renew passport (67) first by Trove's ranking; bm25 puts Scan travel documents (77) first.
        #expect(try ids(["passport"]).prefix(2) == [67, 77])
        #expect(try ids(["--rank", "trove", "passport"]).prefix(2) == [67, 77])
        #expect(try ids(["--rank", "bm25", "passport"]).prefix(2) == [77, 67])
        // bm25 puts the completed 68 last; bm25-mixed ranks it by its bm25 score alone.
        #expect(try ids(["--rank", "bm25", "passport"]).last == 68)
        #expect(try ids(["--rank", "bm25-mixed", "passport"]).last != 68)
    }

    @Test func aCursorContinuesOnlyItsOwnRanking() throws {
        let first = try TroveProcess.run(["--demo", "search", "--rank", "bm25", "--limit", "2", "--format", "json", "call"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        let cursor = try #require((object["next"] as? [String: Any])?["after"] as? String)
        let same = try TroveProcess.run(["--demo", "search", "--rank", "bm25", "--limit", "2", "--after", cursor, "call"])
        #expect(same.status == 0, "\(same.stderr)")
        let other = try TroveProcess.run(["--demo", "search", "--limit", "2", "--after", cursor, "call"])
        #expect(other.status == 2)
        #expect(other.stderr.hasPrefix("trove: "))
    }

    @Test func explainTakesEachHitsScoreApart() throws {
        let result = try TroveProcess.run(["--demo", "search", "--explain", "--limit", "2", "passport"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("trove_rank(\"reminders_fts\""))
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("ranking:") })
        #expect(lines[start + 1] == "  67  Renew passport")
        #expect(lines[start + 2].hasPrefix("    title 6.776 (length 2, average 4.96); notes 0.000"))
        // `passport` is typed as a prefix and stands whole in the title: the exact-word bonus, 1.0 × idf.
        #expect(lines[start + 2].contains("exact word +3.488;"))
        #expect(lines[start + 2].hasSuffix("score 10.264; idf 3.488"))
        #expect(lines[start + 3] == "  77  Scan travel documents")
        // Under bm25 there is no breakdown: the score is FTS5's.
        let bm25 = try TroveProcess.run(["--demo", "search", "--explain", "--rank", "bm25", "passport"])
        #expect(!bm25.stdout.contains("ranking:"))
    }

    // Issue 50: the reminder titled "Dentist" came after notes that mention the dentist more
    // often. Exactness is a tier: equal title, leading segment, title starting with the words.
    @Test func theTitleEqualToTheQueryComesFirst() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        var lines: [String] = []
        for i in 0..<20 {
            lines.append(#"{"title":"Errand \#(i)","notes":"The dentist said floss; ask the dentist about the dentist's bill."}"#)
        }
        for title in ["Call the dentist", "Dentist appointment Tuesday", "Dentist: book the cleaning", "Dentist"] {
            lines.append(#"{"title":"\#(title)"}"#)
        }
        let file = folder.path("dentist.jsonl")
        try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try TroveProcess.run(["import", file, "--db", db])
        try #require(imported.status == 0, "\(imported.stderr)")
        let result = try TroveProcess.run(["search", "--db", db, "--format", "jsonl", "--limit", "2", "dentist"])
        #expect(result.status == 0, "\(result.stderr)")
        let titles = result.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["title"] as? String
        }
        #expect(titles == ["Dentist", "Dentist: book the cleaning"])
        let phrase = try TroveProcess.run(["search", "--db", db, "--format", "jsonl", "--limit", "1", "dentist", "appointment"])
        // NB: one hit (`--limit 1`): the phrase at the start of its title.
        #expect(phrase.stdout.contains("Dentist appointment Tuesday"), "\(phrase.stdout)")
        let explained = try TroveProcess.run(["search", "--db", db, "--explain", "--limit", "1", "dentist"])
        #expect(explained.stdout.contains("exactness equal +"), "\(explained.stdout)")
    }
}
