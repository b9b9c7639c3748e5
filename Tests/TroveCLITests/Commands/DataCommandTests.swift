import Foundation
import Testing

@Suite(.serialized) struct DataCommandTests {
    @Test func initCreatesTheDatabaseAndIsSafeToRepeat() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        let first = try TroveProcess.run(["init", "--db", db])
        #expect(first.status == 0)
        #expect(first.stdout.contains("Created \(db)"))
        let second = try TroveProcess.run(["init", "--db", db])
        #expect(second.status == 0)
        #expect(second.stdout.contains("is ready"))
    }

    @Test func addThenListsAndTagsShowIt() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        let added = try TroveProcess.run(["add", "Buy milk", "--db", db, "--list", "Groceries", "--tag", "dairy", "--tag", "errand", "--priority", "high", "--due", "2026-03-02"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.hasPrefix("Added 1: Buy milk (Groceries)"))
        let lists = try TroveProcess.run(["lists", "--db", db])
        #expect(lists.stdout.contains("Groceries     1     0"))
        let tags = try TroveProcess.run(["tags", "--db", db])
        #expect(tags.stdout.contains("dairy"))
        #expect(tags.stdout.contains("errand"))
    }

    @Test func doneUndoneAndRemoveChangeWhatListsCount() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        try TroveProcess.run(["add", "One", "--db", db, "--list", "Home"])
        try TroveProcess.run(["add", "Two", "--db", db, "--list", "Home"])
        #expect(try TroveProcess.run(["done", "1", "2", "--db", db]).stdout.contains("Completed 2 of 2"))
        #expect(try TroveProcess.run(["lists", "--db", db]).stdout.contains("Home     0     2"))
        #expect(try TroveProcess.run(["undone", "2", "--db", db]).status == 0)
        #expect(try TroveProcess.run(["rm", "1", "--db", db]).stdout.contains("Deleted 1"))
        #expect(try TroveProcess.run(["lists", "--db", db]).stdout.contains("Home     1     0"))
    }

    @Test func anEmptyTitleIsAClearUsageError() throws {
        let folder = try TemporaryFolder()
        let result = try TroveProcess.run(["add", "   ", "--db", folder.path("t.db")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("title"))
        expectNoRawSQLiteText(result.stderr)
    }

    @Test func editingAnUnknownIdSaysSoAndExitsNonZero() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        try TroveProcess.run(["init", "--db", db])
        let result = try TroveProcess.run(["edit", "42", "--title", "x", "--db", db])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no reminder 42"))
    }

    @Test func generateIsDeterministicJSONLines() throws {
        let a = try TroveProcess.run(["generate", "--count", "50", "--seed", "7"])
        let b = try TroveProcess.run(["generate", "--count", "50", "--seed", "7"])
        let c = try TroveProcess.run(["generate", "--count", "50", "--seed", "8"])
        #expect(a.status == 0)
        #expect(a.stdout == b.stdout)
        #expect(a.stdout != c.stdout)
        #expect(a.stdout.split(separator: "\n").count == 50)
        #expect(a.stdout.hasPrefix("{\"id\":null,\"uid\":null,\"title\":"))
    }

    @Test func demoOpensTheSeededDatabaseInMemory() throws {
        let result = try TroveProcess.run(["lists", "--demo"])
        #expect(result.status == 0)
        for list in ["Home", "Work", "Groceries", "Health", "Travel", "Reading"] {
            #expect(result.stdout.contains(list))
        }
    }
}
