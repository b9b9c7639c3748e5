import Foundation
import Testing

/// Repeats at the edges of the calendar and of summer time, and how `--due` reads a clock
/// time, through the real binary (issue 53, items 2, 3 and 10).
@Suite(.serialized) struct RepeatEdgeCommandTests {
    /// The first reminder's exported fields, as JSON.
    static func exported(_ db: String) throws -> [String: Any] {
        let line = try TroveProcess.run(["export", "--db", db]).stdout.split(separator: "\n").first ?? ""
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    /// Item 2: `done` on a repeat whose next date lies past 9999-12-31 exported `"due":null`
    /// with the rule still on; now it completes for good, due date kept, as monthly and yearly did.
    @Test(arguments: [
        ("daily", "9999-12-31", 1), ("weekly", "9999-12-31", 1), ("FREQ=DAILY;INTERVAL=1000000", "2026-01-01", 3),
        ("monthly", "9999-12-31", 1), ("yearly", "9999-12-31", 1),
    ])
    func aRepeatWithNoNextDateBefore10000CompletesForGood(_ rule: String, _ due: String, _ dones: Int) throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        let added = try TroveProcess.run(["add", "t", "--due", due, "--repeat", rule, "--db", db])
        #expect(added.status == 0, "\(added.stderr)")
        var last = ""
        for _ in 0..<dones {
            let done = try TroveProcess.run(["done", "1", "--db", db])
            #expect(done.status == 0, "\(done.stderr)")
            last = (try Self.exported(db)["due"] as? String) ?? "null"
        }
        let reminder = try Self.exported(db)
        #expect(reminder["completed"] as? Bool == true, "\(reminder)")
        #expect(reminder["due"] as? String != nil, "\(reminder)")
        #expect(last != "null")
        let check = try TroveProcess.run(["check", "--db", db])
        #expect(check.status == 0, "\(check.stdout)")
    }

    /// Item 3: a daily 02:30 in a zone that skips 02:00–03:00 once is 03:30 that day only, and
    /// 02:30 again after. It stayed 03:30 for good in Berlin, and became 01:30 for good in New York.
    @Test(arguments: [
        // 2026-03-29 (Berlin) and 2026-03-08 (New York) skip from 02:00 to 03:00.
        ("Europe/Berlin", "2026-03-28 2:30am", ["2026-03-29T01:30:00.000Z", "2026-03-30T00:30:00.000Z", "2026-03-31T00:30:00.000Z"]),
        ("America/New_York", "2026-03-07 2:30am", ["2026-03-08T07:30:00.000Z", "2026-03-09T06:30:00.000Z", "2026-03-10T06:30:00.000Z"]),
    ])
    func aDailyTimeInASummerTimeGapMovesForwardForThatDayOnly(_ zone: String, _ due: String, _ expected: [String]) throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        let environment = ["TZ": zone]
        let added = try TroveProcess.run(["add", "t", "--due", due, "--repeat", "daily", "--db", db], environment: environment)
        #expect(added.status == 0, "\(added.stderr)")
        var dues: [String] = []
        for _ in expected {
            let done = try TroveProcess.run(["done", "1", "--db", db], environment: environment)
            #expect(done.status == 0, "\(done.stderr)")
            dues.append((try Self.exported(db)["due"] as? String) ?? "null")
        }
        #expect(dues == expected)
    }

    /// The written time is read from the completed occurrence before the moved one, which
    /// export and import carry, so a copy made on the moved day goes on at 02:30 too.
    @Test func theWrittenTimeSurvivesAnExportAndImportOnTheMovedDay() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        let environment = ["TZ": "Europe/Berlin"]
        #expect(try TroveProcess.run(["add", "t", "--due", "2026-03-28 2:30am", "--repeat", "daily", "--db", db], environment: environment).status == 0)
        #expect(try TroveProcess.run(["done", "1", "--db", db], environment: environment).status == 0)
        let file = folder.path("out.jsonl")
        #expect(try TroveProcess.run(["export", "-o", file, "--db", db]).status == 0)
        let copy = folder.path("copy.db")
        let imported = try TroveProcess.run(["import", file, "--db", copy], environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try TroveProcess.run(["done", "1", "--db", copy], environment: environment).status == 0)
        #expect(try Self.exported(copy)["due"] as? String == "2026-03-30T00:30:00.000Z")
    }

    /// Item 10: `--due "2026-03-07 02:30"` was read as UTC while `"2026-03-07 2:30am"` was read
    /// as local time; both are the local clock now, and a `Z` or an offset is kept as written.
    @Test func aDueClockTimeIsLocalHoweverItIsWritten() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        let environment = ["TZ": "America/New_York"]
        let phrases = ["2026-03-07 02:30", "2026-03-07 2:30am", "2026-03-07T02:30", "2026-03-07T02:30:00", "2026-03-07T07:30:00Z",
                       "2026-03-07T02:30:00-05:00"]
        for phrase in phrases {
            let added = try TroveProcess.run(["add", "t", "--due", phrase, "--db", db], environment: environment)
            #expect(added.status == 0, "\(phrase): \(added.stderr)")
        }
        let lines = try TroveProcess.run(["export", "--db", db]).stdout.split(separator: "\n")
        #expect(lines.count == phrases.count)
        for line in lines {
            #expect(line.contains(#""due":"2026-03-07T07:30:00.000Z""#), "\(line)")
        }
    }
}
