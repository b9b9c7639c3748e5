import Foundation
import Testing

/// Issue 53, item 4: a file that says one thing twice, or two things that cannot both hold, is
/// refused through `trove import` (exit 2, naming the file, the line and the field), and the
/// database stays exactly as it was. Before, the reader kept the last value, or dropped one,
/// without a word. Item 10: a NUL character where the schema cannot hold it is the same kind
/// of error, not "The database reported an error" (exit 3).
@Suite(.serialized) struct AmbiguousImportTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        /// The line the error must name.
        var line: Int
        /// How the error names the field: `field "title"`, `property "SUMMARY"`, `key "note:"`.
        var field: String
        var testDescription: String { name }
    }

    static let ok = #"{"title":"ok"}"# + "\n"
    static func calendar(_ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VTODO"] + lines + ["END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    static let cases: [Case] = [
        Case(name: "title-twice.jsonl", text: ok + #"{"title":"t1","title":"t2"}"# + "\n", line: 2, field: #"field "title""#),
        Case(name: "unknown-key-twice.jsonl", text: #"{"title":"t","colour":1,"colour":2}"# + "\n", line: 1, field: #"field "colour""#),
        Case(name: "completedAt-not-completed.jsonl",
             text: ok + #"{"title":"t","completed":false,"completedAt":"2026-01-01T00:00:00Z"}"# + "\n", line: 2,
             field: #"field "completedAt""#),
        Case(name: "completedAt-without-completed.jsonl", text: #"{"title":"t","completedAt":"2026-01-01T00:00:00Z"}"# + "\n",
             line: 1, field: #"field "completedAt""#),
        Case(name: "id-zero.jsonl", text: ok + #"{"title":"t","id":0}"# + "\n", line: 2, field: #"field "id""#),
        Case(name: "id-negative.jsonl", text: #"{"title":"t","id":-1}"# + "\n", line: 1, field: #"field "id""#),
        Case(name: "id-zero.csv", text: "title,id\nok,\nt,0\n", line: 3, field: #"column "id""#),
        Case(name: "completedAt-not-completed.csv", text: "title,completed,completedAt\nt,false,2026-01-01T00:00:00Z\n",
             line: 2, field: #"column "completedAt""#),
        Case(name: "summary-twice.ics", text: calendar(["SUMMARY:t1", "SUMMARY:t2"]), line: 5, field: #"property "SUMMARY""#),
        Case(name: "due-twice.ics", text: calendar(["SUMMARY:t", "DUE;VALUE=DATE:20260301", "DUE;VALUE=DATE:20260302"]),
             line: 6, field: #"property "DUE""#),
        Case(name: "note-twice.txt", text: "ok\nt note:a note:b\n", line: 2, field: #"key "note:""#),
        Case(name: "uid-twice.txt", text: "t uid:u1 uid:u2\n", line: 1, field: #"key "uid:""#),
        Case(name: "due-twice.txt", text: "t due:2026-03-01 due:2026-03-02\n", line: 1, field: #"key "due:""#),
        Case(name: "rec-and-rrule.txt", text: "ok\nt rec:1d rrule:FREQ=WEEKLY\n", line: 2, field: #"key "rrule:""#),
        Case(name: "nul-tag.jsonl", text: ok + #"{"title":"t","tags":["\u0000"]}"# + "\n", line: 2, field: #"field "tags""#),
        Case(name: "nul-title.jsonl", text: #"{"title":"\u0000x"}"# + "\n", line: 1, field: #"field "title""#),
        Case(name: "nul-list.jsonl", text: #"{"title":"t","list":"\u0000"}"# + "\n", line: 1, field: #"field "list""#),
        Case(name: "nul-tag.txt", text: "ok\nt @%00\n", line: 2, field: #"field "tags""#),
        // The store's sentence inside the import's used to end "hold no commas.. Fix that reminder".
        Case(name: "comma-tag.jsonl", text: #"{"title":"t","tags":["a,b"]}"# + "\n", line: 1, field: #"field "tags""#),
        Case(name: "nul-after-space-title.jsonl", text: #"{"title":" \u0000 "}"# + "\n", line: 1, field: #"field "title""#),
    ]

    /// A NUL after the first character was always stored and written back; it still is, in
    /// every text field.
    @Test func aNULInsideTheTextIsKeptAsItAlwaysWas() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("trove.db")
        let path = folder.path("nul-inside.jsonl")
        let line = #"{"title":"a\u0000b","notes":"\u0000","list":"L\u0000","tags":["t\u0000"],"uid":"\u0000u","icalendar":["X-A:\u0000"]}"#
        try (line + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let result = try TroveProcess.run(["import", path, "--db", db])
        #expect(result.status == 0, "\(result.stderr)")
        let export = try TroveProcess.run(["export", "--db", db]).stdout
        for part in [#""title":"a\u0000b""#, #""notes":"\u0000""#, #""list":"L\u0000""#, #""tags":["t\u0000"]"#, #""uid":"\u0000u""#] {
            #expect(export.contains(part), "\(export)")
        }
    }

    @Test(arguments: cases)
    func aRepeatedOrContradictoryFieldIsRefusedNamingTheLine(_ file: Case) throws {
        let folder = try TemporaryFolder()
        let db = folder.path("trove.db")
        try makeSeededDatabase(at: db)
        let path = folder.path(file.name)
        try file.text.write(toFile: path, atomically: true, encoding: .utf8)
        let before = try DatabaseState.read(db)
        let exportBefore = try TroveProcess.run(["export", "--db", db]).stdout

        let result = try TroveProcess.run(["import", path, "--db", db] + (file.name.hasSuffix(".txt") ? ["--format", "todotxt"] : []))

        print("ambiguous import \(file.name): exit \(result.status); \(result.stderr.split(separator: "\n").first ?? "")")
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(path), line \(file.line)"), "\(result.stderr)")
        #expect(result.stderr.contains(file.field), "\(result.stderr)")
        #expect(result.stderr.contains("Nothing from \(path) was imported"))
        #expect(!result.stderr.contains(".."), "\(result.stderr)")
        #expect(rawSQLiteWording(in: result.stderr) == nil)
        #expect(try DatabaseState.read(db) == before)
        #expect(try TroveProcess.run(["export", "--db", db]).stdout == exportBefore)
    }

    /// A file whose first record is refused before the database exists names the file too
    /// (it was read before the import began, which named the file only from then on).
    @Test func theFirstLineOfAFileForANewDatabaseIsRefusedNamingTheFile() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("new.db")
        let path = folder.path("title-twice.jsonl")
        try (#"{"title":"t1","title":"t2"}"# + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let result = try TroveProcess.run(["import", path, "--db", db])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("trove: \(path), line 1, field \"title\": the key appears twice in one object."), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    /// RFC 5545 says RRULE "SHOULD NOT" occur more than once, so a second one is read, not
    /// refused: the first repeats, the second is kept as written, and the import says which.
    @Test func aSecondRRULEIsKeptAsWrittenWithAWarningNamingTheOneThatRepeats() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("trove.db")
        let path = folder.path("two-rules.ics")
        try Self.calendar(["SUMMARY:t", "DUE;VALUE=DATE:20260302", "RRULE:FREQ=DAILY", "RRULE:FREQ=WEEKLY"])
            .write(toFile: path, atomically: true, encoding: .utf8)

        let result = try TroveProcess.run(["import", path, "--db", db])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Trove repeats by the first and keeps the others as written for export (line 7, after the RRULE on line 6)"), "\(result.stderr)")
        let export = try TroveProcess.run(["export", "--db", db]).stdout
        #expect(export.contains(#""repeat":"FREQ=DAILY""#), "\(export)")
        #expect(export.contains(#""icalendar":["RRULE:FREQ=WEEKLY"]"#), "\(export)")
    }
}
