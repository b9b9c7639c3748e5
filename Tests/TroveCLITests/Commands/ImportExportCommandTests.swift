import Foundation
import Testing

@Suite(.serialized) struct ImportExportCommandTests {
    @Test func seedImportsAndExportsByteForByte() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        let imported = try TroveProcess.run(["import", seedFile.path, "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        let lineCount = try String(contentsOf: seedFile, encoding: .utf8).split(separator: "\n").count
        #expect(imported.stdout.hasPrefix("Imported \(seedFile.path): \(lineCount) added, 0 updated, 0 unchanged."))

        let exported = try TroveProcess.run(["export", "--db", db])
        #expect(exported.status == 0)
        // The seed file is written in the canonical shape, in creation order, with its ids and
        // uids, so exporting what was imported into an empty database gives the same bytes back.
        #expect(exported.stdout == (try String(contentsOf: seedFile, encoding: .utf8)))
        #expect(try TroveProcess.run(["check", "--db", db]).status == 0)
    }

    @Test func aBadLineRejectsTheWholeFileAndNamesIt() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        try TroveProcess.run(["add", "Keep me", "--db", db])
        let bad = folder.path("bad.jsonl")
        try """
            {"title":"fine"}
            {"title":"also fine","priority":"urgent"}
            {"title":"never reached"}

            """.write(toFile: bad, atomically: true, encoding: .utf8)
        let result = try TroveProcess.run(["import", bad, "--db", db])
        #expect(result.status == 2)
        #expect(result.stderr.contains("bad.jsonl"))
        #expect(result.stderr.contains("line 2"))
        #expect(result.stderr.contains("priority"))
        #expect(result.stderr.contains("Nothing from"))
        let export = try TroveProcess.run(["export", "--db", db])
        #expect(export.stdout.split(separator: "\n").count == 1)
        #expect(export.stdout.contains("Keep me"))
    }

    /// Found by the argv fuzz test: only the formats were checked before importing, so a
    /// missing second file left the first one imported.
    @Test func aMissingOrUnreadableFileIsRefusedBeforeAnythingIsImported() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        try TroveProcess.run(["add", "Keep me", "--db", db])
        let good = folder.path("good.jsonl")
        try #"{"title":"fine"}"#.write(toFile: good, atomically: true, encoding: .utf8)
        let before = try TroveProcess.run(["export", "--db", db]).stdout
        for second in [folder.path("missing.jsonl"), folder.url.path] {
            let result = try TroveProcess.run(["import", good, second, "--format", "jsonl", "--db", db])
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.contains(second))
            #expect(!result.stderr.contains("Already imported"))
        }
        #expect(try TroveProcess.run(["export", "--db", db]).stdout == before)
    }

    /// Issue 53, item 10: `import good.jsonl missing.jsonl` was reported to add "There is no
    /// Trove database at … yet" to the missing file's sentence; it names only the file, into a
    /// new database as into an existing one, and creates no database.
    @Test func aMissingFileIntoANewDatabaseIsNamedAlone() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("new.db")
        let good = folder.path("good.jsonl")
        try #"{"title":"fine"}"#.write(toFile: good, atomically: true, encoding: .utf8)
        let missing = folder.path("missing.jsonl")
        for environment in [["TROVE_DB": db], ["TROVE_DB": "", "XDG_DATA_HOME": folder.path("data")]] {
            let arguments = ["import", good, missing] + (environment["TROVE_DB"] == "" ? [] : ["--db", db])
            let result = try TroveProcess.run(arguments, environment: environment)
            #expect(result.status == 2)
            #expect(result.stderr == "trove: Cannot read \(missing): No such file or directory.\nNothing from \(missing) was imported; fix it and import that file again.\n", "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: db))
        #expect(!FileManager.default.fileExists(atPath: folder.path("data/trove/trove.db")))
    }

    @Test func standardInputImportsWithAFormat() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        let result = try TroveProcess.run(["import", "-", "--format", "todotxt", "--db", db], stdin: "(A) Call mum +Home @phone due:2026-03-04\n")
        #expect(result.status == 0, "\(result.stderr)")
        let exported = try TroveProcess.run(["export", "--db", db])
        #expect(exported.stdout.contains("\"title\":\"Call mum\""))
        #expect(exported.stdout.contains("\"list\":\"Home\""))
        #expect(exported.stdout.contains("\"tags\":[\"phone\"]"))
        #expect(exported.stdout.contains("\"priority\":\"high\""))
    }

    @Test func anUnknownExtensionAsksForAFormat() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("notes.xyz")
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try TroveProcess.run(["import", file, "--db", folder.path("t.db")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--format"))
    }
}
