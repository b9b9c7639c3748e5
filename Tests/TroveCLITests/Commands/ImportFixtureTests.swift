import Foundation
import Testing
import TroveStore

/// The import table: real-world-style iCalendar and todo.txt files (Tests/TroveCLITests/Fixtures/Import),
/// written from RFC 5545, the todo.txt format and the apps' documented exports, each imported
/// by the real `trove` into an empty database, then imported again.
@Suite(.serialized) struct ImportFixtureTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        /// Reminders the file holds.
        var expected: Int
        /// Completed occurrences recorded on their repeating reminder instead.
        var occurrences = 0
        /// Words each expected warning contains.
        var warnings: [String] = []
        /// What the export must say about the reminders, as substrings of its JSON Lines.
        var exported: [String] = []
        var testDescription: String { file }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Import")

    static let cases: [Case] = [
        Case(file: "rfc5545-vtodo.ics", expected: 2, exported: [
            #""uid":"20070313T123432Z-456553@example.com""#, #""tags":["FAMILY","FINANCE"]"#, #""due":"2007-05-01""#,
            #""icalendar":["CLASS:CONFIDENTIAL"]"#, #""completedAt":"2007-07-07T10:00:00.000Z""#, #""priority":"high""#,
        ]),
        Case(file: "rfc5545-valarm.ics", expected: 1, warnings: ["1 floating time"], exported: [
            #""due":"1998-04-14T22:00:00.000Z""#, #""BEGIN:VALARM","ACTION:AUDIO""#, #""ATTENDEE;PARTSTAT=ACCEPTED:mailto:jqpublic@example.com""#,
        ]),
        Case(file: "apple-reminders.ics", expected: 3, exported: [
            #""due":"2026-03-02T18:00:00.000Z","repeat":"FREQ=WEEKLY;BYDAY=MO""#, #""due":"2026-07-15T07:00:00.000Z""#,
            #""X-APPLE-SORT-ORDER:734256000""#, #""list":"Home""#, #""completedAt":"2026-02-20T17:55:00.000Z""#,
        ]),
        Case(file: "thunderbird.ics", expected: 2, warnings: ["escaped comma"], exported: [
            #""tags":["Work","Food， drink"]"#, #""STATUS:IN-PROCESS","PERCENT-COMPLETE:40""#, #""notes":"Venue; catering; agenda.""#,
            #""due":"2026-01-30T16:00:00.000Z""#, #""RELATED-TO:b1f1c9e2-6f6a-4b52-9c1e-7d8a0b9f3e21""#,
        ]),
        Case(file: "nextcloud-tasks.ics", expected: 2, warnings: ["8 floating times"], exported: [
            #""due":"2026-04-01T10:00:00.000Z""#, #""RELATED-TO;RELTYPE=PARENT:8a1b2c3d-0001-4e5f-9a8b-112233445566""#,
        ]),
        Case(file: "tasks-org.ics", expected: 2, exported: [
            #""due":"2026-03-15","repeat":"FREQ=MONTHLY;BYMONTHDAY=15""#, #""repeat":"FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR""#,
            #""notes":"Ten minutes, every weekday.""#,
        ]),
        Case(file: "synology.ics", expected: 2, exported: [#""list":"NAS Tasks""#, #""LOCATION:Server room""#]),
        Case(file: "emclient.ics", expected: 1, warnings: ["1 floating time"], exported: [
            #""due":"2026-03-05T16:00:00.000Z""#, #""title":"Send the invoice to Baker & Co""#,
        ]),
        Case(file: "outlook-windows-tz.ics", expected: 2, exported: [
            #""due":"2026-06-30T15:00:00.000Z""#, #""due":"2026-12-15T16:00:00.000Z""#,
        ]),
        Case(file: "evolution.ics", expected: 1, exported: [#""due":"2026-06-01T06:00:00.000Z""#]),
        Case(file: "events-only.ics", expected: 0),
        Case(file: "no-summary.ics", expected: 2, exported: [#""title":"Ring the garage""#, #""title":"(untitled)""#]),
        Case(file: "folded-utf8.ics", expected: 1, exported: [#""title":"Grüße an Zoë und 東京の友達に手紙を書く 🌸 — nicht vergessen""#]),
        Case(file: "repeating-occurrence.ics", expected: 1, occurrences: 1, exported: [
            #""completions":[{"due":"2026-03-02","completedAt":"2026-03-02T18:55:00.000Z"}]"#,
        ]),
        Case(file: "completed-no-time.ics", expected: 1, exported: [#""completed":true,"completedAt":null"#]),
        Case(file: "mixed-components.ics", expected: 2, warnings: ["outside Trove's subset", "1 event", "1 journal entry"], exported: [
            #""icalendar":["RRULE:FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2"]"#, #""tags":["release","urgent","work"]"#,
        ]),
        Case(file: "todotxt-spec.txt", expected: 11, exported: [
            #""title":"Thank Mom for the meatballs","notes":"","list":"Reminders","tags":["phone"],"priority":"high""#,
            #""title":"Call Mom","notes":"","list":"Family","tags":["+PeaceLoveAndHappiness","iphone","phone"]"#,
            #""title":"Review Tim's pull request","notes":"","list":"TodoTxtTouch","tags":["github"]"#,
            #""title":"Learn how to add 2+2""#, #""title":"Email SoAndSo at soandso@example.com""#,
        ]),
        Case(file: "todotxt-keyvalue.txt", expected: 6, exported: [
            #""repeat":"FREQ=WEEKLY""#, #""repeat":"FREQ=MONTHLY;INTERVAL=2""#, #""title":"Renew the library card t:2026-04-01""#,
            #""title":"File the expense claim","notes":"","list":"Work","tags":[],"priority":"high""#,
        ]),
        Case(file: "simpletask.txt", expected: 4, exported: [#""repeat":"FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR""#, #""priority":"low""#]),
        Case(file: "todotxt-crlf-bom.txt", expected: 3, exported: [#""title":"Call the plumber","notes":"","list":"Home""#]),
        Case(file: "todotxt-unicode.txt", expected: 4, exported: [
            #""title":"לקנות חלב","notes":"","list":"בית","tags":["סופר"]"#, #""title":"Café with Zoë ☕","notes":"","list":"Friends","tags":["café"]"#,
        ]),
        Case(file: "topydo.txt", expected: 3, exported: [#""title":"Get feedback on the proposal p:1 star:1""#]),
    ]

    static let environment = ["TZ": "Europe/Berlin"]

    @Test(arguments: cases)
    func importsAsTheAppsWroteIt(_ fixture: Case) throws {
        let work = try TemporaryFolder()
        let db = work.path("t.db")
        let path = Self.folder.appendingPathComponent(fixture.file).path
        let result = try TroveProcess.run(["import", path, "--db", db], environment: Self.environment)
        #expect(result.status == 0, "\(result.stderr)")
        expectNoRawSQLiteText(result.stderr)
        guard fixture.expected > 0 else {
            #expect(result.stdout == "\(path): 0 to-dos (3 events skipped); nothing imported.\n")
            #expect(!FileManager.default.fileExists(atPath: db), "an events-only file creates no database")
            return
        }
        var counts = "\(fixture.expected) added, 0 updated, 0 unchanged"
        if fixture.occurrences > 0 { counts += ", \(fixture.occurrences) completed occurrence recorded" }
        #expect(result.stdout.hasPrefix("Imported \(path): \(counts)."), "\(result.stdout)")
        for warning in fixture.warnings { #expect(result.stderr.contains(warning), "\(result.stderr)") }
        #expect(result.stderr.split(separator: "\n").count == fixture.warnings.count, "\(result.stderr)")
        let exported = try TroveProcess.run(["export", "--db", db])
        #expect(exported.stdout.split(separator: "\n").count == fixture.expected)
        for fact in fixture.exported { #expect(exported.stdout.contains(fact), "\(fact) not in \(exported.stdout)") }
        #expect(try TroveProcess.run(["check", "--db", db]).status == 0)

        // Again: an iCalendar file's UIDs match what the first import stored, so nothing changes.
        if fixture.file.hasSuffix(".ics") {
            let again = try TroveProcess.run(["import", path, "--db", db], environment: Self.environment)
            #expect(again.stdout.hasPrefix("Imported \(path): 0 added, 0 updated, \(fixture.expected + fixture.occurrences) unchanged."),
                    "\(again.stdout)")
            #expect(try TroveProcess.run(["export", "--db", db]).stdout == exported.stdout)
        }
    }

    @Test func thereAreAtLeastTwentyFixturesAndEveryOneIsInTheTable() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        #expect(files.count >= 20)
        #expect(files == Self.cases.map(\.file).sorted())
    }
}
