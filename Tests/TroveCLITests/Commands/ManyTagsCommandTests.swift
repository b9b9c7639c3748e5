import Foundation
import Testing

/// Issue 15: one reminder with very many tags goes through the real `trove` whole and in order.
/// Its cost (was quadratic: 100,000 tags held the write lock for 84 s) is measured by
/// `scripts/many-tags`, never here.
@Suite(.serialized) struct ManyTagsCommandTests {
    static let count = 20_000

    /// `t19999`, `t19998`, … `t00000`: given out of name order, so a store that sorted them
    /// would show; every 1,000th also repeated in capitals, a repeat the import drops.
    static let given: [String] = (0..<count).reversed().flatMap { index -> [String] in
        let name = "t" + String(repeating: "0", count: 5 - String(index).count) + String(index)
        return index % 1_000 == 0 ? [name, name.uppercased()] : [name]
    }

    static var kept: [String] { given.filter { $0.hasPrefix("t") } }

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

    @Test func aReminderWithTwentyThousandTagsImportsExportsAndEditsInOrder() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        let file = folder.path("many.jsonl")
        try Self.jsonLine(title: "Many tags", tags: Self.given).write(toFile: file, atomically: true, encoding: .utf8)

        let imported = try TroveProcess.run(["import", file, "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("Imported \(file): 1 added"))
        #expect(try Self.exportedTags(db) == [Self.kept])

        // The same file again: a second reminder, linked to the tags the first one created.
        #expect(try TroveProcess.run(["import", file, "--db", db]).status == 0)
        #expect(try Self.exportedTags(db) == [Self.kept, Self.kept])
        let tags = try TroveProcess.run(["tags", "--db", db])
        #expect(tags.stdout.split(separator: "\n").filter { $0.contains("t00000") }.count == 1)

        let edited = try TroveProcess.run(["edit", "1", "--untag", "t19999", "--tag", "extra", "--db", db])
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(try Self.exportedTags(db) == [Array(Self.kept.dropFirst()) + ["extra"], Self.kept])

        let found = try TroveProcess.run(["search", "tag:t12345", "--format", "jsonl", "--db", db])
        #expect(found.stdout.split(separator: "\n").count == 2)
        let check = try TroveProcess.run(["check", "--db", db])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }
}
