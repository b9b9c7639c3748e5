import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// The copy of an index's facet values also holds the columns its named, yes/no and integer
/// filters compare, and its demoted column (``IndexFacts/Numbers``), so that `is:unread`,
/// `pinned:yes`, `year:2020..` and a search without words that hides archived notes are
/// counted from it: the same answer the SQL gives, on random tables and texts, and SQL's
/// answer whenever a column holds something the copy does not compare (text, a real, more
/// than ``IndexFacts/numberValueLimit`` values).
@Suite struct SearchIndexFactsNumbersTests {
    static let words = ["bread", "baker", "banana", "apple", "apricot", "camera", "call", "deal", "zebra"]

    static let index: SearchIndex = {
        do {
            return try SearchIndex(
                table: "notes", key: "id", fields: [.init("title", weight: 10), .init("body")],
                filters: [
                    "folder": .text("folder"),
                    "is": .named([
                        "unread": .init("read", 0), "read": .init("read", 1), "starred": .init("starred", 1),
                        "archived": .init("archived", 1), "draft": .init("state", "draft"),
                    ]),
                    "pinned": .bool("pinned"), "year": .integer("year"),
                ],
                facets: ["folder"], tiebreakers: [.descending("year")], demoted: "archived", hidesDemotedWhenBrowsing: true)
        } catch {
            preconditionFailure("\(error)")
        }
    }()

    /// Notes made from `seed`. Seed 1 and 2 store only integers and NULL in the number columns;
    /// seed 3 also a text and a real in `read` (the copy then leaves `is:read` and `is:unread`
    /// to SQL); seed 4 gives `year` more distinct values than the copy holds.
    static func database(seed: UInt64) async throws -> SQLiteDatabase {
        let database = try SQLiteDatabase.inMemory()
        try await database.writeWithoutTransaction { db in
            var random = SplitMix64(seed: seed)
            try db.execute("""
                CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT, folder TEXT,
                    read, starred INTEGER, pinned INTEGER, year INTEGER, archived INTEGER, state TEXT)
                """)
            var id: Int64 = 0
            for _ in 0..<Int.random(in: 60...200, using: &random) {
                id += Int64.random(in: 1...3, using: &random)
                let title = (0..<Int.random(in: 1...3, using: &random)).map { _ in words.randomElement(using: &random)! }
                let body = (0..<Int.random(in: 0...3, using: &random)).map { _ in words.randomElement(using: &random)! }
                let reads: [any SQLBindable] = seed == 3 ? [Int64(0), Int64(1), "1", 1.5, Int64?.none] : [Int64(0), Int64(1), Int64?.none]
                let read = reads.randomElement(using: &random)!
                let year: Int64? = Int.random(in: 0..<8, using: &random) == 0
                    ? nil : seed == 4 ? Int64.random(in: 1900...2100, using: &random) : Int64.random(in: 2019...2025, using: &random)
                let archived: Int64? = [0, 0, 1, nil].randomElement(using: &random)!
                try db.execute("""
                    INSERT INTO notes (id, title, body, folder, read, starred, pinned, year, archived, state) VALUES (\(id),
                    \(title.joined(separator: " ")), \(body.joined(separator: " ")), \(["Home", "Work", "home"].randomElement(using: &random)!),
                    \(SQLFragment(binding: read)), \(Int64.random(in: 0...1, using: &random)), \([Int64(0), 1, 2].randomElement(using: &random)!),
                    \(year), \(archived), \(["draft", "sent"].randomElement(using: &random)!))
                    """)
            }
            // NB: indexes the filters can use, so that a search without the copy may be
            // narrowed to the keys they pass (`folder:` compares ignoring case: no index serves it).
            try db.execute("CREATE INDEX notes_by_read ON notes(read)")
            try db.execute("CREATE INDEX notes_by_year ON notes(year, starred)")
            try index.migrate(db)
        }
        return database
    }

    static let texts = [
        "", "is:unread", "is:read", "-is:unread", "is:unread is:starred", "is:read is:unread", "-is:starred b",
        "is:starred b", "pinned:yes", "pinned:no", "-pinned:yes", "year:2024", "year:2020..2022", "year:..2021",
        "-year:2023 a", "is:archived", "-is:archived", "is:draft", "is:draft b", "folder:home is:unread",
        "b is:unread pinned:yes year:2020..", "is:unread folder:work", "apple is:starred", "is:unread a",
        "pinned:yes -is:read", "-is:unread -is:starred", "folder:home", "year:2021 is:archived b", "-is:archived c",
    ]

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func theCopyGivesTheAnswerTheSQLGives(seed: UInt64) async throws {
        let database = try await Self.database(seed: seed)
        let index = Self.index
        let cache = VocabularyCache(database: database, index: index)
        try await cache.buildNow()
        var counted: [String] = []
        for text in Self.texts {
            let uses = cache.factsUses
            let withCopy = try await index.search(text, in: database, limit: 5, vocabulary: cache)
            // NB: the statements alone: no copy, the stored one neither.
            let plain = try await SearchIndex.$readsStoredFacts.withValue(false) { try await index.search(text, in: database, limit: 5) }
            #expect(withCopy == plain, "\(text), seed \(seed)")
            if cache.factsUses > uses { counted.append(text) }
            try await SearchIndex.$bestWalkMinimum.withValue(0) {
                let walked = try await index.search(text, in: database, limit: 5, vocabulary: cache)
                #expect(walked == plain, "\(text), seed \(seed), walked")
                let later = try await index.search(text, in: database, limit: 4, offset: 3, vocabulary: cache)
                let plainLater = try await SearchIndex.$readsStoredFacts.withValue(false) {
                    try await index.search(text, in: database, limit: 4, offset: 3)
                }
                #expect(later == plainLater, "\(text), seed \(seed), offset 3")
            }
        }
        // NB: which texts the copy answered. `is:draft` compares a text, so it is SQL's in every
        // seed; seed 3's `read` holds a text and a real, so every `is:read`/`is:unread` is
        // SQL's; seed 4's `year` holds too many values, so every `year:` is SQL's.
        let neverCounted = Set(Self.texts.filter { $0.contains("is:draft") })
        let readWords = Set(Self.texts.filter { $0.contains("is:read") || $0.contains("is:unread") })
        let yearWords = Set(Self.texts.filter { $0.contains("year:") })
        var expected = Set(Self.texts).subtracting(neverCounted)
        if seed == 3 { expected.subtract(readWords) }
        if seed == 4 { expected.subtract(yearWords) }
        #expect(Set(counted) == expected, "seed \(seed)")
    }

    /// Without the copy, a search of words and filters that an index on the app's table
    /// serves is narrowed to the keys they pass, read first; the answer (every page) is the
    /// statements' alone. A filter no index serves (`folder:`, `pinned:`) is not narrowed.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func narrowingToTheFilteredKeysGivesTheStatementsAnswer(seed: UInt64) async throws {
        let database = try await Self.database(seed: seed)
        let index = Self.index
        for text in Self.texts {
            for (limit, offset) in [(5, 0), (4, 3)] {
                // NB: without the stored copy, which would answer the filters alone.
                let narrowed = try await SearchIndex.$readsStoredFacts.withValue(false) {
                    try await index.search(text, in: database, limit: limit, offset: offset)
                }
                let plain = try await SearchIndex.$narrowsToFilteredKeys.withValue(false) {
                    try await SearchIndex.$readsStoredFacts.withValue(false) { try await index.search(text, in: database, limit: limit, offset: offset) }
                }
                #expect(narrowed == plain, "\(text), seed \(seed), offset \(offset)")
            }
        }
        let narrows = { (text: String) async throws -> Bool in
            try await database.read { db in
                let statements = IndexStatements(index: index, query: index.parse(text), style: .brackets)
                return try index.narrowedKeys(statements, on: db) != nil
            }
        }
        #expect(try await narrows("is:unread b"))
        #expect(try await narrows("year:2020..2022 a"))
        #expect(try await !narrows("folder:home b"))
        #expect(try await !narrows("pinned:yes b"))
        #expect(try await !narrows("is:unread"), "no words: nothing to narrow")
    }

    /// The answer to `""` leaves archived notes out, `is:archived` keeps only them: both from
    /// the copy, and each what SQL says.
    @Test func browsingLeavesTheDemotedOutFromTheCopy() async throws {
        let database = try await Self.database(seed: 1)
        let cache = VocabularyCache(database: database, index: Self.index)
        try await cache.buildNow()
        let all = try await database.read { db in try db.fetchValue("SELECT count(*) FROM notes", as: Int.self) ?? 0 }
        let archived = try await database.read { db in
            try db.fetchValue("SELECT count(*) FROM notes WHERE archived = 1", as: Int.self) ?? 0
        }
        let browsing = try await Self.index.search("", in: database, vocabulary: cache)
        let onlyArchived = try await Self.index.search("is:archived", in: database, vocabulary: cache)
        #expect(cache.factsUses == 2)
        #expect(archived > 0)
        #expect(browsing.total == all - archived)
        #expect(onlyArchived.total == archived)
    }

    /// A write to a column the copy holds as numbers retires it, as a write to a facet does.
    @Test func aWriteToANumberColumnRetiresTheCopy() async throws {
        let database = try await Self.database(seed: 2)
        let cache = VocabularyCache(database: database, index: Self.index, pause: .zero)
        try await cache.buildNow()
        let before = try await Self.index.search("is:starred", in: database, vocabulary: cache)
        #expect(cache.factsUses == 1)
        for write in ["UPDATE notes SET starred = 1 - starred WHERE id = (SELECT min(id) FROM notes)",
            "UPDATE notes SET archived = 1 WHERE archived IS NOT 1 AND id = (SELECT max(id) FROM notes WHERE archived IS NOT 1)"] as [SQLFragment]
        {
            try await database.write { db in try db.execute(write) }
            let uses = cache.factsUses
            // NB: without the stored copy, which its log brings up to date (SearchIndexStoredFactsTests).
            let after = try await SearchIndex.$readsStoredFacts.withValue(false) {
                try await Self.index.search("is:starred", in: database, vocabulary: cache)
            }
            #expect(cache.factsUses == uses, "a retired copy is not used: \(write.debugDescription)")
            #expect(after == (try await Self.index.search("is:starred", in: database)))
            try await cache.buildNow()
            #expect(try await Self.index.search("is:starred", in: database, vocabulary: cache) == after)
            #expect(cache.factsUses == uses + 1)
        }
        #expect(before != (try await Self.index.search("is:starred", in: database)))
    }
}
