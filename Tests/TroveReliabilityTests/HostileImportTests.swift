import Foundation
import Testing

/// Malformed files through `trove import`: a clear error naming the file and the line, exit 2,
/// nothing from the file imported, and the database exactly as before.
@Suite(.serialized) struct HostileImportTests {
    struct BadFile: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        /// The line the error must name.
        var line: Int
        var testDescription: String { name }

        init(_ name: String, _ text: String, line: Int) { self.init(name, Array(text.utf8), line: line) }
        init(_ name: String, _ bytes: [UInt8], line: Int) {
            self.name = name
            self.bytes = bytes
            self.line = line
        }
    }

    static let tenMegabytes = String(repeating: "lorem ipsum ", count: 10_000_000 / 12)
    /// Under the readers' 4 MiB line limit, so the line after it is the one at fault.
    static let threeMegabytes = String(repeating: "lorem ipsum ", count: 3_000_000 / 12)

    static let badFiles: [BadFile] = [
        BadFile("truncated.jsonl", #"{"title":"ok"}"# + "\n" + #"{"title":"cut", "priority":"#, line: 2),
        BadFile("wrong-type.jsonl", #"{"title":"ok"}"# + "\n" + #"{"title":5}"# + "\n", line: 2),
        BadFile("wrong-type-tags.jsonl", #"{"title":"ok","tags":"home"}"# + "\n", line: 1),
        BadFile("missing-title.jsonl", #"{"title":"ok"}"# + "\n\n" + #"{"notes":"no title"}"# + "\n", line: 3),
        BadFile("invalid-utf8.jsonl", Array(#"{"title":"ok"}"#.utf8) + [10] + Array(#"{"title":"a"#.utf8) + [0xFF, 0x22, 0x7D, 10], line: 2),
        BadFile("not-json.jsonl", "title: ok\n", line: 1),
        BadFile("nul.jsonl", #"{"title":"ok"}"# + "\n\u{0}\n", line: 2),
        BadFile("huge-line-cut.jsonl", #"{"title":"ok"}"# + "\n" + #"{"title":"huge","notes":""# + tenMegabytes, line: 2),
        BadFile("ten-megabyte-line.jsonl", #"{"title":"huge","notes":""# + tenMegabytes + "\"}\n", line: 1),
        BadFile("after-huge-line.jsonl",
            #"{"title":"huge","notes":""# + threeMegabytes + "\"}\n" + #"{"title":"ok"}"# + "\n" + #"{"title":[]}"# + "\n", line: 3),
        BadFile("unclosed-quote.csv", "title,list\nok,Home\n\"unterminated,Home\n", line: 3),
        BadFile("wrong-type.csv", "title,priority\nok,1\nbad,urgent\n", line: 3),
        BadFile("invalid-utf8.csv", Array("title,list\nok,Home\nb".utf8) + [0xC3, 0x28] + Array(",Home\n".utf8), line: 3),
        BadFile("crlf-missing-title.csv", "\u{FEFF}title,list\r\nok,Home\r\n,Home\r\n", line: 3),
        BadFile("truncated.ics", "BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:ok\nEND:VTODO\nBEGIN:VTODO\nSUMMARY:cut\n", line: 5),
        BadFile("wrong-type.ics", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:ok\r\nDUE:soon\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", line: 4),
        BadFile("invalid-utf8.ics", Array("BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:b".utf8) + [0xE2, 0x82] + Array("\nEND:VTODO\nEND:VCALENDAR\n".utf8), line: 3),
        BadFile("wrong-type.txt", "ok one\n(A) bad due:2026-13-45\n", line: 2),
        BadFile("invalid-utf8.txt", Array("ok one\nbad ".utf8) + [0xFE, 0xFF, 10], line: 2),
    ]

    @Test(arguments: badFiles)
    func aMalformedFileIsRejectedWholeWithItsLineNamed(_ file: BadFile) throws {
        let folder = try TemporaryFolder()
        let db = folder.path("trove.db")
        try makeSeededDatabase(at: db)
        let path = folder.path(file.name)
        try Data(file.bytes).write(to: URL(fileURLWithPath: path))
        let before = try DatabaseState.read(db)
        let exportBefore = try TroveProcess.run(["export", "--db", db]).stdout

        let result = try TroveProcess.run(["import", path, "--db", db] + (file.name.hasSuffix(".txt") ? ["--format", "todotxt"] : []))

        print("hostile import \(file.name) (\(file.bytes.count) bytes): exit \(result.status); \(result.stderr.split(separator: "\n").first ?? "")".prefix(300))
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(path), line \(file.line)"), "\(result.stderr.prefix(400))")
        #expect(result.stderr.contains("Nothing from \(path) was imported"))
        #expect(rawSQLiteWording(in: result.stderr) == nil)
        #expect(try DatabaseState.read(db) == before)
        #expect(try TroveProcess.run(["export", "--db", db]).stdout == exportBefore)
        let check = try TroveProcess.run(["check", "--db", db])
        #expect(check.status == 0, "\(check.stdout)")
    }

    struct GoodFile: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var count: Int
        var testDescription: String { name }
    }

    /// What a demanding user expects to just work: a BOM from Windows tools, CRLF line ends, and
    /// an empty file (nothing to import is not an error).
    static let goodFiles: [GoodFile] = [
        GoodFile(name: "bom-crlf.jsonl", text: "\u{FEFF}" + #"{"title":"bom"}"# + "\r\n" + #"{"title":"crlf"}"# + "\r\n", count: 2),
        GoodFile(name: "bom-crlf.csv", text: "\u{FEFF}title,list\r\nbom,Home\r\ncrlf,Home\r\n", count: 2),
        GoodFile(name: "bom-crlf.ics",
                 text: "\u{FEFF}BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:bom\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", count: 1),
        GoodFile(name: "bom-crlf.txt", text: "\u{FEFF}bom one\r\nx 2026-03-01 crlf two\r\n", count: 2),
        GoodFile(name: "empty.jsonl", text: "", count: 0),
    ]

    @Test(arguments: goodFiles)
    func byteOrderMarksAndCRLFAreAccepted(_ file: GoodFile) throws {
        let folder = try TemporaryFolder()
        let db = folder.path("trove.db")
        try makeSeededDatabase(at: db)
        let path = folder.path(file.name)
        try file.text.write(toFile: path, atomically: true, encoding: .utf8)
        let before = try DatabaseState.read(db)
        let result = try TroveProcess.run(["import", path, "--db", db] + (file.name.hasSuffix(".txt") ? ["--format", "todotxt"] : []))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(file.count == 0
            ? "\(path): no reminders in it; nothing imported."
            : "Imported \(path): \(file.count) added, 0 updated, 0 unchanged."), "\(result.stdout)")
        let after = try DatabaseState.read(db)
        #expect(after.reminders == before.reminders + file.count)
        // No title may keep a BOM or a carriage return.
        let export = try TroveProcess.run(["export", "--db", db]).stdout
        #expect(!export.contains("\u{FEFF}") && !export.contains("\\r"))
    }
}
