import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveStore

/// Schema 3's indexes are what make a search without text fast; these check that SQLite
/// actually picks them for the statements the engine writes (`EXPLAIN QUERY PLAN`).
///
/// NB: the plans are read on the 20,000-row generated database, without `ANALYZE` statistics,
/// as a user's database is. If SQLite stopped choosing these indexes, filter-only searches
/// would read every reminder again (~0.9 s at 1M), which no result test would notice.
@Suite("Filter index plans")
struct FilterIndexPlanTests {
    static func executor(_ text: String) -> SearchExecutor {
        let request = PhasedSearchTests.request(text, limit: 20)
        return SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
    }

    /// The plan's detail lines, e.g. `SEARCH reminders USING INDEX reminders_in_due_order (is_completed=?)`.
    static func plan(_ statement: SQLFragment) async throws -> [String] {
        let database = try await PhasedSearchTests.generated.value
        return try await database.read { db in
            try db.fetchAll("EXPLAIN QUERY PLAN " + statement).map { try $0[3] as String }
        }
    }

    @Test(arguments: [
        ("p:high", "reminders_in_due_order"), ("-is:flagged", "reminders_in_due_order"),
        ("tag:errand", "reminders_in_due_order"), ("", "reminders_in_due_order"), ("is:completed", "reminders_in_due_order"),
        ("is:flagged list:Work", "reminders_by_list"), ("list:Health", "reminders_by_list"),
        ("list:Work tag:errand -is:flagged", "reminders_by_list"),
    ])
    func filterOnlyPageWalksAnIndexInDueOrder(text: String, index: String) async throws {
        let plan = try await Self.plan(try Self.executor(text).pageStatement(on: nil))
        let reminders = plan.filter { $0.contains(" reminders ") || $0.hasSuffix(" reminders") }
        #expect(reminders.count == 1 && reminders[0].contains(index), "\(text): \(plan)")
        // A sort of the id alone, within equal keys, is fine; a sort of the whole order is not.
        #expect(!plan.contains("USE TEMP B-TREE FOR ORDER BY"), "\(text): \(plan)")
    }

    /// A `due:` range with both ends starts and stops the page's walk at the range, in
    /// `reminders_in_due_order` or `reminders_by_due`, instead of reading every open reminder
    /// in due order from the overdue ones on (1.3 s at 1,000,000 for `is:open due:week`).
    @Test(arguments: ["is:open due:week", "due:tomorrow", "due:2026-03-01..2026-03-05", "is:open due:on:today"])
    func dueRangesWalkOnlyTheRange(text: String) async throws {
        let page = try await Self.plan(try Self.executor(text).pageStatement(on: nil))
        let reminders = try #require(page.first { $0.contains(" reminders ") || $0.hasSuffix(" reminders") }, "\(text): \(page)")
        let rangeWalks = [
            "SEARCH reminders USING INDEX reminders_by_due (is_completed=? AND due_date>? AND due_date<?)",
            "SEARCH reminders USING INDEX reminders_in_due_order (is_completed=? AND <expr>=? AND <expr>>? AND <expr><?)",
        ]
        #expect(rangeWalks.contains(reminders), "\(text): \(page)")
        #expect(!page.contains("USE TEMP B-TREE FOR ORDER BY"), "\(text): \(page)")
    }

    @Test(arguments: ["is:flagged list:Work", "list:Health", "p:high list:Home", "-is:flagged list:Work"])
    func listFilterCountsReadOnlyTheListIndex(text: String) async throws {
        let plan = try await Self.plan(Self.executor(text).countSQL)
        let reminders = try #require(plan.first { $0.contains(" reminders ") || $0.hasSuffix(" reminders") })
        #expect(reminders.contains("COVERING INDEX reminders_by_list"), "\(text): \(plan)")
    }

    /// A one- or two-character word of a script whose words run together (春节) is looked
    /// for with LIKE in the rows of the partial index `reminders_with_substring_text` only,
    /// reading their text from the index (schema 11), not from the table.
    /// SQLite uses it only when the query repeats the index's WHERE exactly, so this fails if
    /// `SubstringScripts.held(in:)` and the schema's spelling of the test drift apart.
    @Test(arguments: ["春节", "-快乐 牛乳"])
    func shortSubstringsReadOnlyThePartialIndexsRows(text: String) async throws {
        let statement = try Self.executor(text).pageStatement(on: nil)
        let plan = try await Self.plan(statement)
        #expect(plan.contains { $0.contains("USING COVERING INDEX reminders_with_substring_text") }, "\(text): \(plan)")
        #expect(!plan.contains { $0.hasPrefix("SCAN substring_rows") && !$0.contains("reminders_with_substring_text") }, "\(text): \(plan)")
    }

    /// A word that is both an index prefix and a substring (春节 matches `"春节"*` and LIKE
    /// '%春节%') reads each source once: one IN of their UNION. As two ORed INs, SQLite ran a
    /// MULTI-INDEX OR and then tested every row against both lists again, reading each twice.
    @Test func aWordsIndexRowsAndSubstringRowsAreReadOnce() async throws {
        let plan = try await Self.plan(try Self.executor("春节").pageStatement(on: nil))
        #expect(plan.filter { $0.contains("reminders_with_substring_text") }.count == 1, "\(plan)")
        #expect(plan.filter { $0.contains("reminders_fts VIRTUAL TABLE") }.count == 1, "\(plan)")
        #expect(!plan.contains { $0.contains("MULTI-INDEX OR") }, "\(plan)")
    }

    /// `--explain`'s score breakdown walks the MATCH once and reads only the listed reminders:
    /// no `rowid=?` probe of the index per id (`:=` in the plan), which runs the MATCH again.
    @Test(arguments: ["call", "a", "milk bread"])
    func theScoreBreakdownWalksTheMatchOnce(text: String) async throws {
        let statement = try #require(TroveRanking.breakdownStatement(of: PhasedSearchTests.request(text, limit: 20), ids: [1, 2, 3]))
        let plan = try await Self.plan(statement)
        #expect(plan.count == 2, "\(text): \(plan)")
        #expect(plan.first?.hasPrefix("SCAN reminders_fts VIRTUAL TABLE INDEX 0:M") == true, "\(text): \(plan)")
        #expect(plan.last == "SEARCH reminders USING INTEGER PRIMARY KEY (rowid=?)", "\(text): \(plan)")
    }

    /// The first page of a `tag:` search without text walks at most ``SearchExecutor/tagWalkSize``
    /// entries of an index in due order, probes their tags by id, and reads the page by id.
    @Test(arguments: [("tag:errand", "reminders_in_due_order"), ("list:Work tag:errand -is:flagged", "reminders_by_list")])
    func tagWalkReadsABoundedRunOfAnIndexInDueOrder(text: String, index: String) async throws {
        let plan = try await Self.plan(try #require(Self.executor(text).tagWalkStatement()))
        #expect(plan.contains { $0.hasPrefix("SEARCH reminders USING INDEX \(index) (") }, "\(text): \(plan)")
        #expect(plan.contains { $0.contains("reminders USING INTEGER PRIMARY KEY (rowid=?)") }, "\(text): \(plan)")
        #expect(plan.contains { $0.contains("reminder_tags USING PRIMARY KEY (reminder_id=? AND tag_id=?)") }, "\(text): \(plan)")
        #expect(!plan.contains { $0.contains("reminder_tags_by_tag") }, "no set of the tag's reminders: \(plan)")
    }

    /// Facets among a few matches read as ids look those rows up by id, whether or not the
    /// search is open-only: `is_completed = 0` answered from an index walked every open reminder.
    @Test(arguments: ["milk", "is:flagged list:Travel tag:home"])
    func facetsAmongMatchIDsReadTheRowsByID(text: String) async throws {
        for includeCompleted in [false, true] {
            let request = PhasedSearchTests.request(text, limit: 20, includeCompleted: includeCompleted)
            let executor = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
            let set = SearchExecutor.MatchSet(ids: IDList([3, 7, 11]), completed: 1)
            let plan = try await Self.plan(executor.facetsSQL(executor.facetsSource(among: set)))
            let reminders = plan.filter { $0.contains(" reminders ") || $0.hasSuffix(" reminders") }
            #expect(executor.isOpenOnly == !includeCompleted)
            #expect(reminders == ["SEARCH reminders USING INTEGER PRIMARY KEY (rowid=?)"], "\(text), \(includeCompleted): \(plan)")
        }
    }

    /// Without text a `tag:` filter is the set of the tag's reminders, read once by tag; with
    /// text each match's tags are probed by its id.
    @Test func tagFilterReadsByTagWithoutTextAndProbesByReminderWithIt() async throws {
        let counts = try await Self.plan(Self.executor("tag:errand").countSQL)
        #expect(counts.contains { $0.contains("reminder_tags USING COVERING INDEX reminder_tags_by_tag (tag_id=?)") }, "\(counts)")
        let withText = try await Self.plan(Self.executor("tag:errand milk").countSQL)
        #expect(withText.contains { $0.contains("reminder_tags USING PRIMARY KEY (reminder_id=? AND tag_id=?)") }, "\(withText)")
        #expect(withText.contains { $0.contains("VIRTUAL TABLE INDEX") }, "the text's matches drive: \(withText)")
    }

    /// With text, the MATCH is the outer loop even when a filter has an index of reminders:
    /// walking `reminders_by_list` or `reminders_in_due_order` first would run the MATCH once
    /// per reminder with `rowid = ?` (`INDEX 0:=M…`), which for a prefix without a prefix
    /// index rebuilds its doclist every time (`is:open list:Home tag:call call`: 200 s at 1M).
    @Test(arguments: [
        "is:open call", "list:Work milk", "is:flagged list:Home is", "p:high list:Home tag:errand errand",
        "is:completed list:Groceries email", "due:week call", "-is:flagged dentist appointment",
    ])
    func textMatchesDriveFilteredSearches(text: String) async throws {
        let executor = Self.executor(text)
        for statement in [try executor.pageStatement(on: nil), executor.countSQL] {
            let plan = try await Self.plan(statement)
            let fts = try #require(plan.firstIndex { $0.contains("reminders_fts VIRTUAL TABLE") }, "\(text): \(plan)")
            let reminders = try #require(
                plan.firstIndex { $0.contains(" reminders ") || $0.hasSuffix(" reminders") }, "\(text): \(plan)")
            #expect(fts < reminders, "the MATCH is the outer loop: \(text): \(plan)")
            #expect(plan[reminders].contains("INTEGER PRIMARY KEY (rowid=?)"), "\(text): \(plan)")
            #expect(!plan[fts].contains(":="), "no MATCH per reminder by rowid: \(text): \(plan)")
        }
    }
}
