import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// A search with a small `list:` or `tag:` filter and a common word reads the filtered
/// reminders' ids first and tests the MATCH's rows against them (``SearchExecutor/filteredIDs``).
/// The answer must be the one without them, and the choice must fall only where it saves work.
@Suite("Filtered ids")
struct FilteredIDsTests {
    static func request(_ text: String, includeCompleted: Bool? = nil, facets: Bool = true) -> SearchRequest {
        var request = SearchRequest(
            text: text, limit: 20, includeCompleted: includeCompleted, highlight: .brackets,
            today: ReminderGenerator.pinnedToday, timeZone: TimeZone(identifier: "UTC")!)
        request.facets = facets
        return request
    }

    /// The smallest list of the generated reminders whose name is one word.
    static func smallList(_ db: SQLConnection) throws -> String {
        try db.fetchValue(
            "SELECT name FROM lists WHERE name NOT LIKE '% %' AND name NOT LIKE '%''%' ORDER BY (SELECT count(*) FROM reminders WHERE list_id = lists.id) LIMIT 1",
            as: String.self) ?? ""
    }

    @Test func theAnswerIsTheSameWithAndWithoutThem() async throws {
        let database = try await PhasedSearchTests.generated.value
        let list = try await database.read { db in try Self.smallList(db) }
        let texts = [
            "list:\(list) the", "list:\(list) is:flagged the", "tag:errand is:open the", "list:\(list) a",
            "list:\(list) to th", "tag:urgent list:\(list) the and", "list:\(list) -tag:errand the",
            "list:\(list) \"the a\"", "list:\(list) the -a", "list:\(list) thes", "tag:urgent dentst",
        ]
        for text in texts {
            for includeCompleted in [nil, true, false] {
                for facets in [true, false] {
                    let request = Self.request(text, includeCompleted: includeCompleted, facets: facets)
                    let plain = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
                    let (a, b, sql) = try await database.read { db in
                        var narrowed = plain
                        narrowed.filteredIDs = try #require(try plain.readFilteredIDs(on: db))
                        return (try plain.runAsChosen(on: db), try narrowed.runAsChosen(on: db), try narrowed.pageStatement(on: nil))
                    }
                    let context = "\(text), includeCompleted \(String(describing: includeCompleted)), facets \(facets)"
                    #expect(a == b, "\(context)")
                    // The next page, after the first page's last hit, too.
                    if let next = a.next {
                        var nextRequest = request
                        nextRequest.page = next
                        let plainNext = SearchExecutor(plan: FTSEngine.plan(for: nextRequest.query), request: nextRequest, engineName: "fts")
                        let (c, d) = try await database.read { db in
                            var narrowed = plainNext
                            narrowed.filteredIDs = try #require(try plainNext.readFilteredIDs(on: db))
                            return (try plainNext.runAsChosen(on: db), try narrowed.runAsChosen(on: db))
                        }
                        #expect(c == d && !c.hits.isEmpty, "next page: \(context)")
                    }
                    #expect(sql.render().sql.contains(#"AND trove_has(?, "reminders_fts"."rowid")"#), "\(context)")
                }
            }
        }
    }

    /// With a `list:` filter leading, a `tag:` filter's reminders are read first as a set and
    /// the list's reminders tested against it: the same ids as SQLite's own plan gives.
    @Test func aTagBesideAListIsReadAsASetWithTheSameIDs() async throws {
        let database = try await PhasedSearchTests.generated.value
        try await database.read { db in
            let list = try Self.smallList(db)
            for text in [
                "list:\(list) tag:errand the", "is:open list:Home tag:call call", "list:Home tag:errand tag:call a",
                "list:Home tag:errand -tag:call a",
                "list:Home tag:nosuchtag a", "list:\(list) -tag:errand the", "tag:errand the",
            ] {
                let request = Self.request(text)
                let executor = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
                let sets = try executor.tagSetsBesideAList(on: db)
                // NB: `tag:errand tag:call` is one clause (either tag), which stays SQLite's.
                let positiveTags = request.query.filters.filter {
                    guard !$0.isNegated, $0.anyOf.count == 1, case .tag = $0.anyOf[0] else { return false }
                    return true
                }
                let listLeads = text.hasPrefix("list:") || text.contains(" list:")
                #expect(sets.count == (listLeads ? positiveTags.count : 0), "\(text)")
                let plain: SQLFragment = "SELECT \(SearchTables.reminders.id) FROM \(identifier: ReminderTable.tableName)"
                    + SearchExecutor.whereClause(executor.filterConditions(rowsComeFromText: false))
                let expected = try db.fetchAll(plain).map { try $0[0] as Int64 }.sorted()
                let read = try #require(try executor.readFilteredIDs(on: db), "\(text)")
                let ids = read.bytes.withUnsafeBytes { raw in (0..<read.count).map { raw.loadUnaligned(fromByteOffset: $0 * 8, as: Int64.self) } }
                #expect(ids == expected, "\(text)")
                // The completed ones among them, read with them, for the matches' completion.
                let completedSQL: SQLFragment = "SELECT \(SearchTables.reminders.id) FROM \(identifier: ReminderTable.tableName)"
                    + SearchExecutor.whereClause(executor.filterConditions(rowsComeFromText: false) + ["(\(SearchTables.reminders.isCompleted) = 1)"])
                let completed = try read.completed.map { bytes in
                    bytes.withUnsafeBytes { raw in (0..<(raw.count / 8)).map { raw.loadUnaligned(fromByteOffset: $0 * 8, as: Int64.self) } }
                }
                #expect(try completed == db.fetchAll(completedSQL).map { try $0[0] as Int64 }.sorted(), "\(text)")
                if text.contains("nosuchtag") { #expect(ids.isEmpty) } else { #expect(!ids.isEmpty, "\(text)") }
            }
        }
    }

    @Test func theChoiceFallsOnSmallFiltersWithManyMatches() async throws {
        let database = try await PhasedSearchTests.generated.value
        let chosen: [(String, Bool)] = try await database.read { db in
            let list = try Self.smallList(db)
            let texts = [
                "list:\(list) is:flagged the",  // few filtered, many matches
                "list:\(list) is:flagged t",
                "list:\(list) is:flagged with",  // a long prefix is matched once, as without them
                "is:flagged the",  // no list or tag filter walks an index in order
                "-list:\(list) the",  // nor does a negated one
                "is:open list:Home the",  // a large filter, but fewer reminders than matches
                "list:\(list) zebra",  // few matches: walking them is already cheap
                "!raw list:\(list) the",
            ]
            return try texts.map { text in
                let request = Self.request(text)
                let executor = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
                return (text, try executor.narrowedToFilteredReminders(on: db).filteredIDs != nil)
            }
        }
        #expect(chosen.map(\.1) == [true, true, true, false, false, true, false, false], "\(chosen)")
    }

    /// A narrowed search reads all its matches as ids once, however many (there are no more
    /// than the filtered ids), and takes its counts and facets from them.
    @Test func aNarrowedSearchReadsItsMatchesOnce() async throws {
        let database = try await PhasedSearchTests.generated.value
        let texts = ["tag:errand a", "tag:errand t", "tag:call c", "tag:urgent a", "tag:home a", "tag:errand s"]
        var large: [String] = []
        for text in texts {
            let request = Self.request(text, includeCompleted: true)
            let plain = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
            let (narrowed, set, a, b) = try await database.read { db in
                let narrowed = try plain.narrowedToFilteredReminders(on: db)
                return (narrowed, try narrowed.smallMatches(on: db), try plain.runAsChosen(on: db), try narrowed.runAsChosen(on: db))
            }
            #expect(a == b, "\(text)")
            guard let ids = narrowed.filteredIDs else { continue }
            let read = try #require(set, "a narrowed search reads its matches as ids: \(text)")
            #expect(read.ids.count == a.total && read.ids.count <= ids.count, "\(text): \(read.ids.count) of \(a.total)")
            if read.ids.count > SearchExecutor.smallMatchLimit { large.append(text) }
        }
        #expect(!large.isEmpty, "some narrowed search here has more than \(SearchExecutor.smallMatchLimit) matches")
    }

    /// A filter past the first limit (4,096, before the ids were read as one JSON value) is
    /// narrowed too, and the answer is the one without it: 6,000 of 30,000 reminders in one
    /// list, every one of them matching, and equal scores, so the tiebreakers decide the pages.
    @Test func aFilterOfThousandsIsNarrowedAndAnswersTheSame() async throws {
        var records: [ReminderRecord] = []
        for n in 0..<30_000 {
            let list = n % 5 == 0 ? "Big" : "Other \(n % 7)"
            let words = ["alpha", "alpine", "almond", "altitude"][n % 4]
            records.append(ReminderRecord(
                title: "\(words) note \(n % 13)", notes: n % 3 == 0 ? "also \(words)" : "", list: list,
                tags: n % 11 == 0 ? ["errand"] : [], priority: n % 17 == 0 ? .high : .none, isFlagged: n % 19 == 0,
                isCompleted: n % 4 == 1))
        }
        let store = try await seededStore(records: records)
        for text in ["list:Big al", "list:Big note", "list:Big is:open al", "list:Big -tag:errand al"] {
            for includeCompleted in [nil, true, false] {
                let request = Self.request(text, includeCompleted: includeCompleted)
                let plain = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
                let (narrowed, a, b) = try await store.database.read { db in
                    let narrowed = try plain.narrowedToFilteredReminders(on: db)
                    return (narrowed, try plain.runAsChosen(on: db), try narrowed.runAsChosen(on: db))
                }
                let context = "\(text), includeCompleted \(String(describing: includeCompleted))"
                let ids = try #require(narrowed.filteredIDs, "narrowed: \(context)")
                #expect(ids.count > 4_096, "\(context): \(ids.count)")
                #expect(a == b && a.total > SearchExecutor.smallMatchLimit, "\(context): \(a.total)")
            }
        }
    }
}
