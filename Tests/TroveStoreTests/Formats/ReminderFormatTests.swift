import Foundation
import Testing
import TroveStore

@Suite struct ReminderFormatTests {
    @Test(arguments: [
        ("jsonl", ReminderFormat.jsonl), ("NDJSON", .jsonl), (".csv", .csv), ("ics", .ics), ("ical", .ics),
        ("txt", .todotxt), ("TXT", .todotxt),
    ])
    func recognisesFileExtensions(fileExtension: String, format: ReminderFormat) {
        #expect(ReminderFormat(fileExtension: fileExtension) == format)
    }

    @Test(arguments: ["json", "xlsx", "", "."])
    func rejectsUnknownExtensions(fileExtension: String) {
        #expect(ReminderFormat(fileExtension: fileExtension) == nil)
    }

    @Test func findsTheFormatFromAPath() {
        #expect(ReminderFormat(path: "/home/me/todo.txt") == .todotxt)
        #expect(ReminderFormat(path: "exports/tasks.v2.jsonl") == .jsonl)
        #expect(ReminderFormat(path: "-") == nil)
        #expect(ReminderFormat(path: "dir.ics/readme") == nil)
    }

    @Test func describesErrorsWithFileLineFieldAndRemedy() {
        var error = FormatError(line: 3, field: "DUE", fieldKind: .property, problem: "bad date", remedy: "Fix it.")
        #expect(error.description == #"line 3, property "DUE": bad date. Fix it."#)
        error.file = "cal.ics"
        #expect(error.description == #"cal.ics, line 3, property "DUE": bad date. Fix it."#)
    }

    @Test(arguments: ReminderFormat.allCases)
    func everyFormatReadsBackWhatItWrites(format: ReminderFormat) throws {
        let records = [
            ReminderRecord(title: "One", list: "Work", tags: ["a"], priority: .high, due: .day(day("2026-03-02"))),
            ReminderRecord(title: "Two", isCompleted: true, completedAt: Moments.mar1Midnight, createdAt: Moments.feb20Midnight),
        ]
        let sink = ByteSink()
        var writer = format.makeWriter(sink)
        for record in records { try writer.write(record) }
        try writer.finish()
        var reader = format.makeReader(LineReader(bytes: sink.bytes))
        var read: [ReminderRecord] = []
        while let record = try reader.next() { read.append(record) }
        // iCalendar always writes a UID and a DTSTAMP (RFC 5545 §3.6.2), read back as uid and updatedAt.
        if format == .ics {
            read = read.map { record in
                var record = record
                record.uid = nil
                record.updatedAt = nil
                return record
            }
        }
        #expect(read == records)
    }

    @Test func writesToAFileThroughTheSink() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trove-sink-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        var writer = ReminderFormat.jsonl.makeWriter(ByteSink(fileHandle: handle))
        // Enough records to pass the 64 KiB block several times.
        for index in 0..<3000 { try writer.write(ReminderRecord(title: "Reminder \(index)")) }
        try writer.finish()
        try handle.close()
        var reader = ReminderFormat.jsonl.makeReader(try LineReader(path: url.path))
        var count = 0
        while let record = try reader.next() {
            #expect(record.title == "Reminder \(count)")
            count += 1
        }
        #expect(count == 3000)
    }
}
