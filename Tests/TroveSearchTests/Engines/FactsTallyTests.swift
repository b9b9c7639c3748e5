import Foundation
import Testing
import TroveQuery
@testable import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// A long-lived searcher counts many matches by list, tag and completion from every reminder's
/// facts in memory (``ReminderFactsCache``): the answer must be the one SQL counts, the facts
/// must really be used where they can be, and never once the reminders changed.
@Suite("Counts and facets from the reminders' facts in memory", .serialized)
struct FactsTallyTests {
    static let generated = Task { try await PhasedSearchTests.generatedStore(named: "facts") }

    static let texts = [
        "a", "t", "the", "email", "call d", "\"the a\"", "dentst", "a -b", "zzzzqx", "milk appointment",
        "is:flagged", "list:Home", "is:open list:Work the", "list:Work tag:call the", "p:1 a", "#errand", "in:title call",
    ]

    /// The texts whose matches are the MATCH's rows alone, and so are counted from the facts
    /// (with one- to four-letter prefixes counted from the per-prefix counts before).
    static let countedFromFacts = ["email", "call d", "milk appointment", "\"the a\"", "in:title call"]

    @Test func theAnswerIsTheOneCountedWithSQL() async throws {
        let database = try await Self.generated.value
        let cache = ReminderFactsCache(database: database)
        try await cache.buildNow()
        for text in Self.texts {
            for includeCompleted in [nil, true, false] as [Bool?] {
                for facets in [true, false] {
                    var request = PhasedSearchTests.request(text, limit: 20, includeCompleted: includeCompleted)
                    request.facets = facets
                    let usesBefore = cache.uses
                    let fromFacts = try await FTSEngine(facts: cache).search(request, in: database)
                    let withSQL = try await FTSEngine().search(request, in: database)
                    let label = "\(text), includeCompleted \(String(describing: includeCompleted)), facets \(facets)"
                    #expect(fromFacts == withSQL, "\(label)")
                    if Self.countedFromFacts.contains(text) {
                        #expect(cache.uses > usesBefore, "\(label) was not counted from the facts")
                        #expect(withSQL.total > 0, "\(label) matches nothing: a weak test")
                        if facets { #expect(!withSQL.listFacets.isEmpty && !withSQL.tagFacets.isEmpty, "\(label)") }
                    }
                }
            }
        }
        #expect(cache.builds == 1)
    }

    /// A file with more open "Water …" matches than the bound's minimum, in five lists and with
    /// tags, so that the page is ranked from the best scores and the counts are read first.
    static let large = Task { () throws -> SQLiteDatabase in
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trove-facts-large-\(UUID().uuidString).db").path
        let store = try await ReminderStore.open(path: path)
        let lists = ["Home", "Work", "Garden", "Errands", "Travel"], tags = ["call", "errand", "urgent"]
        let records = (0..<(SearchExecutor.rankBoundMinimumMatches * 5 / 4 + 1_000)).map { i in
            ReminderRecord(
                title: "Water " + String(repeating: "soon ", count: i % 40), list: lists[(i / 2) % lists.count],
                tags: (0..<(i % 4)).map { tags[($0 + i) % tags.count] }, isCompleted: i % 5 == 0)
        }
        var reader = RecordArrayReader(records)
        _ = try await store.importRecords(&reader, source: "water")
        return store.database
    }

    /// With many matches the counts come from the facts with the ids the page's walk for the
    /// best scores collects, while the helper ranks half of them: still the one-connection
    /// answer. A page that walk cannot read (more than ``SearchExecutor/rankBoundRows`` rows,
    /// or after a cursor) is counted from the facts with a walk of its own, on the helper.
    @Test func manyMatchesAreCountedFromThePagesWalkOnBothReaders() async throws {
        let database = try await Self.large.value
        let cache = ReminderFactsCache(database: database)
        try await cache.buildNow()
        for includeCompleted in [nil, true, false] as [Bool?] {
            let first = try await FTSEngine().search(PhasedSearchTests.request("water", limit: 20, includeCompleted: includeCompleted), in: database)
            let cursor = try #require(first.next, "a next page")
            for page in [SearchPage.first, .offset(60), .offset(SearchExecutor.rankBoundRows), cursor] {
                let request = PhasedSearchTests.request("water", limit: 20, page: page, includeCompleted: includeCompleted)
                let usesBefore = cache.uses
                let joinsBefore = try await HelperTallyTests.joins(database)
                let answer = try await FTSEngine(facts: cache).search(request, in: database)
                #expect(cache.uses == usesBefore + 1)
                #expect(try await HelperTallyTests.joins(database) > joinsBefore, "\(page): the helper did nothing")
                #expect(answer.total >= SearchExecutor.rankBoundMinimumMatches && answer.listFacets.count == 5)
                let alone = try await database.read { db in try FTSEngine().search(request, on: db) }
                #expect(answer == alone, "\(page), includeCompleted \(String(describing: includeCompleted))")
            }
        }
    }

    /// A search narrowed to its filters' ids (``SearchExecutor/filteredIDs``) whose text has at
    /// least ``SearchExecutor/rankBoundMinimumMatches`` matches is counted from the facts with the
    /// ids that the page's walk for the best scores collects, the helper ranking half of them;
    /// other filtered searches, and the next page of any (after a cursor, which that walk does
    /// not read), count with SQL, on the helper beside their page. Either way the answer is the
    /// one SQL counts.
    @Test func aNarrowedSearchIsCountedFromThePagesWalk() async throws {
        let database = try await Self.generated.value
        let cache = ReminderFactsCache(database: database)
        try await cache.buildNow()
        // NB: the first three are narrowed to their lists' ids and their words match more than
        // 2,000 of the 20,000 reminders; the fourth is narrowed to its priority's ids, from the
        // facts alone (SQL narrows only a list or a tag); the last two are not both.
        let fromTheWalk = ["is:open list:Work the", "list:Work tag:call the", "-is:flagged list:Home a", "p:1 call"]
        for text in fromTheWalk + ["is:open email", "due:week call"] {
            for includeCompleted in [nil, true, false] as [Bool?] {
                for facets in [true, false] {
                    var request = PhasedSearchTests.request(text, limit: 20, includeCompleted: includeCompleted)
                    request.facets = facets
                    let label = "\(text), includeCompleted \(String(describing: includeCompleted)), facets \(facets)"
                    let (usesBefore, joinsBefore) = (cache.uses, try await HelperTallyTests.joins(database))
                    let answer = try await FTSEngine(facts: cache).search(request, in: database)
                    #expect(cache.uses == usesBefore + (fromTheWalk.contains(text) ? 1 : 0), "\(label)")
                    if fromTheWalk.contains(text) {
                        #expect(try await HelperTallyTests.joins(database) > joinsBefore, "\(label): the helper ranked no half")
                    }
                    #expect(answer == (try await FTSEngine().search(request, in: database)), "\(label)")
                    #expect(answer.total > 0, "\(label) matches nothing: a weak test")
                    if facets, fromTheWalk.contains(text) { #expect(!answer.listFacets.isEmpty && !answer.tagFacets.isEmpty, "\(label)") }
                    // NB: the walk does not read a page after a cursor: SQL counts it, the facts unused.
                    let next = try #require(answer.next, "\(label): a next page")
                    request.page = next
                    let usesBeforeNext = cache.uses
                    let nextAnswer = try await FTSEngine(facts: cache).search(request, in: database)
                    #expect(cache.uses == usesBeforeNext, "\(label), next page")
                    #expect(nextAnswer == (try await FTSEngine().search(request, in: database)), "\(label), next page")
                }
            }
        }
    }

    /// Every kind of change to what the facts hold changes their version, so no search counts
    /// from facts read before it; rebuilt, they count again, and still agree with SQL.
    @Test func noSearchCountsFromFactsOlderThanItsData() async throws {
        let store = try await seededStore()
        let database = store.database
        let cache = ReminderFactsCache(database: database, pause: .zero)
        let request = PhasedSearchTests.request("dentist", limit: 5, includeCompleted: true)
        let changes: [(String, String)] = [
            ("completing", "UPDATE reminders SET is_completed = 1, completed_at = '2026-03-02 10:00:00' WHERE id = (SELECT min(rowid) FROM reminders_fts WHERE reminders_fts MATCH 'dentist' AND rowid IN (SELECT id FROM reminders WHERE is_completed = 0))"),
            ("moving", "UPDATE reminders SET list_id = (SELECT max(id) FROM lists) WHERE id = (SELECT max(rowid) FROM reminders_fts WHERE reminders_fts MATCH 'dentist')"),
            ("tagging", "INSERT INTO reminder_tags (reminder_id, tag_id) SELECT (SELECT max(rowid) FROM reminders_fts WHERE reminders_fts MATCH 'dentist'), id FROM tags WHERE id NOT IN (SELECT tag_id FROM reminder_tags WHERE reminder_id = (SELECT max(rowid) FROM reminders_fts WHERE reminders_fts MATCH 'dentist')) LIMIT 1"),
            ("adding", "INSERT INTO reminders (list_id, title, created_at, updated_at) VALUES ((SELECT min(id) FROM lists), 'Dentist again', '2026-03-02', '2026-03-02')"),
            ("deleting", "DELETE FROM reminders WHERE id = (SELECT min(rowid) FROM reminders_fts WHERE reminders_fts MATCH 'dentist')"),
        ]
        for (change, sql) in changes {
            try await cache.buildNow()
            let usesBefore = cache.uses
            let before = try await FTSEngine(facts: cache).search(request, in: database)
            #expect(cache.uses == usesBefore + 1, "\(change): the fresh facts were not used")
            let changed = try await database.write { db in
                try db.execute(SQLFragment(raw: sql))
                return db.changes
            }
            #expect(changed == 1, "\(change) changed \(changed) rows")
            let after = try await FTSEngine(facts: cache).search(request, in: database)
            #expect(cache.uses == usesBefore + 1, "\(change): a search counted from facts older than the change")
            #expect(after == (try await FTSEngine().search(request, in: database)), "\(change)")
            #expect(after != before, "\(change) changed nothing the search shows: a weak test")
            try await cache.buildNow()
            #expect(after == (try await FTSEngine(facts: cache).search(request, in: database)), "\(change), rebuilt")
            #expect(cache.uses == usesBefore + 2, "\(change): the rebuilt facts were not used")
        }
    }

    @Test func theCountOfListAndCompletionChangesCountsOnlyChanges() async throws {
        let store = try await seededStore()
        let count = { try await store.database.read { db in try db.fetchValue("SELECT changes FROM list_and_completion_changes", as: Int.self) } }
        let start = try #require(try await count())
        let id = try #require(try await store.database.read { db in
            try db.fetchValue("SELECT min(id) FROM reminders WHERE is_completed = 0", as: Int.self)
        })
        let updates = [
            ("UPDATE reminders SET title = 'Renamed', is_completed = 0 WHERE id = \(id)", 0),
            ("UPDATE reminders SET list_id = list_id WHERE id = \(id)", 0),
            ("UPDATE reminders SET is_completed = 1, completed_at = '2026-03-02 10:00:00' WHERE id = \(id)", 1),
            ("UPDATE reminders SET is_completed = 0, completed_at = NULL WHERE id = \(id)", 1),
            ("UPDATE reminders SET list_id = (SELECT max(id) FROM lists WHERE id <> reminders.list_id) WHERE id = \(id)", 1),
            // Schema 14: flags and priorities count too.
            ("UPDATE reminders SET is_flagged = is_flagged, priority = priority WHERE id = \(id)", 0),
            ("UPDATE reminders SET is_flagged = 1 - is_flagged WHERE id = \(id)", 1),
            ("UPDATE reminders SET priority = (priority + 1) % 4 WHERE id = \(id)", 1),
            ("UPDATE reminders SET is_flagged = 1 - is_flagged, priority = (priority + 1) % 4, is_completed = 1 WHERE id = \(id)", 1),
        ]
        var expected = start
        for (sql, counted) in updates {
            try await store.database.write { db in try db.execute(SQLFragment(raw: sql)) }
            expected += counted
            #expect(try await count() == expected, "\(sql)")
        }
    }

    @Test func withoutTheCountNothingIsBuiltOrUsed() async throws {
        let store = try await seededStore()
        try await store.database.write { db in try db.execute("DELETE FROM list_and_completion_changes") }
        let cache = ReminderFactsCache(database: store.database)
        try await cache.buildNow()
        let request = PhasedSearchTests.request("dentist", limit: 5)
        let answer = try await FTSEngine(facts: cache).search(request, in: store.database)
        #expect(cache.uses == 0)
        #expect(answer == (try await FTSEngine().search(request, in: store.database)))
    }

    @Test func gallopingFindsWhatALinearSearchFinds() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let ids = Set((0..<Int.random(in: 0...300, using: &generator)).map { _ in Int64.random(in: -50...5_000, using: &generator) })
                .sorted()
            let wanted = (0..<40).map { _ in Int64.random(in: -60...5_010, using: &generator) }.sorted()
            var position = 0
            ids.withUnsafeBufferPointer { buffer in
                for id in wanted {
                    position = IDBlob.firstPosition(notBelow: id, in: buffer, from: position)
                    #expect(position == (ids.firstIndex { $0 >= id } ?? ids.count), "\(id) in \(ids)")
                }
            }
        }
    }
}
