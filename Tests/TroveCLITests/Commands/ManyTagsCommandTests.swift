import Foundation
import Testing

/// Issue 15: one reminder with very many tags. Up to the limit (10,000) they go through the real
/// `trove` whole and in order; past it every path refuses with one sentence naming the count and
/// the limit, and changes nothing. The cost (was quadratic: 100,000 tags held the write lock for
/// 84 s) is measured by `scripts/many-tags`, never here.
@Suite(.serialized) struct ManyTagsCommandTests {
    static let limit = 10_000

    /// `t09999`, `t09998`, … `t00000`: given out of name order, so a store that sorted them
    /// would show; every 1,000th also repeated in capitals, a repeat the import drops and the
    /// limit does not count.
    static func given(_ count: Int) -> [String] {
        (0..<count).reversed().flatMap { index -> [String] in
            let name = "t" + String(repeating: "0", count: 5 - String(index).count) + String(index)
            return index % 1_000 == 0 ? [name, name.uppercased()] : [name]
        }
    }

    static func kept(_ count: Int) -> [String] { given(count).filter { $0.hasPrefix("t") } }

    static func jsonLine(title: String, tags: [String]) -> String {
        #"{"title":"\#(title)","tags":["# + tags.map { "\"\($0)\"" }.joined(separator: ",") + "]}\n"
    }

    /// The tags of every exported reminder, in export order.
    static func exportedTags(_ db: String) throws -> [[String]] {
        let export = try TroveProcess.run(["export", "--db", db])
        try #require(export.status == 0, "\(export.stderr)")
        return try export.stdout.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return try #require(object?["tags"] as? [String])
        }
    }

    @Test func aReminderWithTheMostTagsImportsExportsAndEditsInOrder() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        let file = folder.path("many.jsonl")
        let kept = Self.kept(Self.limit)
        try Self.jsonLine(title: "Many tags", tags: Self.given(Self.limit)).write(toFile: file, atomically: true, encoding: .utf8)

        let imported = try TroveProcess.run(["import", file, "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("Imported \(file): 1 added"))
        #expect(try Self.exportedTags(db) == [kept])

        // The same file again: a line without uid now matches the stored reminder on content
        // (issue 20, item 2), so --on-conflict duplicate asks for a second reminder, linked to
        // the tags the first one created.
        #expect(try TroveProcess.run(["import", file, "--on-conflict", "duplicate", "--db", db]).status == 0)
        #expect(try Self.exportedTags(db) == [kept, kept])
        let tags = try TroveProcess.run(["tags", "--db", db])
        #expect(tags.stdout.split(separator: "\n").filter { $0.contains("t00000") }.count == 1)

        // At the limit, a tag in for a tag out.
        let edited = try TroveProcess.run(["edit", "1", "--untag", "t09999", "--tag", "extra", "--db", db])
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(try Self.exportedTags(db) == [Array(kept.dropFirst()) + ["extra"], kept])

        let found = try TroveProcess.run(["search", "tag:t02345", "--format", "jsonl", "--db", db])
        #expect(found.stdout.split(separator: "\n").count == 2)
        let check = try TroveProcess.run(["check", "--db", db])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    @Test func oneTagMoreThanTheLimitIsRefusedEverywhereAndChangesNothing() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        let atLimit = folder.path("limit.jsonl")
        try Self.jsonLine(title: "At the limit", tags: Self.given(Self.limit)).write(toFile: atLimit, atomically: true, encoding: .utf8)
        try #require(try TroveProcess.run(["import", atLimit, "--db", db]).status == 0)
        let before = try TroveProcess.run(["export", "--db", db]).stdout
        let sentence = "A reminder can have at most 10,000 tags, and this one would have 10,001;"

        // Import: the file is refused whole, naming its line and field.
        let over = folder.path("over.jsonl")
        try (Self.jsonLine(title: "Fine", tags: ["a"]) + Self.jsonLine(title: "Too many", tags: Self.given(Self.limit + 1)))
            .write(toFile: over, atomically: true, encoding: .utf8)
        let imported = try TroveProcess.run(["import", over, "--db", db])
        #expect(imported.status == 2, "\(imported.stderr)")
        #expect(imported.stderr.contains("line 2"), "\(imported.stderr)")
        #expect(imported.stderr.contains("tags"))
        #expect(imported.stderr.contains(sentence), "\(imported.stderr)")

        // Add: every --tag counted.
        let add = try TroveProcess.run(["add", "Too many", "--db", db] + Self.kept(Self.limit + 1).flatMap { ["--tag", $0] })
        #expect(add.status == 2, "\(add.stderr)")
        #expect(add.stderr.contains(sentence), "\(add.stderr)")

        // Edit: one more on a reminder at the limit.
        let edit = try TroveProcess.run(["edit", "1", "--tag", "one-more", "--db", db])
        #expect(edit.status == 2, "\(edit.stderr)")
        #expect(edit.stderr.contains(sentence), "\(edit.stderr)")

        #expect(try TroveProcess.run(["export", "--db", db]).stdout == before)
        expectNoRawSQLiteText(imported.stderr + add.stderr + edit.stderr)
    }
}
