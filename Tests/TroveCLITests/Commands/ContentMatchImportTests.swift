import Foundation
import Testing

/// A re-import of lines without uid matches stored reminders on content (issue 20, item 2),
/// through the real `trove`.
@Suite(.serialized) struct ContentMatchImportTests {
    static let todoTxt = """
        (A) Call plumber +Home +Urgent @phone rec:1w
        2026-02-20 Buy milk +Groceries @dairy due:2026-03-02
        x 2026-03-01 Renew passport +Travel
        Buy milk +Groceries @dairy due:2026-03-02

        """

    static func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    // Regression: importing a todo.txt twice added every line twice, silently.
    @Test func aTodoTxtImportedTwiceAddsNothingTheSecondTime() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db"), file = folder.path("todo.txt")
        try Self.write(Self.todoTxt, to: file)
        let first = try TroveProcess.run(["import", file, "--db", db])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("Imported \(file): 4 added, 0 updated, 0 unchanged."))
        let before = try TroveProcess.run(["export", "--db", db]).stdout
        let second = try TroveProcess.run(["import", file, "--db", db])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.hasPrefix("Imported \(file): 0 added, 0 updated, 4 unchanged (matched on content)."))
        #expect(try TroveProcess.run(["export", "--db", db]).stdout == before)
        // Nothing changed, so no journal entry: the newest is still the first import.
        let log = try TroveProcess.run(["log", "--db", db])
        #expect(log.stdout.components(separatedBy: "imported").count == 2, "\(log.stdout)")
    }

    @Test func aChangedLineIsAddedBesideTheOthersAndMatchingIsReported() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db"), file = folder.path("todo.txt")
        try Self.write(Self.todoTxt, to: file)
        #expect(try TroveProcess.run(["import", file, "--db", db]).status == 0)
        try Self.write(Self.todoTxt.replacingOccurrences(of: "Renew passport", with: "Renew passports"), to: file)
        let again = try TroveProcess.run(["import", file, "--db", db])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.hasPrefix("Imported \(file): 1 added, 0 updated, 3 unchanged (matched on content)."))
    }

    @Test func duplicateKeepsAddingLinesWithoutUid() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db"), file = folder.path("todo.txt")
        try Self.write(Self.todoTxt, to: file)
        #expect(try TroveProcess.run(["import", file, "--db", db]).status == 0)
        let again = try TroveProcess.run(["import", file, "--on-conflict", "duplicate", "--db", db])
        #expect(again.stdout.hasPrefix("Imported \(file): 4 added, 0 updated, 0 unchanged."))
        #expect(try TroveProcess.run(["export", "--db", db]).stdout.split(separator: "\n").count == 8)
    }

    @Test func jsonLinesWithoutUidsMatchOnContentBesideUidMatches() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db"), file = folder.path("tasks.jsonl")
        try Self.write("""
            {"title":"Pay rent","list":"Bills","due":"2026-03-01","tags":["money"],"createdAt":"2026-02-01T09:00:00Z"}
            {"title":"Water plants","notes":"the fern too"}
            {"uid":"fixed-1","title":"Has a uid"}

            """, to: file)
        let first = try TroveProcess.run(["import", file, "--db", db])
        #expect(first.stdout.hasPrefix("Imported \(file): 3 added, 0 updated, 0 unchanged."), "\(first.stdout)\(first.stderr)")
        let second = try TroveProcess.run(["import", file, "--db", db])
        #expect(second.stdout.hasPrefix("Imported \(file): 0 added, 0 updated, 3 unchanged (2 matched on content)."), "\(second.stdout)")
        // A different creation time is another reminder.
        try Self.write(#"{"title":"Pay rent","list":"Bills","due":"2026-03-01","tags":["money"],"createdAt":"2026-02-02T09:00:00Z"}"# + "\n", to: file)
        let third = try TroveProcess.run(["import", file, "--db", db])
        #expect(third.stdout.hasPrefix("Imported \(file): 1 added, 0 updated, 0 unchanged."), "\(third.stdout)")
    }
}
