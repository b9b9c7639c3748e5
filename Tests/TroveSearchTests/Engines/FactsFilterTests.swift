import Foundation
import Testing
import TroveQuery
@testable import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// A long-lived searcher finds a narrowed search's filtered reminders in the facts it keeps in
/// memory (``ReminderFacts/filteredIDs(_:limit:on:)``) instead of reading them with SQL: the
/// ids must be the ones SQL reads, the answers the same, and never from facts older than a
/// change of list, completion, flag or priority.
@Suite("Filters from the reminders' facts in memory", .serialized)
struct FactsFilterTests {
    static let generated = Task { try await PhasedSearchTests.generatedStore(named: "facts-filters") }

    /// Every kind of filter the facts tell, alone, ORed, negated and together; the names are
    /// the generated ones, one spelled in another case, and some that nothing has.
    static let filters = [
        "list:Home", "list:home", "-list:Home", "list:Home list:Work", "list:Nowhere", "-list:Nowhere",
        "tag:call", "-tag:call", "tag:call tag:errand", "-tag:call -tag:errand", "tag:nosuchtag", "-tag:nosuchtag",
        "is:open", "is:completed", "-is:completed", "is:flagged", "-is:flagged", "is:unflagged", "is:open is:flagged",
        "-is:open -is:flagged", "p:high", "p:low p:medium", "-p:high", "p:none",
        "is:open list:Home tag:call", "-is:flagged list:Home tag:errand", "is:flagged p:high list:Work -tag:errand",
        "is:completed -list:Home tag:errand tag:call", "p:3 -is:completed tag:urgent",
    ]

    static func executor(_ text: String) -> SearchExecutor {
        let request = FilteredIDsTests.request(text)
        return SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
    }

    @Test func theIDsAreTheOnesSQLReads() async throws {
        let database = try await Self.generated.value
        try await database.read { db in
            try db.transaction(.deferred) {
                let facts = try #require(try ReminderFacts.read(on: db))
                #expect(facts.flagged != nil && facts.priority != nil, "schema 14's facts hold flags and priorities")
                var sizes: Set<Int> = []
                for text in Self.filters {
                    let executor = Self.executor(text + " the")
                    let filters = executor.query.filters
                    #expect(facts.canTell(filters) && ReminderFacts.couldTell(filters), "\(text)")
                    let read = try #require(try executor.readFilteredIDs(on: db), "\(text): SQL reads them")
                    #expect(try facts.filteredIDs(filters, limit: .max, on: db) == read, "\(text)")
                    #expect(try executor.readFilteredIDs(on: db, facts: facts) == read, "\(text)")
                    sizes.insert(read.count)
                    // As SQL, nil past the limit.
                    #expect(try facts.filteredIDs(filters, limit: read.count, on: db) == read, "\(text)")
                    if read.count > 0 { #expect(try facts.filteredIDs(filters, limit: read.count - 1, on: db) == nil, "\(text)") }
                    if text.contains("Nowhere") || text.contains("nosuchtag") {
                        #expect((read.count == 0) == !text.hasPrefix("-"), "\(text): \(read.count)")
                    } else {
                        #expect(read.count > 0 && read.count < facts.count, "\(text) leaves \(read.count): a weak case")
                    }
                }
                #expect(sizes.count >= Self.filters.count - 8, "the filters leave reminders of few sizes: \(sizes.sorted())")
                // Due dates are not among the facts: SQL reads those.
                let due = Self.executor("due:today list:Home the")
                #expect(!facts.canTell(due.query.filters) && !ReminderFacts.couldTell(due.query.filters))
                #expect(try due.readFilteredIDs(on: db, facts: facts) == due.readFilteredIDs(on: db))
            }
        }
    }

    /// Before schema 14 a flag or priority changed with no count telling, so facts read from
    /// such a database hold neither and tell only lists, tags and completion.
    @Test func factsOfSchema13TellNoFlagsOrPriorities() async throws {
        let store = try await seededStore()
        try await store.database.write { db in try db.execute("PRAGMA user_version = 13") }
        try await store.database.read { db in
            try db.transaction(.deferred) {
                let facts = try #require(try ReminderFacts.read(on: db))
                #expect(facts.flagged == nil && facts.priority == nil)
                for (text, tells) in [("list:Home is:open the", true), ("is:flagged list:Home the", false), ("p:high tag:call a", false)] {
                    let executor = Self.executor(text)
                    #expect(facts.canTell(executor.query.filters) == tells, "\(text)")
                    #expect(try executor.readFilteredIDs(on: db, facts: facts) == executor.readFilteredIDs(on: db), "\(text)")
                }
            }
        }
    }

    /// With the facts, filters without a `list:` or `tag:` are narrowed too (in memory they
    /// cost a pass over arrays, where SQL would read the whole table), and the answer is the one
    /// SQL gives unnarrowed; without the facts, or with a `due:` filter, they are not narrowed.
    @Test func filtersWithoutAListOrTagAreNarrowedWithTheFacts() async throws {
        let database = try await Self.generated.value
        let cache = ReminderFactsCache(database: database)
        try await cache.buildNow()
        for text in ["is:flagged the", "p:high -is:completed a", "-is:flagged is:completed the", "p:low p:medium is:open to"] {
            for includeCompleted in [nil, false] as [Bool?] {
                let request = FilteredIDsTests.request(text, includeCompleted: includeCompleted)
                let label = "\(text), includeCompleted \(String(describing: includeCompleted))"
                let (withFacts, withoutFacts) = try await database.read { db in
                    try db.transaction(.deferred) {
                        let facts = try #require(try ReminderFacts.read(on: db))
                        let plain = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
                        return (try plain.narrowedToFilteredReminders(on: db, facts: facts).filteredIDs,
                                try plain.narrowedToFilteredReminders(on: db).filteredIDs)
                    }
                }
                let ids = try #require(withFacts, "\(label) was not narrowed with the facts")
                #expect(ids.count > 0 && withoutFacts == nil, "\(label)")
                let usesBefore = cache.filterUses
                let answer = try await FTSEngine(facts: cache).search(request, in: database)
                #expect(cache.filterUses == usesBefore + 1, "\(label)")
                #expect(answer == (try await FTSEngine().search(request, in: database)), "\(label)")
                #expect(answer.total > 20, "\(label): \(answer.total) matches, a weak case")
            }
        }
        let due = FilteredIDsTests.request("due:week is:flagged the")
        let narrowed = try await database.read { db in
            try db.transaction(.deferred) {
                let plain = SearchExecutor(plan: FTSEngine.plan(for: due.query), request: due, engineName: "fts")
                return try plain.narrowedToFilteredReminders(on: db, facts: try #require(try ReminderFacts.read(on: db))).filteredIDs
            }
        }
        #expect(narrowed == nil, "due: is not among the facts, and SQL does not narrow without a list or tag")
    }

    /// A search narrowed with the facts answers as one narrowed with SQL; after a change of
    /// flag, priority, completion or list, it never uses the facts read before (their version
    /// changed), and uses them again once rebuilt.
    @Test func noSearchIsNarrowedWithFactsOlderThanItsData() async throws {
        let database = try await PhasedSearchTests.generatedStore(named: "facts-filter-changes")
        let cache = ReminderFactsCache(database: database, pause: .zero)
        // Each text, and a change to its first hit that takes it out of the answer.
        let cases: [(text: String, change: String)] = [
            ("is:flagged list:Home the", "UPDATE reminders SET is_flagged = 0 WHERE id = ?"),
            ("-is:flagged list:Home tag:errand a", "UPDATE reminders SET is_flagged = 1 WHERE id = ?"),
            ("p:high list:Work the", "UPDATE reminders SET priority = 1 WHERE id = ?"),
            ("is:open list:Home tag:call a", "UPDATE reminders SET is_completed = 1, completed_at = '2026-03-02 10:00:00' WHERE id = ?"),
            ("list:Work -p:high the", "UPDATE reminders SET list_id = (SELECT id FROM lists WHERE name = 'Home') WHERE id = ?"),
        ]
        for (text, change) in cases {
            let request = FilteredIDsTests.request(text)
            let narrowsWithSQL = try await database.read { db in
                try Self.executor(text).narrowedToFilteredReminders(on: db).filteredIDs != nil
            }
            #expect(narrowsWithSQL, "\(text) is not narrowed: a weak case")
            try await cache.buildNow()
            let usesBefore = cache.filterUses
            let before = try await FTSEngine(facts: cache).search(request, in: database)
            #expect(cache.filterUses == usesBefore + 1, "\(text): the fresh facts were not used")
            #expect(before == (try await FTSEngine().search(request, in: database)), "\(text)")
            let first = try #require(before.hits.first, "\(text) finds nothing: a weak case")
            try await database.write { db in try db.execute(SQLFragment(raw: change.replacingOccurrences(of: "?", with: "\(first.id)"))) }
            let after = try await FTSEngine(facts: cache).search(request, in: database)
            #expect(cache.filterUses == usesBefore + 1, "\(text): narrowed with facts older than the change")
            #expect(after == (try await FTSEngine().search(request, in: database)), "\(text)")
            #expect(!after.hits.contains { $0.id == first.id }, "\(text): the change left its first hit in")
            try await cache.buildNow()
            #expect(after == (try await FTSEngine(facts: cache).search(request, in: database)), "\(text), rebuilt")
            #expect(cache.filterUses == usesBefore + 2, "\(text): the rebuilt facts were not used")
        }
    }
}
