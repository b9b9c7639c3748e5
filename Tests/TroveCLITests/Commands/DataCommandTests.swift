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

    /// Tags keep the order given (they were stored in name order): `school-run` style tags read
    /// as the person wrote them, in every output.
    @Test func tagsKeepTheOrderGiven() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        try TroveProcess.run(["add", "Pick up the kids", "--tag", "school", "--tag", "run", "--db", db])
        try TroveProcess.run(["edit", "1", "--tag", "after", "--db", db])
        #expect(try TroveProcess.run(["search", "kids", "--db", db]).stdout.contains("#school #run #after"))
        #expect(try TroveProcess.run(["export", "--db", db]).stdout.contains(#""tags":["school","run","after"]"#))
        #expect(try TroveProcess.run(["search", "tag:run", "--format", "jsonl", "--db", db]).stdout
            .contains(#""tags":["school","run","after"]"#))
    }

    /// Regression: the last block on a connection's queue still held it when the process
    /// exited, so the connection never closed and `-wal`/`-shm` outlived about half the
    /// commands (a copy of the .db alone then missed recent changes).
    @Test func noWALOutlivesACommand() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        for index in 0..<12 {
            try #require(try TroveProcess.run(["add", "Reminder \(index)", "--db", db]).status == 0)
            #expect(!FileManager.default.fileExists(atPath: db + "-wal"), "after add \(index)")
            #expect(try TroveProcess.run(["lists", "--db", db]).status == 0)
            #expect(!FileManager.default.fileExists(atPath: db + "-wal"), "after lists \(index)")
        }
    }

    /// Two processes using one database through two hard links can corrupt it (SQLite's own
    /// documented hazard); every command that opens such a file warns once.
    @Test func aDatabaseWithTwoHardLinksIsWarnedAboutOncePerCommand() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        try #require(try TroveProcess.run(["add", "x", "--db", db]).status == 0)
        try FileManager.default.linkItem(atPath: db, toPath: folder.path("other.db"))
        let warning = "trove: warning: \(db) has 2 hard links; two troves using it through different links at once can "
            + "corrupt it (SQLite cannot tell they are one file). Use one path for it, and copy it rather than link it.\n"
        for arguments in [["lists"], ["add", "y"], ["search", "x"], ["export"]] {
            let result = try TroveProcess.run(arguments + ["--db", db])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stderr == warning, "\(arguments)")
        }
        try FileManager.default.removeItem(atPath: folder.path("other.db"))
        #expect(try TroveProcess.run(["lists", "--db", db]).stderr.isEmpty)
    }

    /// Issue 15: the shipping binary has no benchmark or debug commands; they live in `trove-bench`.
    @Test func theShippingBinaryHasNoBenchmarkOrDebugCommands() throws {
        for command in ["generate", "debug-typing-latency"] {
            let result = try TroveProcess.run([command, "--count", "5"])
            #expect(result.status == 2, "\(command): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let help = try TroveProcess.run(["--help"])
        #expect(!help.stdout.contains("generate") && !help.stdout.contains("debug"))
    }

    @Test func demoOpensTheSeededDatabaseInMemory() throws {
        let result = try TroveProcess.run(["lists", "--demo"])
        #expect(result.status == 0)
        for list in ["Home", "Work", "Groceries", "Health", "Travel", "Reading"] {
            #expect(result.stdout.contains(list))
        }
    }
}
