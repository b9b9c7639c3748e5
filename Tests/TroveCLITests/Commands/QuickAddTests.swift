import Foundation
import Testing
import TroveStore
@testable import TroveCLI

/// Quick-add tokens in `trove add`: the parser as a table, then the command through the real binary.
@Suite struct QuickAddTests {
    /// Tue 24 Nov 2026, 10:00 UTC.
    static let reader = NaturalDate(now: Date(timeIntervalSince1970: 1_795_514_400), timeZone: TimeZone(identifier: "UTC")!)
    static let lists = ["Home", "Reminders", "Home Office"]

    static func day(_ text: String) -> DueDate { .day(CalendarDay(text)!) }

    struct Case: CustomTestStringConvertible, Sendable {
        var words: [String]
        var title: String
        var list: String? = nil
        var tags: [String] = []
        var priority: Priority? = nil
        var due: DueDate? = nil
        var kept: [String] = []
        var literalCount = 0
        var given = QuickAdd.Given()

        var testDescription: String { words.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(words: ["Buy", "oat", "milk"], title: "Buy oat milk"),
        // No token read: the title is exactly as typed, double spaces too.
        Case(words: ["Buy  oat", "milk"], title: "Buy  oat milk"),
        Case(words: ["Call", "mom", "+home", "#family", "^fri", "!!"], title: "Call mom", list: "Home", tags: ["family"],
             priority: .medium, due: day("2026-11-27")),
        Case(words: ["Call mom @family tag:phone @Family"], title: "Call mom", tags: ["family", "phone"]),
        // todo.txt's meanings (issue 20, item 1): the first +project is the list, a further one
        // the tag +Project, an @context a tag.
        Case(words: ["Call", "plumber", "+Home", "+Urgent", "@phone"], title: "Call plumber", list: "Home", tags: ["+Urgent", "phone"]),
        Case(words: ["Plan", "+Trip"], title: "Plan", list: "Trip"),
        Case(words: ["Plan", "+Trip", "list:Work"], title: "Plan list:Work", list: "Trip", kept: ["list:Work"]),
        Case(words: ["Plan", "list:Work", "+Trip"], title: "Plan", list: "Work", tags: ["+Trip"]),
        Case(words: ["Pay", "rent", "list:Bills"], title: "Pay rent", list: "Bills"),
        Case(words: ["Pay", "rent", "list:home"], title: "Pay rent", list: "Home"),
        Case(words: ["Print", "list:\"Home", "Office\"", "slides"], title: "Print slides", list: "Home Office"),
        Case(words: ["Fix", "it", "!!!"], title: "Fix it", priority: .high),
        Case(words: ["Fix", "it", "p:low"], title: "Fix it", priority: .low),
        Case(words: ["Fix", "it", "priority:MEDIUM"], title: "Fix it", priority: .medium),
        // A date phrase runs on over the next words while they still read as a date, and no further.
        Case(words: ["Lunch", "^next", "fri", "with", "Sam"], title: "Lunch with Sam", due: day("2026-12-04")),
        Case(words: ["Dentist", "due:tomorrow", "9am"], title: "Dentist",
             due: .time(Date(timeIntervalSince1970: 1_795_514_400 + 23 * 3600))),
        Case(words: ["Gifts", "due:\"dec", "24\""], title: "Gifts", due: day("2026-12-24")),
        Case(words: ["Gifts", "^dec", "24", "2027"], title: "Gifts", due: day("2027-12-24")),
        Case(words: ["^fri", "buy", "milk"], title: "buy milk", due: day("2026-11-27")),
        // Ambiguous or unreadable tokens stay text, each with its reason.
        Case(words: ["Email", "@john", "about", "it"], title: "Email about it", tags: ["john"]),
        Case(words: ["Room", "@12"], title: "Room @12", kept: ["@12"]),
        Case(words: ["Ask", "@", "desk"], title: "Ask @ desk", kept: ["@"]),
        Case(words: ["Fix", "bug", "#12"], title: "Fix bug #12", kept: ["#12"]),
        Case(words: ["Someday", "due:blah"], title: "Someday due:blah", kept: ["due:blah"]),
        Case(words: ["Wow", "!!!!"], title: "Wow !!!!"),
        Case(words: ["Pick", "p:urgent"], title: "Pick p:urgent", kept: ["p:urgent"]),
        Case(words: ["Two", "list:Home", "list:Work"], title: "Two list:Work", list: "Home", kept: ["list:Work"]),
        Case(words: ["Two", "^fri", "^mon"], title: "Two ^mon", due: day("2026-11-27"), kept: ["^mon"]),
        // Plain text that only looks like a token: no note.
        Case(words: ["Add", "+1", "to", "C++", "and", "2", "^", "3"], title: "Add +1 to C++ and 2 ^ 3"),
        Case(words: ["Mail", "bob@example.com"], title: "Mail bob@example.com"),
        // After `--`, words are text whatever they look like.
        Case(words: ["Call", "#x", "#12", "^fri"], title: "Call #12 ^fri", tags: ["x"], literalCount: 2),
        // Options win: the token for the same field stays text; tags add up (tested in the command).
        Case(words: ["Call", "list:Home", "^fri", "!"], title: "Call list:Home ^fri !", kept: ["list:Home", "^fri", "!"],
             given: .init(list: true, due: true, priority: true)),
        Case(words: ["Call", "+Home"], title: "Call", tags: ["+Home"], given: .init(list: true)),
        Case(words: ["#a", "^fri"], title: "", tags: ["a"], due: day("2026-11-27")),
    ]

    @Test(arguments: cases)
    func readsTheTokensAndKeepsTheRestAsTitle(_ test: Case) {
        let read = QuickAdd.read(test.words, literalCount: test.literalCount, lists: Self.lists, given: test.given, dates: Self.reader)
        #expect(read.title == test.title)
        #expect(read.list == test.list)
        #expect(read.tags == test.tags)
        #expect(read.priority == test.priority)
        #expect(read.due == test.due)
        #expect(read.kept.map(\.token) == test.kept)
    }

    @Test func keptTokensSayWhy() {
        let read = QuickAdd.read(["Email", "@1", "due:blah"], lists: Self.lists, dates: Self.reader)
        #expect(read.kept.map(\.sentence) == [
            "Kept ‘@1’ as title text: a tag starts with a letter, as in @phone or #family.",
            "Kept ‘due:blah’ as title text: not a date Trove knows; due: and ^ take fri, tomorrow, next fri, dec 24, 1w.",
        ])
    }

    @Test func theTerminatorCountsTheWordsAfterIt() {
        #expect(Add.literalCount(arguments: ["trove", "add", "a", "#b"], words: ["a", "#b"]) == 0)
        #expect(Add.literalCount(arguments: ["trove", "add", "a", "--db", "x", "--", "#b", "-c"], words: ["a", "#b", "-c"]) == 2)
    }

    // MARK: - Through the binary

    @Test func addReadsTheTokensAndSaysWhatItRead() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        #expect(try TroveProcess.run(["add", "Seed", "--list", "Home", "--db", db]).status == 0)
        let added = try TroveProcess.run(["add", "Call", "mom", "+home", "^next fri", "@family", "!!", "--db", db])
        #expect(added.status == 0, "\(added.stderr)")
        let friday = try NaturalDate().parse("next fri").spoken(today: NaturalDate().today)
        #expect(added.stdout == "Added 2: Call mom (Home), due \(friday), !!, #family\n")
        #expect(added.stderr.isEmpty)
        let shown = try TroveProcess.run(["show", "2", "--format", "json", "--db", db])
        #expect(shown.stdout.contains("\"title\":\"Call mom\""))
        #expect(shown.stdout.contains("\"tags\":[\"family\"]"))
        #expect(shown.stdout.contains("\"priority\":\"medium\""))
    }

    @Test func anAmbiguousTokenStaysInTheTitleAndStderrSaysWhy() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        let added = try TroveProcess.run(["add", "Email", "@1", "about", "it", "due:someday", "--db", db])
        #expect(added.status == 0)
        #expect(added.stdout == "Added 1: Email @1 about it due:someday (Reminders)\n")
        #expect(added.stderr == """
            Kept ‘@1’ as title text: a tag starts with a letter, as in @phone or #family.
            Kept ‘due:someday’ as title text: not a date Trove knows; due: and ^ take fri, tomorrow, next fri, dec 24, 1w.

            """)
    }

    @Test func optionsWinOverTokensAndTagsAddUp() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        let added = try TroveProcess.run([
            "add", "Pay", "list:Bills", "@money", "--list", "Home", "--tag", "rent", "--due", "2026-12-01", "^fri", "--db", db,
        ])
        #expect(added.status == 0, "\(added.stderr)")
        let due = DueDate.day(CalendarDay("2026-12-01")!).spoken(today: CalendarDay(Date()))
        #expect(added.stdout == "Added 1: Pay list:Bills ^fri (Home), due \(due), #rent #money\n")
        #expect(added.stderr.contains("Kept ‘list:Bills’ as title text: --list gives the list."))
        #expect(added.stderr.contains("Kept ‘^fri’ as title text: --due gives the due date."))
    }

    @Test func wordsAfterTheTerminatorStayText() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        let added = try TroveProcess.run(["add", "Fix", "@bug", "--db", db, "--", "#12", "^today", "!!"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "Added 1: Fix #12 ^today !! (Reminders), #bug\n")
    }

    // Regression (issue 20, item 1): `+Home` made a tag and `@phone` stayed in the title, while
    // the same line imported as todo.txt made a list Home and a tag phone.
    @Test func addReadsPlusAndAtAsTodoTxtDoes() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        let added = try TroveProcess.run(["add", "Call", "plumber", "+Home", "@phone", "--db", db])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "Added 1: Call plumber (Home), #phone\n")
        let line = folder.path("line.txt")
        try "Call plumber +Home @phone\n".write(toFile: line, atomically: true, encoding: .utf8)
        #expect(try TroveProcess.run(["import", line, "--on-conflict", "duplicate", "--db", db]).status == 0)
        let shown = try TroveProcess.run(["search", "--all", "--format", "jsonl", "--db", db])
        let rows = shown.stdout.split(separator: "\n")
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { $0.contains("\"title\":\"Call plumber\"") && $0.contains("\"list\":\"Home\"") && $0.contains("\"tags\":[\"phone\"]") })
    }

    @Test func tokensAloneAreNoTitleAndCreateNothing() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        let added = try TroveProcess.run(["add", "@errand", "^fri", "--db", db])
        #expect(added.status == 2)
        #expect(added.stderr.hasPrefix("trove: The title is empty once its quick-add tokens"))
        #expect(!FileManager.default.fileExists(atPath: db))
    }
}
