import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// A one- or two-letter search reads its counts and facets from schema 9's per-prefix counts
/// (``SearchExecutor/prefixCounts(on:)``): they must be what walking the matches gives, in
/// every completion scope, after every kind of write, and never when changes wait to be counted.
@Suite("Per-prefix counts")
struct PrefixCountsTests {
    static let generated = Task { try await PhasedSearchTests.generatedStore(named: "prefix-counts") }

    /// The answer with the per-prefix counts and with the matches walked, in one snapshot, and
    /// whether the counts were read.
    static func answers(_ request: SearchRequest, in database: SQLiteDatabase) async throws -> (
        counted: ResultSet, walked: ResultSet, usedCounts: Bool
    ) {
        let counted = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
        var walking = counted
        walking.usesPrefixCounts = false
        let walked = walking
        return try await database.read { db in
            try db.transaction {
                (try counted.runAsChosen(on: db), try walked.runAsChosen(on: db), try counted.prefixKey(on: db) != nil)
            }
        }
    }

    static func request(_ text: String, includeCompleted: Bool? = nil, facets: Bool = true) -> SearchRequest {
        var request = PhasedSearchTests.request(text, limit: 20, includeCompleted: includeCompleted, typos: .off)
        request.facets = facets
        return request
    }

    static let oneToFourLetters = [
        "a", "s", "t", "b", "bu", "th", "S", "Th", "É", "e", "q", "zq", "x", "1", "2", "!a", "the", "Buy", "wat", "zqx", "东京都",
        "wate", "Call", "zqxy",
    ]

    @Test func theCountsAreTheWalkedMatches() async throws {
        let database = try await Self.generated.value
        for text in Self.oneToFourLetters {
            for includeCompleted in [nil, true, false] as [Bool?] {
                for facets in [true, false] {
                    let (counted, walked, used) = try await Self.answers(
                        Self.request(text, includeCompleted: includeCompleted, facets: facets), in: database)
                    let context = "\(text), includeCompleted \(String(describing: includeCompleted)), facets \(facets)"
                    #expect(counted == walked, "\(context)")
                    // NB: three CJK characters take 9 bytes, past the 8 a counted prefix holds.
                    #expect(used == !(text.hasPrefix("!") || text == "东京都"), "\(context)")
                }
            }
        }
        // Something to count: the common letters match thousands, with list and tag facets.
        let (counted, _, _) = try await Self.answers(Self.request("s"), in: database)
        #expect(counted.total > 5_000 && counted.listFacets.count > 3 && counted.tagFacets.count > 3)
        // The generator's two dozen tags are each on hundreds of reminders: all counted one by
        // one, so the counts answer the facets of one- and two-letter prefixes.
        let answered = (try await Self.facetsFromCounts("s", in: database), try await Self.facetsFromCounts("th", in: database))
        #expect(answered == (true, true))
        let three = try await Self.facetsFromCounts("the", in: database)
        #expect(!three, "tags are counted under one and two letters only")
    }

    /// Whether the counts answered `text`'s facets (``SearchExecutor/facetsFromCounts(_:on:)``).
    static func facetsFromCounts(_ text: String, in database: SQLiteDatabase) async throws -> Bool {
        let request = Self.request(text)
        let executor = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
        return try await database.read { db in
            guard let key = try executor.prefixKey(on: db) else { return false }
            return try executor.facetsFromCounts(key, on: db) != nil
        }
    }

    /// 6,000 reminders: 150 tags on 40 reminders each (counted one by one), and 500 tags on one
    /// reminder each (not counted: a reminder holding one is counted under ",").
    static func sharedAndRareTags() async throws -> ReminderStore {
        let store = try await ReminderStore.inMemory()
        let words = ["stone", "lake", "oak", "table", "bread", "cloud", "pencil", "garden"]
        var records: [ReminderRecord] = []
        for i in 0..<6_000 {
            let title = "Task " + words[i % words.count] + " " + words[(i / 8) % words.count]
            let notes = i % 3 == 0 ? "note about " + words[i % 5] : ""
            var tags = ["f\(i % 150)"]
            if i < 500 { tags.append("r\(i)") }
            records.append(ReminderRecord(title: title, notes: notes, tags: tags, isCompleted: i % 4 == 0))
        }
        var reader = RecordArrayReader(records)
        _ = try await store.importRecords(&reader, source: "tags")
        return store
    }

    // Schema 17: a tag of few reminders is not counted under every prefix; its reminders are
    // counted under "," instead. A search's facets (the 100 most common tags) come from the
    // counts only when no tag left out can be among them, and are what walking gives either way.
    @Test func rareTagsAreCountedWhenASearchAsksAndTheFacetsStayExact() async throws {
        let store = try await Self.sharedAndRareTags()
        let counted = try await store.database.read { db in
            try db.fetchValue("SELECT count(*) FROM prefix_counted_tags", as: Int.self)
        }
        #expect(counted == 150)
        let rows = try await store.database.read { db in
            try db.fetchValue("SELECT count(*) FROM prefix_tag_counts WHERE tag GLOB 'r*'", as: Int.self)
        }
        #expect(rows == 0, "no entry for a tag of one reminder")
        for text in ["t", "ta", "s", "r", "r1", "f", "f1", "o", "no", "b", "task", "oak"] {
            for includeCompleted in [nil, false] as [Bool?] {
                let (counted, walked, _) = try await Self.answers(Self.request(text, includeCompleted: includeCompleted), in: store.database)
                #expect(counted == walked, "\(text), includeCompleted \(String(describing: includeCompleted))")
                #expect(counted.tagFacets.count <= ResultSet.tagFacetLimit)
            }
        }
        // Every reminder says "Task": 150 tags of 40 (30 open) beat any tag of one reminder.
        let fromCounts = try await Self.facetsFromCounts("t", in: store.database)
        #expect(fromCounts)
        let t = try await Self.answers(Self.request("t"), in: store.database)
        #expect(t.counted.tagFacets.count == 100 && t.counted.tagFacets.allSatisfy { $0.name.hasPrefix("f") })
        // "r" matches the 500 reminders of the rare tags (their names are tokens too), where
        // each counted tag has 3 or 4: a rare tag could be among the 100, so the search walks.
        let walks = try await !Self.facetsFromCounts("r", in: store.database)
        #expect(walks)
        #expect(try await store.check().isOK)
    }

    // A tag reaching the minimum starts to be counted one by one, its earlier reminders counted
    // again; the counts stay what a fresh count gives, and rebuild counts the same.
    @Test func aTagReachingTheMinimumIsCountedFromThen() async throws {
        let store = try await ReminderStore.inMemory()
        let minimum = PrefixTallies.countedTagMinimum
        for i in 0..<(minimum - 1) { _ = try await store.add(ReminderRecord(title: "Soup \(i)", tags: ["kale"])) }
        func isCounted() async throws -> Bool {
            try await store.database.read { db in
                try db.fetchValue("SELECT count(*) FROM prefix_counted_tags WHERE name = 'kale'", as: Int.self) == 1
            }
        }
        let countedEarly = try await isCounted()
        #expect(!countedEarly)
        let (before, walkedBefore, _) = try await Self.answers(Self.request("s"), in: store.database)
        #expect(before == walkedBefore && before.tagFacets == [Facet(name: "kale", count: minimum - 1)])
        let last = try await store.add(ReminderRecord(title: "Salad", tags: ["kale"]))
        let countedNow = try await isCounted()
        let answered = try await Self.facetsFromCounts("s", in: store.database)
        #expect(countedNow && answered)
        let (after, walkedAfter, _) = try await Self.answers(Self.request("s"), in: store.database)
        #expect(after == walkedAfter && after.tagFacets == [Facet(name: "kale", count: minimum)])
        #expect(try await store.check().isOK)
        // Below the minimum again it stays counted (exact either way), and rebuild agrees.
        _ = try await store.delete([last.id])
        #expect(try await store.check().isOK)
        try await store.rebuildIndex()
        #expect(try await store.check().isOK)
        let (rebuilt, walkedRebuilt, _) = try await Self.answers(Self.request("s"), in: store.database)
        #expect(rebuilt == walkedRebuilt)
    }

    @Test func otherSearchesWalkTheirMatches() async throws {
        let database = try await Self.generated.value
        for text in ["abcde", "a b", "\"a\"", "title:a", "a -b", "a OR b", "is:open a", "list:Work s", "#errand s", "a*b"] {
            let (counted, walked, used) = try await Self.answers(Self.request(text), in: database)
            #expect(!used, "\(text)")
            #expect(counted == walked, "\(text)")
        }
    }

    /// Every kind of change through the store keeps the counts equal to a fresh count; a change
    /// written past the store (another program) is noted, and searches walk until Trove's next write.
    @Test func writesKeepTheCountsAndOthersWritesAreWalkedPast() async throws {
        let store = try await ReminderStore.inMemory()
        var reader = RecordArrayReader(Array(ReminderGenerator(seed: 11, count: 600)))
        _ = try await store.importRecords(&reader, source: "generated")
        let first = try await store.add(ReminderRecord(title: "Sand the shed", list: "Home", tags: ["diy", "shed"]))
        try await store.update(id: first.id, ReminderChanges(title: "Paint the shed", list: "Work", addTags: ["paint"]))
        try await store.setCompleted([first.id], true)
        try await store.renameTag("shed", to: "Shed")
        try await store.delete([3])
        try await store.deleteList("Errands", deletingReminders: true)
        #expect(try await store.check().isOK)
        for text in ["s", "sh", "p", "pa", "d"] {
            let (counted, walked, used) = try await Self.answers(Self.request(text), in: store.database)
            #expect(used && counted == walked, "\(text)")
        }

        // A deleted reminder's id used again: counted as the new reminder, not the old.
        let last = try await store.add(ReminderRecord(title: "Sort the stamps"))
        _ = try await store.delete([last.id])
        let again = try await store.add(ReminderRecord(title: "Pot the plants"))
        #expect(again.id == last.id)
        for text in ["s", "so", "st", "p", "po"] {
            let (counted, walked, used) = try await Self.answers(Self.request(text), in: store.database)
            #expect(used && counted == walked, "\(text)")
        }

        // Written past the store: the counts are behind, so they are not read.
        try await store.database.write { db in
            try db.execute("UPDATE reminders SET title = 'Sailing ship' WHERE id = 5")
            try db.execute("DELETE FROM reminders WHERE id = 6")
        }
        for text in ["s", "sa", "sh"] {
            let (counted, walked, used) = try await Self.answers(Self.request(text), in: store.database)
            #expect(!used && counted == walked, "\(text)")
        }
        _ = try await store.add(ReminderRecord(title: "Sweep"))
        // Added past the store: known by its id above those counted, noted nowhere.
        try await store.database.write { db in
            try db.execute("""
                INSERT INTO reminders (list_id, title, created_at, updated_at)
                VALUES (1, 'Salt the path', '2026-11-29T10:00:00Z', '2026-11-29T10:00:00Z')
                """)
        }
        let noted = try await store.database.read { db in try db.fetchValue("SELECT count(*) FROM prefix_count_changes", as: Int.self) }
        #expect(noted == 0)
        for text in ["s", "sa", "sh"] {
            let (counted, walked, used) = try await Self.answers(Self.request(text), in: store.database)
            #expect(!used && counted == walked, "\(text)")
        }
        #expect(try await store.check().isOK, "the changes noted are counted in the check's comparison")
        // The store's next write counts them too.
        _ = try await store.add(ReminderRecord(title: "Swim"))
        for text in ["s", "sa", "sh", "sw"] {
            let (counted, walked, used) = try await Self.answers(Self.request(text), in: store.database)
            #expect(used && counted == walked, "\(text)")
        }
    }

    @Test func checkFindsWrongCountsAndRebuildCountsAfresh() async throws {
        let store = try await ReminderStore.demo(today: ReminderGenerator.pinnedToday)
        try await store.database.write { db in
            try db.execute("UPDATE prefix_list_counts SET matches = matches + 1 WHERE (prefix, list_id) = (SELECT prefix, list_id FROM prefix_list_counts LIMIT 1)")
        }
        let damaged = try await store.check()
        #expect(damaged.dataProblems.count == 1 && damaged.dataProblems[0].contains("per-prefix counts"), "\(damaged.dataProblems)")
        try await store.rebuildIndex()
        #expect(try await store.check().isOK)
    }

    @Test func theKeyIsTheOneFoldedTokenOfOneToFourCharactersInEightBytes() async throws {
        let store = try await ReminderStore.inMemory()
        let texts = ["É", "Sa", "buy", "Buys", "bread", "a b", "東", "東京", "東京都", "-", "é", "ǅ", "Éta", "été", "ÉtéS", "Прив", "Привет"]
        let keys = try await store.database.read { db in
            try texts.map { text in try db.fetchValue("SELECT trove_prefix_key(\(text))", as: String?.self) ?? nil }
        }
        // NB: four letters of two bytes each (Прив) still fit the 8 bytes; three CJK characters do not.
        #expect(keys == ["e", "sa", "buy", "buys", nil, nil, "東", "東京", nil, nil, "e", "ǆ", "eta", "ete", "etes", "прив", nil])
    }

    @Test func aRowCountsOnceUnderEachPrefixOfItsTokens() async throws {
        let store = try await ReminderStore.inMemory()
        let tally = try await store.database.read { db in
            try db.fetchValue(
                "SELECT trove_prefix_tally(1, 7, 1, 'Buy bundles', 'and bread', 'Bü, x y')", as: String.self)
        }
        let entries = Set(try #require(tally).dropFirst(2).dropLast(2).components(separatedBy: "],["))
        // Tokens: buy, bundles, and, bread, bu (Bü folded), x, y: "bu" once, whichever gave it.
        let prefixes = ["b", "bu", "buy", "bun", "bund", "a", "an", "and", "br", "bre", "brea", "x", "y"]
        var expected = Set(prefixes.map { #"0,"\#($0)",7,1,1"# })
        for tag in ["Bü", "x y"] { expected.formUnion(prefixes.map { #"1,"\#($0)","\#(tag)",1,1"# }) }
        #expect(entries == expected)
    }

    // Schema 15: a row with more than 64 tag names is counted under the empty name, once per
    // prefix, not under each name (whose entries grow with the square of its tags); 64 are
    // still counted one by one.
    @Test func aRowWithMoreThanSixtyFourTagsIsCountedUnderTheEmptyName() async throws {
        let store = try await ReminderStore.inMemory()
        func tally(tags: Int) async throws -> Set<String> {
            let names = (0..<tags).map { "g\($0)" }.joined(separator: ", ")
            let text = try await store.database.read { db in
                try db.fetchValue("SELECT trove_prefix_tally(1, 7, 0, 'Oak', '', \(names))", as: String.self)
            }
            return Set(try #require(text).dropFirst(2).dropLast(2).components(separatedBy: "],["))
        }
        let wide = try await tally(tags: 65)
        #expect(wide.filter { $0.hasPrefix("1,") }.allSatisfy { $0.contains(#","",1,0"#) })
        #expect(wide.contains(#"1,"oak","",1,0"#) && wide.contains(#"1,"g64","",1,0"#))
        #expect(!wide.contains { $0.contains(#""g0",1"#) })
        #expect(wide.contains(#"0,"g64",7,1,0"#), "the lists are counted as ever")
        let narrow = try await tally(tags: 64)
        #expect(narrow.contains(#"1,"oak","g63",1,0"#) && !narrow.contains { $0.contains(#","",1"#) })
    }

    // A prefix such a reminder matches takes its tag facets from walking its matches (its tags
    // are not in the counts); its totals, and the prefixes it does not match, still from the
    // counts. `check` agrees with the counts, and once it is gone the prefix is counted again.
    @Test func aPrefixOfAReminderWithManyTagsWalksForItsTagFacets() async throws {
        let store = try await ReminderStore.inMemory()
        _ = try await store.add(ReminderRecord(title: "Oak table", tags: ["wood", "home"]))
        _ = try await store.add(ReminderRecord(title: "Olive oil", tags: ["kitchen"]))
        let wide = try await store.add(ReminderRecord(title: "Oak shelf", tags: (0..<100).map { "shelf\($0)" }))
        let rows = try await store.database.read { db in try db.fetchValue("SELECT count(*) FROM prefix_tag_counts", as: Int.self) }
        #expect(try #require(rows) < 200, "one entry per prefix for the wide reminder, not 100 per prefix")

        let oak = try await Self.answers(Self.request("oa"), in: store.database)
        #expect(oak.counted.tagFacets == oak.walked.tagFacets && oak.counted.total == 2)
        #expect(oak.counted.tagFacets.count == ResultSet.tagFacetLimit, "102 tags, the 100 most common listed")
        let walks = try await store.database.read { db in
            try SearchExecutor(plan: FTSEngine.plan(for: Self.request("oa").query), request: Self.request("oa"), engineName: "fts")
                .prefixCounts(on: db) == nil
        }
        #expect(walks, "the counts do not answer a prefix of the wide reminder with facets")
        let noFacets = try await store.database.read { db in
            try SearchExecutor(
                plan: FTSEngine.plan(for: Self.request("oa", facets: false).query), request: Self.request("oa", facets: false),
                engineName: "fts"
            ).prefixCounts(on: db)
        }
        #expect(noFacets?.total == 2, "without facets the counts still answer")
        let olive = try await Self.answers(Self.request("ol"), in: store.database)
        #expect(olive.usedCounts && olive.counted.tagFacets == olive.walked.tagFacets)
        #expect(try await store.check().isOK)

        _ = try await store.delete([wide.id])
        let wideEntries = try await store.database.read { db in
            try db.fetchValue("SELECT count(*) FROM prefix_tag_counts WHERE tag = ''", as: Int.self)
        }
        #expect(wideEntries == 0, "the wide reminder's entries went with it")
        let after = try await Self.answers(Self.request("oa"), in: store.database)
        #expect(after.counted == after.walked && after.counted.total == 1)
        #expect(try await store.check().isOK)
    }

    /// A two-letter prefix with more matches than the rank bound's minimum, in a file with
    /// readers: its counts come from the per-prefix counts, so the helper ranks the upper half
    /// of the rowids' candidates while this connection ranks the lower.
    @Test func aPrefixsCandidatesAreRankedInTwoHalvesOnTwoReaders() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trove-halves-\(UUID().uuidString).db").path
        let store = try await ReminderStore.open(path: path)
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let filler = ["soon", "please", "then", "check", "the", "hose"]
        var records: [ReminderRecord] = []
        for i in 0..<(SearchExecutor.rankBoundMinimumMatches * 5 / 4) {
            let title = ["Water"] + (0..<(i % 40)).map { filler[$0 % filler.count] }
            let notes = Array(repeating: "wash", count: i % 7) + (0..<(i % 53)).map { filler[($0 + i) % filler.count] }
            records.append(ReminderRecord(
                title: title.joined(separator: " "), notes: notes.joined(separator: " "), list: i % 3 == 0 ? "Home" : nil,
                tags: i % 5 == 0 ? ["garden"] : [], priority: i % 5 == 0 ? .high : .none, isCompleted: i % 4 == 0))
        }
        var reader = RecordArrayReader(records)
        _ = try await store.importRecords(&reader, source: "halves")
        let database = store.database
        for includeCompleted in [nil, true, false] as [Bool?] {
            for (limit, page) in [(20, SearchPage.first), (50, .offset(60))] {
                var request = PhasedSearchTests.request("wa", limit: limit, page: page, includeCompleted: includeCompleted, typos: .off)
                request.facets = true
                let asked = request
                let before = try await database.diagnostics().helperJoins
                let answer = try await EngineRegistry().search(asked, in: database)
                let joined = try await database.diagnostics().helperJoins > before
                let alone = try await database.read { db in try FTSEngine().search(asked, on: db) }
                let context = "limit \(limit), \(page), includeCompleted \(String(describing: includeCompleted))"
                // NB: open ones only (three in four) are fewer than the rank bound's minimum.
                #expect(joined == (includeCompleted != false), "\(context)")
                #expect(answer == alone && answer.total >= SearchExecutor.rankBoundMinimumMatches * 15 / 16, "\(context)")
            }
        }
    }
}
