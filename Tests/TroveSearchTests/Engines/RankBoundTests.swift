import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// The first pages of a text search ranked from the best scores as open
/// (``SearchExecutor/boundedPageRows(on:)``) must be the page statement's, hit for hit and rank
/// for rank; the bound must hold on ordinary text and give way where scores tie.
@Suite("Rank bound")
struct RankBoundTests {
    static func request(
        _ text: String, limit: Int = 20, page: SearchPage = .first, includeCompleted: Bool? = nil
    ) -> SearchRequest {
        SearchRequest(
            text: text, limit: limit, page: page, includeCompleted: includeCompleted, typos: .off, highlight: .brackets,
            today: ReminderGenerator.pinnedToday, timeZone: TimeZone(identifier: "UTC")!)
    }

    /// The page from the bound (nil when it gave way) and from the page statement, as the
    /// engine reads hits and the next page from rows.
    static func pages(_ request: SearchRequest, in database: SQLiteDatabase) async throws -> (
        bounded: ([SearchHit], SearchPage?)?, plain: ([SearchHit], SearchPage?)
    ) {
        let executor = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
        return try await database.read { db in
            try db.transaction {
                let plain = try executor.pageAndLastCursor(rows: try db.fetchAll(executor.pageStatement(on: db)))
                let bounded = try executor.boundedPageRows(on: db).map { try executor.pageAndLastCursor(rows: $0) }
                return (bounded.map { ($0.0, $0.1) }, (plain.0, plain.1))
            }
        }
    }

    /// The whole answer with and without the bound.
    static func answers(_ request: SearchRequest, in database: SQLiteDatabase) async throws -> (ResultSet, ResultSet) {
        let bounded = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
        var unbounded = bounded
        unbounded.usesRankBound = false
        let plain = unbounded
        return try await database.read { db in
            try db.transaction { (try bounded.runAsChosen(on: db), try plain.runAsChosen(on: db)) }
        }
    }

    @Test func theAnswerIsThePageStatements() async throws {
        let database = try await PhasedSearchTests.generated.value
        let texts = ["a", "t", "b", "bu", "th", "the", "dent", "call d", "email a", "\"the a\"", "a OR b", "{title}: b", "a -b", "zzzzqx"]
        var answered = 0, asked = 0
        for text in texts {
            for includeCompleted in [nil, true, false] as [Bool?] {
                for (limit, page) in [(20, SearchPage.first), (7, .first), (50, .offset(100)), (1, .offset(3)), (200, .first)] {
                    let request = Self.request(text, limit: limit, page: page, includeCompleted: includeCompleted)
                    let (bounded, plain) = try await Self.pages(request, in: database)
                    asked += 1
                    guard let bounded else { continue }
                    answered += 1
                    let context = "\(text), limit \(limit), \(page), includeCompleted \(String(describing: includeCompleted))"
                    #expect(bounded.0 == plain.0 && bounded.1 == plain.1, "\(context)")
                }
            }
        }
        // NB: the bound must do its work on ordinary text, not always give way.
        #expect(answered * 10 >= asked * 8, "the bound answered \(answered) of \(asked)")
    }

    /// More "Water …" reminders than the bound's minimum, in 50 title lengths (so 50 scores),
    /// some completed, priorities and due dates mixed for the tiebreakers.
    static let large = Task { () throws -> ReminderStore in
        let filler = ["soon", "please", "then", "check", "the", "hose"]
        return try await waterStore(source: "many") { i in
            (["Water"] + (0..<(i % 50)).map { filler[$0 % filler.count] }).joined(separator: " ")
        }
    }

    /// More reminders than the bound's minimum, the `i`th titled `title(i)`, with priorities,
    /// due dates and completion mixed for the tiebreakers.
    static func waterStore(
        source: String, count: Int = SearchExecutor.rankBoundMinimumMatches * 5 / 4, title: (Int) -> String
    ) async throws -> ReminderStore {
        let store = try await ReminderStore.inMemory()
        var records: [ReminderRecord] = []
        var days: [CalendarDay] = []
        for day in 1...28 { days.append(try #require(CalendarDay(year: 2026, month: 12, day: day))) }
        for i in 0..<count {
            records.append(ReminderRecord(
                title: title(i), priority: i % 7 == 0 ? .high : .none,
                isCompleted: i % 4 == 0, due: i % 3 == 0 ? .day(days[i % 28]) : nil))
        }
        var reader = RecordArrayReader(records)
        _ = try await store.importRecords(&reader, source: source)
        return store
    }

    @Test func aLargeMatchSetIsRankedWithTheBound() async throws {
        let store = try await Self.large.value
        let count = SearchExecutor.rankBoundMinimumMatches * 5 / 4
        for includeCompleted in [nil, true, false] as [Bool?] {
            for (limit, page) in [(20, SearchPage.first), (50, .offset(60))] {
                let request = Self.request("wat", limit: limit, page: page, includeCompleted: includeCompleted)
                let (bounded, plain) = try await Self.answers(request, in: store.database)
                #expect(bounded == plain && bounded.total >= SearchExecutor.rankBoundMinimumMatches - count / 4)
                #expect(try await Self.pages(request, in: store.database).bounded != nil, "the bound answers")
            }
        }
        // `trove search --explain` shows the statements that ran: 50 titles give 50 scores, so
        // hundreds of candidates tie with the page's last row. The page's own are told apart
        // from `reminders` alone (tiebreakers, no MATCH), and only they are read with their
        // highlights by seeking each in the index, scoring none of them again.
        let explained = try #require(try await EngineRegistry().explanation(for: Self.request("wat"), in: store.database))
        #expect(explained.statements.map(\.purpose) == [
            "hits: the best scores as open", "hits: the candidates' completion", "hits: the page's candidates",
            "hits among them", "counts",
        ])
        #expect(explained.statements[0].sql.contains("trove_rank_bounded(\"reminders_fts\", 0, "))
        let ordered = explained.statements[2].sql
        #expect(!ordered.contains("MATCH") && !ordered.contains("highlight") && ordered.contains("ORDER BY json_extract("), "\(ordered)")
        #expect(explained.statements[2].inlinedSQL.hasSuffix("LIMIT 21 OFFSET 0"))
        let among = explained.statements[3].sql
        #expect(among.contains(" AND (\"reminders_fts\".\"rowid\" IN") && !among.contains("trove_rank"), "\(among)")
    }

    /// More "Water …" reminders than the bound's minimum (as ``large``), three in four in the
    /// list "Big" and every third tagged `errand`, for searches narrowed to a filter's ids.
    static let listed = Task { () throws -> ReminderStore in
        let store = try await ReminderStore.inMemory()
        let filler = ["soon", "please", "then", "check", "the", "hose"]
        var records: [ReminderRecord] = []
        for i in 0..<(SearchExecutor.rankBoundMinimumMatches + 6_000) {
            records.append(ReminderRecord(
                title: (["Water"] + (0..<(i % 50)).map { filler[$0 % filler.count] }).joined(separator: " "),
                list: i % 4 == 3 ? "Small" : "Big", tags: i % 3 == 0 ? ["errand"] : [],
                priority: i % 7 == 0 ? .high : .none, isCompleted: i % 4 == 0))
        }
        var reader = RecordArrayReader(records)
        _ = try await store.importRecords(&reader, source: "listed")
        return store
    }

    /// A search narrowed to its filters' ids ranks its page from the best scores as open among
    /// them: the page statement's page, and the answer of the search neither narrowed nor bounded.
    @Test func aNarrowedSearchIsRankedWithTheBound() async throws {
        let store = try await Self.listed.value
        for text in ["list:Big wat", "list:Big tag:errand wat", "is:open list:Big wat", "list:Big -tag:errand water"] {
            for includeCompleted in [nil, true, false] as [Bool?] {
                for (limit, page) in [(20, SearchPage.first), (50, .offset(60))] {
                    let request = Self.request(text, limit: limit, page: page, includeCompleted: includeCompleted)
                    let context = "\(text), limit \(limit), \(page), includeCompleted \(String(describing: includeCompleted))"
                    var unnarrowed = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
                    unnarrowed.usesRankBound = false
                    let plain = unnarrowed
                    let (narrowed, bounded, unbounded, answers) = try await store.database.read { db in
                        try db.transaction {
                            var narrowed = try plain.narrowedToFilteredReminders(on: db)
                            narrowed.usesRankBound = true
                            var narrowedPlain = narrowed
                            narrowedPlain.usesRankBound = false
                            let bounded = try narrowed.boundedPageRows(on: db).map { try narrowed.pageAndLastCursor(rows: $0) }
                            let unbounded = try narrowedPlain.pageAndLastCursor(rows: db.fetchAll(narrowedPlain.pageStatement(on: db)))
                            return (narrowed, bounded, unbounded, (try narrowed.runAsChosen(on: db), try plain.runAsChosen(on: db)))
                        }
                    }
                    #expect(narrowed.filteredIDs != nil, "narrowed: \(context)")
                    let page = try #require(bounded, "the bound answers: \(context)")
                    #expect(page.0 == unbounded.0 && page.1 == unbounded.1, "\(context)")
                    #expect(answers.0 == answers.1 && answers.0.total > 1_000, "\(context)")
                }
            }
        }
    }

    /// A list of completed reminders only, whose titles are two to six words long (so the best
    /// score is less than 1 / 0.7 times the 2,000th, and no title is just the word searched),
    /// beside an open list that makes the text match more than the filters leave.
    static let finished = Task { () throws -> ReminderStore in
        let store = try await ReminderStore.inMemory()
        let filler = ["soon", "please", "today", "again", "later"]
        let records = (0..<6_000).map { i in
            ReminderRecord(title: (["Water"] + filler.prefix(1 + i % 5)).joined(separator: " "), list: "Done", isCompleted: true)
        } + (0..<3_000).map { _ in ReminderRecord(title: "Water soon", list: "Open") }
        var reader = RecordArrayReader(records)
        _ = try await store.importRecords(&reader, source: "finished")
        return store
    }

    /// When the filters leave completed reminders only, every match left out ranks after the
    /// last candidate's rank as completed, not only as open: the bound holds where the page's
    /// completed rows rank after the last candidate as open, with the page statement's page.
    @Test func aCompletedOnlySearchIsRankedWithTheBound() async throws {
        let store = try await Self.finished.value
        for text in ["is:completed list:Done water", "list:Done water"] {
            for includeCompleted in [nil, true] as [Bool?] {
                for (limit, page) in [(20, SearchPage.first), (50, .offset(500))] {
                    let request = Self.request(text, limit: limit, page: page, includeCompleted: includeCompleted)
                    let context = "\(text), limit \(limit), \(page), includeCompleted \(String(describing: includeCompleted))"
                    var executor = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
                    executor.usesRankBound = true
                    let plain = executor
                    let (isNarrowed, bounded, unbounded) = try await store.database.read { db in
                        try db.transaction {
                            let narrowed = try plain.narrowedToFilteredReminders(on: db)
                            var unbounded = narrowed
                            unbounded.usesRankBound = false
                            return (
                                narrowed.filteredIDs != nil,
                                try narrowed.boundedPageRows(on: db).map { try narrowed.pageAndLastCursor(rows: $0) },
                                try unbounded.pageAndLastCursor(rows: db.fetchAll(unbounded.pageStatement(on: db))))
                        }
                    }
                    #expect(isNarrowed, "\(context)")
                    let page = try #require(bounded, "the bound answers: \(context)")
                    #expect(page.0 == unbounded.0 && page.1 == unbounded.1 && page.0.count == limit, "\(context)")
                }
            }
        }
    }

    /// ``waterStore(source:title:)`` with four in five titled just "Water": thousands of equal
    /// best scores, far more than the candidates.
    static let tied = Task { () throws -> ReminderStore in
        try await waterStore(source: "tied", count: SearchExecutor.rankBoundCandidates * 6) { i in
            i % 5 == 0 ? "Water soon please" : "Water"
        }
    }

    /// For each completion scope, a first page and one by offset: the bound answers, with the
    /// page statement's page and the answer without the bound, of at least `matches` matches.
    static func expectTheBoundsPages(_ text: String, in store: ReminderStore, atLeast matches: Int) async throws {
        for includeCompleted in [nil, true, false] as [Bool?] {
            for (limit, page) in [(20, SearchPage.first), (50, .offset(60))] {
                let request = Self.request(text, limit: limit, page: page, includeCompleted: includeCompleted)
                let context = "\(text), limit \(limit), \(page), includeCompleted \(String(describing: includeCompleted))"
                let (bounded, plain) = try await Self.answers(request, in: store.database)
                #expect(bounded == plain && bounded.total >= matches, "\(context)")
                let pages = try await Self.pages(request, in: store.database)
                #expect(pages.bounded.map { $0.0 == pages.plain.0 && $0.1 == pages.plain.1 } == true, "\(context)")
            }
        }
    }

    /// ``waterStore(source:title:)`` with titles in every exactness tier of `water`: equal to it,
    /// its leading segment (`:`, `(`, ` - `), starting with it, and mentioning it later, each
    /// in many lengths, a quarter completed (issue 50).
    static let tiered = Task { () throws -> ReminderStore in
        let filler = ["soon", "please", "then", "check", "the", "hose"]
        return try await waterStore(source: "tiered", count: SearchExecutor.rankBoundMinimumMatches * 2) { i in
            // NB: never empty: "Water - " alone is a title equal to `water`, punctuation aside.
            let tail = (0...(i % 13)).map { filler[$0 % filler.count] }.joined(separator: " ")
            switch i % 6 {
            case 0: return "Water"
            case 1: return "Water: " + tail
            case 2: return "Water (garden) " + tail
            case 3: return "Water - " + tail
            case 4: return "Water the " + tail
            default: return "Check the water " + tail
            }
        }
    }

    /// A tier adds more than any score without it, and the bound's largest score counts the
    /// best tier a row could be in: the bound's pages are the page statement's, across tiers
    /// and within one (hundreds of "Water" titles tie).
    @Test func titlesInEveryExactnessTierAreRankedWithTheBound() async throws {
        let store = try await Self.tiered.value
        for text in ["water", "water the", "wat", "water soon"] {
            try await Self.expectTheBoundsPages(text, in: store, atLeast: 1)
        }
        let first = try await Self.answers(Self.request("water", limit: 5, includeCompleted: false), in: store.database).0
        #expect(first.hits.map(\.title) == Array(repeating: "Water", count: 5))
        // NB: past the open reminders titled "Water" (i % 6 == 0, and not i % 4 == 0) come the segments.
        let equal = (0..<(SearchExecutor.rankBoundMinimumMatches * 2)).filter { $0 % 6 == 0 && $0 % 4 != 0 }.count
        let request = Self.request("water", limit: 5, page: .offset(equal), includeCompleted: false)
        let segment = try await Self.answers(request, in: store.database).0
        #expect(segment.hits.allSatisfy { $0.title.hasPrefix("Water: ") || $0.title.hasPrefix("Water (") || $0.title.hasPrefix("Water - ") }, "\(segment.hits.map(\.title))")
    }

    /// When the page's last row ties with the last candidate as open, the matches tied with it
    /// are candidates too, kept by the same walk (`trove_best`), and the page is still the
    /// page statement's.
    @Test func matchesTiedWithTheLastCandidateJoinTheCandidates() async throws {
        let store = try await Self.tied.value
        try await Self.expectTheBoundsPages("wat", in: store, atLeast: SearchExecutor.rankBoundMinimumMatches / 2)
        let explained = try #require(try await EngineRegistry().explanation(for: Self.request("wat"), in: store.database))
        #expect(explained.statements.map(\.purpose) == [
            "hits: the best scores as open", "hits: the candidates' completion", "hits: the page's candidates",
            "hits among them", "counts",
        ])
        // Four in five score alike ("Water"): far more than the candidates tie with the last.
        let candidates = try await store.database.read { db in
            try SearchExecutor.bestRows(db.fetchAll(SQLFragment(raw: explained.statements[0].inlinedSQL)))
        }
        #expect((candidates?.count ?? 0) > SearchExecutor.rankBoundCandidates * 4)
    }

    /// As many "Water …" reminders, whose scores mostly differ: the title's length, how often the
    /// notes say "water" and the notes' length vary independently.
    static let varied = Task { () throws -> ReminderStore in
        let store = try await ReminderStore.inMemory()
        let count = SearchExecutor.rankBoundMinimumMatches + 2_000
        let filler = ["soon", "please", "then", "check", "the", "hose"]
        var records: [ReminderRecord] = []
        for i in 0..<count {
            let title = ["Water"] + (0..<(i % 40)).map { filler[$0 % filler.count] }
            let notes = Array(repeating: "water", count: i % 7) + (0..<(i % 53)).map { filler[($0 + i) % filler.count] }
            records.append(ReminderRecord(
                title: title.joined(separator: " "), notes: notes.joined(separator: " "),
                priority: i % 5 == 0 ? .high : .none, isCompleted: i % 4 == 0))
        }
        var reader = RecordArrayReader(records)
        _ = try await store.importRecords(&reader, source: "varied")
        return store
    }

    @Test func aPageAmongAFewCandidatesIsThePageStatements() async throws {
        let store = try await Self.varied.value
        for includeCompleted in [nil, true, false] as [Bool?] {
            for (limit, page) in [(20, SearchPage.first), (50, .offset(60)), (1, .offset(0)), (200, .first)] {
                let request = Self.request("wat", limit: limit, page: page, includeCompleted: includeCompleted)
                let context = "limit \(limit), \(page), includeCompleted \(String(describing: includeCompleted))"
                let (bounded, plain) = try await Self.answers(request, in: store.database)
                #expect(bounded == plain, "\(context)")
                let pages = try await Self.pages(request, in: store.database)
                #expect(pages.bounded.map { $0.0 == pages.plain.0 && $0.1 == pages.plain.1 } == true, "\(context)")
            }
        }
        // The page was read among a few candidates, each sought by its rowid, with no score
        // computed again: the ranks come from the first two statements.
        let explained = try #require(try await EngineRegistry().explanation(for: Self.request("wat"), in: store.database))
        #expect(explained.statements.map(\.purpose) == [
            "hits: the best scores as open", "hits: the candidates' completion", "hits among them", "counts",
        ])
        let among = explained.statements[2].sql
        #expect(among.contains("AND (\"reminders_fts\".\"rowid\" IN (SELECT") && !among.contains("trove_rank"), "\(among)")
    }

    /// A prefix of 4 or more characters has no prefix index, so seeking a rowid merges the
    /// doclists of all its words again each time: its few candidates are tested on one walk of
    /// the MATCH instead, and the answer is still the page statement's.
    @Test func aLongPrefixsCandidatesAreTestedOnOneWalk() async throws {
        let store = try await Self.varied.value
        try await Self.expectTheBoundsPages("wate", in: store, atLeast: 1)
        let explained = try #require(try await EngineRegistry().explanation(for: Self.request("wate"), in: store.database))
        #expect(explained.statements.map(\.purpose) == [
            "hits: the best scores as open", "hits: the candidates' completion", "hits among them", "counts",
        ])
        let among = explained.statements[2].sql
        #expect(among.contains("AND (+\"reminders_fts\".\"rowid\" IN (SELECT") && !among.contains("trove_rank"), "\(among)")
    }

    @Test func aMisspeltWordsManyTypoMatchesAreRankedWithTheBound() async throws {
        let database = try await Self.large.value.database
        for includeCompleted in [nil, true, false] as [Bool?] {
            var request = Self.request("waterx", limit: 20, includeCompleted: includeCompleted)
            request.typos = .on
            let with = TieredSearch(request: request, engineName: "fts", vocabularyCache: nil, recordsStatements: true)
            var unbounded = with
            unbounded.usesRankBound = false
            let without = unbounded
            let (bounded, plain, purposes) = try await database.read { db in
                let outcome = try with.run(on: db)
                return (outcome.resultSet, try without.run(on: db).resultSet, outcome.statements.map(\.purpose))
            }
            #expect(bounded == plain && bounded.total == bounded.typoCount && bounded.hits.count == 20)
            // Open ones only (three in four) are fewer than the bound's minimum.
            let used = purposes.contains("typo hits: the best scores as open")
            #expect(used == (includeCompleted != false), "\(purposes)")
        }
    }

    @Test func equalScoresPastTheCandidatesAreReadByTheirScore() async throws {
        let store = try await ReminderStore.inMemory()
        // More reminders with one title than there are candidates score alike; the tiebreakers
        // order them, and put the last ones written (high priority) first, so candidates picked
        // among equal scores in the index's order would miss them.
        let count = SearchExecutor.rankBoundCandidates + 1_000
        var records: [ReminderRecord] = []
        for i in 0..<count {
            records.append(ReminderRecord(title: "Water plants", priority: i >= count - 50 ? .high : .none, isCompleted: i % 5 == 0))
        }
        records.append(ReminderRecord(title: "Water", notes: "plants by the window"))
        var reader = RecordArrayReader(records)
        _ = try await store.importRecords(&reader, source: "ties")
        for includeCompleted in [nil, true, false] as [Bool?] {
            let request = Self.request("water", limit: 20, includeCompleted: includeCompleted)
            let (bounded, plain) = try await Self.answers(request, in: store.database)
            #expect(bounded == plain)
            // The candidates alone cannot decide the page; with every match of their last score
            // read again and added, they can.
            let pages = try await Self.pages(request, in: store.database)
            #expect(pages.bounded.map { $0.0 == pages.plain.0 && $0.1 == pages.plain.1 } == true)
        }
        // Fewer matches than candidates: every match is one, and the bound answers.
        let (page, plain) = try await Self.pages(Self.request("window"), in: store.database)
        #expect(page?.0 == plain.0 && plain.0.count == 1)
    }

    @Test func searchesItDoesNotApplyTo() async throws {
        let database = try await PhasedSearchTests.generated.value
        for (text, sort) in [("is:open a", SearchSort.rank), ("list:Work a", .rank), ("a", .due), ("a", .created)] {
            var request = Self.request(text)
            request.sort = sort
            let executor = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
            let used = try await database.read { db in try executor.boundedPageRows(on: db) != nil }
            #expect(!used, "\(text) sorted by \(sort)")
        }
        // A cursor page, and a ranking whose completed score could be above its open one.
        let first = try await PhasedSearchTests.plain(Self.request("a"), in: database)
        var later = Self.request("a", page: try #require(first.next))
        var odd = Self.request("a")
        odd.ranking = .custom(TroveRanking(
            titleWeight: 5, notesWeight: 1, tagsWeight: 2, titleLengthNormalization: 0.75, notesLengthNormalization: 0.75,
            tagsLengthNormalization: 0.75, saturation: 1.2, exactTitle: 0.5, tagEquals: 0.25, proximity: 0.5,
            completedFactor: 1.5, exactWord: 1))
        for request in [later, odd] {
            let executor = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
            #expect(try await database.read { db in try executor.boundedPageRows(on: db) } == nil)
        }
        later.page = .offset(2_000)
        let executor = SearchExecutor(plan: FTSEngine.plan(for: later.query), request: later, engineName: "fts")
        #expect(try await database.read { db in try executor.boundedPageRows(on: db) } == nil, "past rankBoundRows")
    }
}
