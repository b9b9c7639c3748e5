import Foundation
import Synchronization
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// The fts engine's two phases: a provisional ResultSet first, then the final one, which must
/// equal plain single-phase ranking (`FTSEngine.search`) and the one-shot answer exactly.
@Suite("Phased search")
struct PhasedSearchTests {
    /// 20,000 generated reminders in a file, built once for the suite.
    static let generated = Task { try await generatedStore(named: "phased") }

    /// A file store of 20,000 generated reminders (seed 7) under the temporary directory.
    static func generatedStore(named name: String) async throws -> SQLiteDatabase {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trove-\(name)-\(UUID().uuidString).db").path
        let store = try await ReminderStore.open(path: path)
        var reader = RecordArrayReader(Array(ReminderGenerator(seed: 7, count: 20_000)))
        _ = try await store.importRecords(&reader, source: "generated")
        return store.database
    }

    static func request(
        _ text: String, limit: Int = 50, page: SearchPage = .first, sort: SearchSort = .rank, includeCompleted: Bool? = nil,
        typos: TypoTolerance = .on
    ) -> SearchRequest {
        SearchRequest(
            text: text, limit: limit, page: page, includeCompleted: includeCompleted, sort: sort, typos: typos,
            highlight: .brackets, today: ReminderGenerator.pinnedToday, timeZone: TimeZone(identifier: "UTC")!)
    }

    /// Every ResultSet the engine streams for `request`.
    static func stream(_ request: SearchRequest, in database: SQLiteDatabase) async throws -> [ResultSet] {
        var all: [ResultSet] = []
        for try await resultSet in FTSEngine().results(for: request, in: database) { all.append(resultSet) }
        return all
    }

    static func plain(_ request: SearchRequest, in database: SQLiteDatabase) async throws -> ResultSet {
        try await database.read { db in try FTSEngine().search(request, on: db) }
    }

    static let texts = [
        "a", "b", "t", "bu", "ca", "th", "bud", "dent", "dentist", "email", "call d", "buy mi", "email a", "\"the a", "a OR b",
        "list:Work c", "is:flagged b", "tag:errand p", "-tag:home t", "is:open a", "due:overdue c", "a -b",
        "{title}: b", "zzzzqx", "", "is:flagged", "list:Health",
    ]

    @Test(arguments: texts)
    func finalResultSetEqualsPlainRanking(text: String) async throws {
        let database = try await Self.generated.value
        for request in [
            Self.request(text), Self.request(text, limit: 7), Self.request(text, sort: .due),
            Self.request(text, sort: .priority), Self.request(text, sort: .created), Self.request(text, includeCompleted: false),
        ] {
            let all = try await Self.stream(request, in: database)
            let final = try #require(all.last)
            #expect(!final.isProvisional)
            let earlierAreProvisional = all.dropLast().allSatisfy { $0.isProvisional }
            #expect(earlierAreProvisional, "only the last ResultSet is final")
            let plain = try await Self.plain(request, in: database)
            #expect(final == plain, "\(text) sorted by \(request.sort), limit \(request.limit)")
            // NB: the one-shot answer (`trove search`, assertSearch) skips the provisional work
            // and must still be the stream's last, did-you-mean included.
            let oneShot = try await FTSEngine().search(request, in: database)
            #expect(oneShot == final, "\(text) sorted by \(request.sort), limit \(request.limit)")
        }
    }

    @Test(arguments: ["a", "bu", "list:Work c", ""])
    func laterPagesByOffsetAndCursorEqualPlainRanking(text: String) async throws {
        let database = try await Self.generated.value
        let first = try #require(try await Self.stream(Self.request(text, limit: 20), in: database).last)
        let cursor = try #require(first.next)
        for page in [SearchPage.offset(20), cursor, .offset(500)] {
            let request = Self.request(text, limit: 20, page: page)
            let all = try await Self.stream(request, in: database)
            #expect(all.count == 1, "a later page continues a settled answer: no provisional phase")
            #expect(all.last == (try await Self.plain(request, in: database)))
        }
        let viaCursor = try #require(try await Self.stream(Self.request(text, limit: 20, page: cursor), in: database).last)
        let viaOffset = try #require(try await Self.stream(Self.request(text, limit: 20, page: .offset(20)), in: database).last)
        #expect(viaCursor.hits == viaOffset.hits)
    }

    @Test func shortPrefixGetsAProvisionalResultSetFirstFromTheNewestMatches() async throws {
        let database = try await Self.generated.value
        let all = try await Self.stream(Self.request("a"), in: database)
        try #require(all.count == 2)
        let (quick, final) = (all[0], all[1])
        #expect(quick.isProvisional && !final.isProvisional)
        let sampleSize = SearchExecutor.sampleSize(forLimit: 50)
        #expect(quick.total == sampleSize + 1, "a lower bound: the sample plus one more")
        #expect(final.total > quick.total)
        #expect(quick.hits.count == 50 && quick.next == nil && quick.listFacets.isEmpty && quick.tagFacets.isEmpty)
        let unranked = quick.hits.allSatisfy { $0.rank == 0 }
        #expect(unranked)
        // The sample is the newest matches, newest by id.
        let newest: [Int64] = try await database.read { db in
            try db.fetchAll("""
                SELECT rowid FROM reminders_fts WHERE reminders_fts MATCH 'a*' ORDER BY rowid DESC LIMIT \(sampleSize + 1)
                """).map { try $0[0] }
        }
        #expect(Set(quick.hits.map(\.id)).isSubset(of: newest))
        // Ordered by Trove's ranking without document counts (trove_rank_sample), best first.
        let sampled: [Int64: Double] = try await database.read { db in
            let rows = try db.fetchAll("""
                SELECT reminders.id, \(TroveRanking.standard.expression(.sample))
                FROM reminders_fts JOIN reminders ON reminders.id = reminders_fts.rowid
                WHERE reminders_fts MATCH 'a*' ORDER BY reminders_fts.rowid DESC LIMIT \(sampleSize + 1)
                """)
            return Dictionary(uniqueKeysWithValues: try rows.map { (try $0[0] as Int64, try $0[1] as Double) })
        }
        let scores = quick.hits.compactMap { sampled[$0.id] }
        #expect(scores.count == quick.hits.count && scores == scores.sorted())
        #expect(Set(scores).count > 10, "the sample's scores tell its hits apart")
        let allMatched = quick.hits.allSatisfy { !$0.matchedFields.isEmpty }
        #expect(allMatched)
    }

    @Test func longPrefixIsSampledFromTheExactWordFirst() async throws {
        #expect(FTSEngine.exactLongPrefixes(.parse("call dentis"))?.description
            == SearchQuery.parse("call dentis", exact: true).description)
        #expect(FTSEngine.exactLongPrefixes(.parse("call den")) == nil, "3 letters have a prefix index")
        let database = try await Self.generated.value
        let all = try await Self.stream(Self.request("dentist"), in: database)
        let quick = try #require(all.first)
        #expect(quick.isProvisional && all.count == 2)
        let exact: Set<Int64> = try await database.read { db in
            Set(try db.fetchAll("SELECT rowid FROM reminders_fts WHERE reminders_fts MATCH 'dentist'").map { try $0[0] })
        }
        #expect(exact.count > SearchExecutor.sampleSize(forLimit: 50))
        #expect(Set(quick.hits.map(\.id)).isSubset(of: exact))
    }

    // dent* (no prefix index for 4 letters) is sampled as the words a current trie lists for it.
    @Test func longPrefixIsSampledFromItsCompletionsWhenTheTrieIsCurrent() async throws {
        let database = try await Self.generated.value
        let cache = VocabularyCache(database: database)
        try await cache.buildNow()
        let words = try #require(cache.currentTrie?.completions(of: "dent", limit: FTSEngine.maxCompletions))
        #expect(!words.isEmpty && !words.contains("dent"), "dent is only a prefix here: \(words)")
        let request = Self.request("dent")
        let plans = try await database.read { db in
            try TieredSearch(request: request, engineName: "fts", vocabularyCache: cache).samplePlans(on: db).map(\.ftsMatch)
        }
        #expect(plans == [words.map { "\"\($0)\"" }.joined(separator: " OR ")], "the completions alone, no prefix")
        let withoutTrie = try await database.read { db in
            try TieredSearch(request: request, engineName: "fts").samplePlans(on: db).map(\.ftsMatch)
        }
        #expect(withoutTrie == [#""dent""#, #""dent"*"#], "the exact word, then the prefix")
        var all: [ResultSet] = []
        for try await resultSet in FTSEngine(vocabulary: cache).results(for: Self.request("dent"), in: database) {
            all.append(resultSet)
        }
        try #require(all.count == 2)
        #expect(all[0].isProvisional && all[0].hits.count == 50)
        let matches: Set<Int64> = try await database.read { db in
            Set(try db.fetchAll("SELECT rowid FROM reminders_fts WHERE reminders_fts MATCH 'dent*'").map { try $0[0] })
        }
        #expect(Set(all[0].hits.map(\.id)).isSubset(of: matches))
        #expect(all[1] == (try await Self.plain(Self.request("dent"), in: database)), "the final answer is the prefix's own")
    }

    @Test(arguments: ["hiroshi boiler", "is:flagged hiroshi"])
    func selectiveQueryGetsOnlyTheFinalResultSet(text: String) async throws {
        let database = try await Self.generated.value
        let all = try await Self.stream(Self.request(text), in: database)
        #expect(all.count == 1)
        #expect(all.first.map { !$0.isProvisional } == true)
        #expect(try #require(all.first).total <= SearchExecutor.sampleSize(forLimit: 50))
    }

    /// Nothing matches: that is said at once, as an empty provisional answer, and the final
    /// one follows with the nearest indexed words, which take longer to find.
    @Test(arguments: ["dentsit", "zzzzqx"])
    func noMatchIsSaidBeforeItsSuggestions(text: String) async throws {
        let database = try await Self.generated.value
        let request = Self.request(text, typos: .off)
        let all = try await Self.stream(request, in: database)
        try #require(all.count == 2)
        let (quick, final) = (all[0], all[1])
        #expect(quick.isProvisional && quick.hits.isEmpty && quick.total == 0 && quick.didYouMean.isEmpty)
        #expect(!final.isProvisional && final.total == 0)
        #expect(final == (try await Self.plain(request, in: database)), "the final one carries the suggestions")
        var withoutSuggestions = final
        withoutSuggestions.didYouMean = .none
        withoutSuggestions.isProvisional = true
        #expect(quick == withoutSuggestions, "the same empty answer, less the suggestions")
    }

    /// With the index's words in memory and current, the suggestions take about a millisecond:
    /// the answer with them is the first and only one, and equals the one read from SQL.
    @Test(arguments: ["dentsit", "zzzzqx"])
    func withACurrentTrieTheSuggestionsComeInTheFirstAnswer(text: String) async throws {
        let database = try await Self.generated.value
        let cache = VocabularyCache(database: database)
        try await cache.buildNow()
        let request = Self.request(text, typos: .off)
        var all: [ResultSet] = []
        for try await resultSet in FTSEngine(vocabulary: cache).results(for: request, in: database) { all.append(resultSet) }
        try #require(all.count == 1)
        #expect(!all[0].isProvisional && all[0].total == 0)
        #expect(all[0] == (try await Self.plain(request, in: database)))
        #expect(!all[0].suggestions.isEmpty || text == "zzzzqx")
        #expect(cache.uses > 0, "the trie was used")
    }

    /// No exact match but typo matches: the empty exact answer first, then the typo matches,
    /// then the same with the suggestions, each replacing the one before.
    @Test func typoMatchesFollowTheEmptyExactAnswerAndPrecedeTheSuggestions() async throws {
        let database = try await Self.generated.value
        let request = Self.request("dentsit")
        let all = try await Self.stream(request, in: database)
        try #require(all.count == 3)
        #expect(all[0].isProvisional && all[0].hits.isEmpty && all[0].total == 0)
        #expect(all[1].isProvisional && !all[1].hits.isEmpty && all[1].hits.allSatisfy { $0.isTypo })
        #expect(!all[2].isProvisional && all[2].typoCount == all[2].total && !all[2].suggestions.isEmpty)
        #expect(all[2] == (try await Self.plain(request, in: database)))
        var withoutSuggestions = all[2]
        withoutSuggestions.didYouMean = .none
        withoutSuggestions.isProvisional = true
        #expect(all[1] == withoutSuggestions)
    }

    /// A selective filter with common text: few of the text's many matches pass the filter,
    /// so the sample looks through only the newest 2,000 text matches, and answers with what
    /// it found there (fewer than a full sample) before the final ranking of all of them.
    @Test func selectiveFilterWithCommonTextIsSampledFromABoundedWindow() async throws {
        let database = try await Self.generated.value
        let request = Self.request("is:flagged list:Work tag:errand a")
        let textMatches: [Int64] = try await database.read { db in
            try db.fetchAll("SELECT rowid FROM reminders_fts WHERE reminders_fts MATCH 'a*' ORDER BY rowid DESC").map { try $0[0] }
        }
        try #require(textMatches.count > SearchExecutor.windowSize)
        let windowStart = textMatches[SearchExecutor.windowSize - 1]
        let all = try await Self.stream(request, in: database)
        try #require(all.count == 2)
        let (quick, final) = (all[0], all[1])
        #expect(quick.isProvisional && !final.isProvisional)
        #expect(final.total <= SearchExecutor.sampleSize(forLimit: 50), "few matches: once, this got no provisional answer")
        #expect(!quick.hits.isEmpty && quick.hits.allSatisfy { $0.id >= windowStart })
        let every = try await Self.plain(Self.request("is:flagged list:Work tag:errand a", limit: 1000), in: database)
        let inWindow = every.hits.filter { $0.id >= windowStart }.map(\.id)
        #expect(Set(quick.hits.map(\.id)) == Set(inWindow), "the sample is exactly the window's matches")
        #expect(quick.total == inWindow.count)
        #expect(final == (try await Self.plain(request, in: database)))
    }

    /// A search without text pages in the index's order, so its first answer is the exact
    /// first page; only the counts and facets wait for the final one.
    @Test(arguments: [
        "is:flagged list:Work", "list:Health", "p:high", "tag:errand", "", "-tag:home is:completed", "list:Work tag:errand",
        "tag:errand tag:call", "-tag:errand",
    ])
    func filterOnlySearchGetsItsExactFirstPageBeforeTheCounts(text: String) async throws {
        let database = try await Self.generated.value
        let request = Self.request(text, limit: 20)
        let all = try await Self.stream(request, in: database)
        try #require(all.count == 2, "\(text): a first page, then the counted answer")
        let (quick, final) = (all[0], all[1])
        #expect(quick.isProvisional && !final.isProvisional)
        #expect(quick.hits == final.hits, "the first page is already the final one")
        #expect(quick.total == 21, "a lower bound: the page and the one row past it")
        #expect(final.total > 20 && quick.next == nil && quick.listFacets.isEmpty && quick.tagFacets.isEmpty)
        #expect(final == (try await Self.plain(request, in: database)))
    }

    /// A `tag:` search without text takes its first page from a bounded walk of the due order
    /// when a common tag fills it there, and from the set of the tag's reminders when a rare
    /// one does not; either way the page is the final one.
    @Test func tagSearchWithoutTextWalksABoundedRunOfTheDueOrderThenFallsBackToTheTagsSet() async throws {
        let database = try await Self.generated.value
        let tags: [(name: String, count: Int)] = try await database.read { db in
            try db.fetchAll(
                "SELECT t.name, count(*) FROM reminder_tags AS rt JOIN tags AS t ON t.id = rt.tag_id GROUP BY t.id ORDER BY 2, 1"
            ).map { (try $0[0], try $0[1]) }
        }
        let common = try #require(tags.last), rare = try #require(tags.first { $0.count > 100 })
        for (tag, walkFills) in [(common.name, true), (rare.name, false)] {
            let request = Self.request("tag:\(tag)", limit: 20)
            let executor = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
            let walk = try #require(executor.tagWalkStatement())
            let walked = try await database.read { db in try db.fetchAll(walk) }
            #expect((walked.count > 20) == walkFills, "tag:\(tag) (\(tags)): \(walked.count) rows from the walk")
            let all = try await Self.stream(request, in: database)
            try #require(all.count == 2, "tag:\(tag): a first page, then the counted answer")
            #expect(all[0].isProvisional && all[0].hits == all[1].hits, "tag:\(tag): the first page is the final one")
            #expect(all[1] == (try await Self.plain(request, in: database)))
        }
        let ranked = SearchExecutor(plan: FTSEngine.plan(for: Self.request("tag:\(common.name) a").query), request: Self.request("tag:\(common.name) a"), engineName: "fts")
        #expect(ranked.tagWalkStatement() == nil, "with text, the text's matches drive")
    }

    /// The walk is only tried when the tags' share of the newest reminders promises two pages
    /// in it; a tag too rare for that goes to its set at once, and the page is the same.
    @Test func tagWalkIsTriedOnlyWhenTheTagsShareFillsTwoPagesOfIt() async throws {
        let database = try await Self.generated.value
        let shares: [String: Double] = try await database.read { db in
            let total: Int = try db.fetchValue("SELECT count(*) FROM reminders") ?? 0
            return Dictionary(uniqueKeysWithValues: try db.fetchAll(
                "SELECT t.name, count(*) FROM reminder_tags AS rt JOIN tags AS t ON t.id = rt.tag_id GROUP BY t.id"
            ).map { (try $0[0], Double(try $0[1] as Int) / Double(total)) })
        }
        func estimate(_ text: String, limit: Int = 50) async throws -> (share: Double, walks: Bool) {
            let request = Self.request(text, limit: limit)
            let executor = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
            return try await database.read { db in
                return (try executor.tagShare(on: db), try executor.tagWalkFillsAPage(on: db))
            }
        }
        // NB: the generator gives every reminder its tags alike, so the newest 10,000 of the
        // 20,000 hold each tag about as often as all of them do.
        let errand = try #require(shares["errand"]), home = try #require(shares["home"])
        #expect(errand > 0.15 && home < 0.05, "\(shares)")
        let (errandShare, errandWalks) = try await estimate("tag:errand")
        #expect(abs(errandShare - errand) < 0.02 && errandWalks, "tag:errand: \(errandShare) of \(errand)")
        let (homeShare, homeWalks) = try await estimate("is:flagged list:Travel tag:home")
        #expect(abs(homeShare - home) < 0.01 && !homeWalks, "tag:home: \(homeShare) of \(home)")
        #expect(try await estimate("tag:home", limit: 10).walks, "a page of 10 needs 22 in the walk of 1,000")
        // NB: the same key twice ORs: one clause, both tags' links counted.
        #expect(abs(try await estimate("tag:errand tag:home").share - (errandShare + homeShare)) < 1e-9)
        #expect(abs(try await estimate("tag:home -tag:errand").share - homeShare) < 1e-9, "a negated clause counts as 1")
        #expect(try await estimate("-tag:errand is:open").share == 1)
        #expect(try await estimate("tag:nosuchtag").share == 0)
        let request = Self.request("is:flagged list:Travel tag:home", limit: 20)
        let all = try await Self.stream(request, in: database)
        if all.count == 2 { #expect(all[0].hits == all[1].hits, "the set's first page is the final one") }
        #expect(all.last == (try await Self.plain(request, in: database)))
    }

    /// A search without text whose matches fit on its first page gets one answer, the final
    /// one, from its first page's statement: the same as the one-shot search's, counts (the
    /// completed matches an open-only search leaves out among them) and facets included.
    @Test(arguments: [
        ("is:flagged list:Work tag:errand p:high", nil), ("is:flagged list:Work tag:errand p:high", true),
        ("is:flagged list:Travel tag:home", nil), ("list:Travel tag:home", true), ("list:Travel tag:home", nil),
        ("tag:home is:flagged p:high", nil), ("tag:home is:flagged p:high", false),
        ("is:completed list:Travel tag:home", nil), ("list:Travel tag:home -tag:errand due:none", nil),
    ] as [(String, Bool?)])
    func filterOnlySearchWhoseMatchesFitOnOnePageGetsOnlyTheFinalResultSet(text: String, includeCompleted: Bool?) async throws {
        let database = try await Self.generated.value
        let request = Self.request(text, limit: 50, includeCompleted: includeCompleted)
        let all = try await Self.stream(request, in: database)
        #expect(all.count == 1 && all.first?.isProvisional == false, "\(text): \(all.map(\.isProvisional))")
        let answer = try #require(all.first)
        #expect(answer.total > 0 && answer.total <= 50 && !answer.listFacets.isEmpty, "\(text): \(answer.total)")
        #expect(answer == (try await Self.plain(request, in: database)), "\(text)")
    }
}
