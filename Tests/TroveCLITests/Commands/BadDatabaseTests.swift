import Foundation
import Testing

/// Damaged, foreign and missing database paths: a clear sentence, a non-zero exit, and the
/// file left exactly as it was.
@Suite(.serialized) struct BadDatabaseTests {
    @Test func aTextFileIsNotADatabaseAndStaysUntouched() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("notes.txt")
        try "just some text, not a database\n".write(toFile: path, atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try TroveProcess.run(["lists", "--db", path])
        #expect(result.status == 3)
        #expect(result.stderr.contains("not a SQLite database"))
        // The path leads the sentence exactly as typed (it was once capitalised).
        #expect(result.stderr.hasPrefix("trove: \(path) is not"))
        expectNoRawSQLiteText(result.stderr)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func someoneElsesSQLiteFileIsRefusedAndStaysUntouched() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("other.db")
        let sqlite = Process()
        sqlite.executableURL = try requireTool("sqlite3")
        sqlite.arguments = [path, "CREATE TABLE invoices(id INTEGER PRIMARY KEY, total REAL); INSERT INTO invoices VALUES (1, 9.5);"]
        try sqlite.run()
        sqlite.waitUntilExit()
        try #require(sqlite.terminationStatus == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try TroveProcess.run(["add", "x", "--db", path])
        #expect(result.status == 3)
        #expect(result.stderr.contains("not one of Trove's"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aMissingFolderIsNamedAndNotCreated() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("missing/t.db")
        let result = try TroveProcess.run(["add", "x", "--db", path])
        #expect(result.status == 3)
        #expect(result.stderr.contains("does not exist"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("missing")))
    }

    @Test func aFolderInsteadOfAFileIsNamed() throws {
        let folder = try TemporaryFolder()
        let result = try TroveProcess.run(["lists", "--db", folder.url.path])
        #expect(result.status == 3)
        #expect(result.stderr.contains("folder"))
    }

    @Test func readingAPathWithNoDatabaseSaysHowToMakeOne() throws {
        let folder = try TemporaryFolder()
        let result = try TroveProcess.run(["lists", "--db", folder.path("none.db")])
        #expect(result.status == 3)
        #expect(result.stderr.contains("trove init"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("none.db")))
    }
}
