import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// The copy of the facet and filter values stored in the database (``IndexFacts/stored(of:on:)``):
/// what `migrate`, `rebuild`, `bulkWrite` and `storeFacts` store is the copy read from the rows,
/// field for field; a search with no copy in memory reads it only while it holds, and answers
/// as SQL does; a write retires it; a damaged one is never read, and `check` says so.
@Suite struct SearchIndexStoredFactsTests {
    typealias Numbers = SearchIndexFactsNumbersTests

    /// Every field of `a` and `b` but the version.
    static func expectEqual(_ a: IndexFacts, _ b: IndexFacts, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.keys == b.keys, comment, sourceLocation: sourceLocation)
        #expect(a.sources == b.sources, comment, sourceLocation: sourceLocation)
        #expect(a.numberColumns == b.numberColumns, comment, sourceLocation: sourceLocation)
        #expect(a.demotedKeys == b.demotedKeys, comment, sourceLocation: sourceLocation)
        #expect(a.values.keys.sorted() == b.values.keys.sorted(), comment, sourceLocation: sourceLocation)
        for (facet, x) in a.values {
            guard let y = b.values[facet] else { continue }
            #expect(x.spellings == y.spellings && x.groups == y.groups && x.groupCount == y.groupCount, comment, sourceLocation: sourceLocation)
            #expect(x.groupKeys == y.groupKeys && x.allText == y.allText, comment, sourceLocation: sourceLocation)
            #expect(x.starts == y.starts && x.slots == y.slots, comment, sourceLocation: sourceLocation)
            #expect(x.groupStarts == y.groupStarts && x.groupRows == y.groupRows && x.groupsByKey == y.groupsByKey, comment,
                sourceLocation: sourceLocation)
        }
        #expect(a.numbers.keys.sorted() == b.numbers.keys.sorted(), comment, sourceLocation: sourceLocation)
        for (column, x) in a.numbers {
            #expect(x.values == b.numbers[column]?.values && x.places == b.numbers[column]?.places, comment, sourceLocation: sourceLocation)
        }
    }

    static func stored(_ database: SQLiteDatabase, _ index: SearchIndex = Numbers.index) async throws -> IndexFacts? {
        try await database.read { db in try db.transaction(.deferred) { try IndexFacts.stored(of: index, on: db) } }
    }

    static func read(_ database: SQLiteDatabase, _ index: SearchIndex = Numbers.index) async throws -> IndexFacts? {
        try await database.read { db in try db.transaction(.deferred) { try IndexFacts.read(of: index, on: db) } }
    }

    /// What `migrate` stored is what reading the rows gives, for tables whose number columns
    /// the copy holds (seeds 1, 2) and leaves out (3: a text and a real; 4: too many values),
    /// with facets by column and by lookup (the app index of ``SearchIndexFactsTests``).
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func theStoredCopyIsTheCopyReadFromTheRows(seed: UInt64) async throws {
        let database = try await Numbers.database(seed: seed)
        let stored = try #require(try await Self.stored(database))
        let read = try #require(try await Self.read(database))
        Self.expectEqual(stored, read, "seed \(seed)")
        #expect(stored.version == read.version)
        #expect(stored.numbers.count == (seed >= 3 ? 4 : 5), "the columns held: read, starred, pinned, year, archived")
        #expect(stored.demotedKeys != nil)
    }

    /// Keys at both ends of Int64 and far apart, a row with 300 tags (a count and numbers of
    /// more than one byte each) and one with none: stored and read back as they were read.
    @Test func extremeKeysAndManyValuesComeBackWhole() async throws {
        let database = try SQLiteDatabase.inMemory()
        let index = try SearchIndexFactsTests.titledNotes()
        try await database.writeWithoutTransaction { db in
            try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT, folder TEXT)")
            try db.execute("CREATE TABLE note_tags (note_id INTEGER NOT NULL, tag TEXT NOT NULL)")
            for (id, folder) in [(Int64.min, "Home"), (-5, "Work"), (0, "Home"), (7, "home"), (1 << 40, "Garden"), (Int64.max, "Work")] {
                try db.execute("INSERT INTO notes (id, title, folder) VALUES (\(id), 'apple', \(folder))")
            }
            for tag in 0..<300 { try db.execute("INSERT INTO note_tags VALUES (7, \("t\(tag)"))") }
            try db.execute("INSERT INTO note_tags VALUES (\(Int64.max), 't299'), (\(Int64.min), 'Ünïcode')")
            try index.migrate(db)
        }
        let stored = try #require(try await Self.stored(database, index))
        let read = try #require(try await Self.read(database, index))
        Self.expectEqual(stored, read, "extremes")
        #expect(stored.keys == [Int64.min, -5, 0, 7, 1 << 40, Int64.max])
        #expect(stored.values["tag"]?.spellings.count == 301)
    }

    /// A search on a connection without a copy in memory reads the stored one (for every text
    /// the copy can count, here with no minimum of matches) and answers as the statements do
    /// alone, page after page.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func aSearchReadsTheStoredCopyAndAnswersAsSQLDoes(seed: UInt64) async throws {
        let database = try await Numbers.database(seed: seed)
        let index = Numbers.index
        var read: [String] = []
        for text in Numbers.texts {
            let readsIt = try await database.read { db in
                try db.transaction(.deferred) {
                    let statements = IndexStatements(index: index, query: index.parse(text), style: .brackets)
                    return try SearchIndex.$storedFactsMinimum.withValue(0) { try index.storedFacts(for: statements, on: db) }?.isFew == false
                }
            }
            if readsIt { read.append(text) }
            for (limit, offset) in [(5, 0), (4, 3)] {
                let fromCopy = try await SearchIndex.$storedFactsMinimum.withValue(0) {
                    try await index.search(text, in: database, limit: limit, offset: offset)
                }
                let plain = try await SearchIndex.$readsStoredFacts.withValue(false) {
                    try await index.search(text, in: database, limit: limit, offset: offset)
                }
                #expect(fromCopy == plain, "\(text), seed \(seed), offset \(offset)")
            }
        }
        // NB: every text of filters alone or of words that match: the copy is read, then its
        // number columns say which filters it tests (`is:draft`'s text column is SQL's). Not
        // the one whose `b` is a whole word (not the last one typed), which no note holds.
        #expect(Set(read) == Set(Numbers.texts).subtracting(["b is:unread pinned:yes year:2020.."]), "seed \(seed)")
    }

    /// Words matching fewer rows than the minimum read the facts of just those rows instead;
    /// filters alone read the copy whatever they pass.
    @Test func fewMatchesLeaveTheCopyUnread() async throws {
        let database = try await Numbers.database(seed: 1)
        let index = Numbers.index
        let facts = { (text: String) async throws -> (facts: IndexFacts, isFew: Bool)? in
            try await database.read { db in
                try db.transaction(.deferred) {
                    let statements = IndexStatements(index: index, query: index.parse(text), style: .brackets)
                    return try index.storedFacts(for: statements, on: db)
                }
            }
        }
        let reads = { (text: String) async throws -> Bool in try await facts(text)?.isFew == false }
        let matches = try await index.search("b", in: database).total
        #expect(matches < SearchIndex.storedFactsMinimum)
        #expect(try await !reads("b"))
        // NB: the facts of b's matches alone: as many keys as the search counts.
        let few = try #require(try await facts("b"))
        #expect(few.isFew && few.facts.keys.count == matches)
        #expect(try await reads("is:unread"))
        #expect(try await reads(""))
        let justBelow = try await SearchIndex.$storedFactsMinimum.withValue(matches - 1) { try await reads("b") }
        let atIt = try await SearchIndex.$storedFactsMinimum.withValue(matches) { try await reads("b") }
        #expect(justBelow)
        #expect(!atIt)
    }

    /// Notes in folders (a lookup by the note's own `folder_id`), with tags (a lookup by the
    /// note's key), `read` (a named filter) and `archived` (the demoted column).
    static let written: SearchIndex = {
        do {
            return try SearchIndex(
                table: "notes", key: "id", fields: [.init("title")],
                filters: [
                    "folder": .lookup("folder_id", table: "folders", key: "id", value: "name"),
                    "tag": .lookup("id", table: "note_tags", key: "note_id", value: "tag"),
                    "is": .named(["read": .init("read", 1), "unread": .init("read", 0)]),
                ],
                facets: ["folder", "tag"], demoted: "archived")
        } catch {
            preconditionFailure("\(error)")
        }
    }()

    static let writtenTexts = ["", "a", "b", "folder:home", "tag:errand", "is:unread", "is:read a", "-tag:call", "folder:wo b"]

    /// After each random write (a note added, deleted or moved; a tag added or taken off; a
    /// folder renamed; `read` set, to a new number or to a text; a title alone), the stored
    /// copy brought up to date from its log holds exactly the values read from the rows, a
    /// search with it answers as SQL does, and `check` passes.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func writesAreReadAgainFromTheLog(seed: UInt64) async throws {
        let database = try SQLiteDatabase.inMemory()
        let index = Self.written
        let folders = ["Home", "home", "Work", "Wörk", "Garden"]
        let tags = ["errand", "Errand", "call", "Zed", "new", "Ünï"]
        try await database.writeWithoutTransaction { db in
            var random = SplitMix64(seed: seed)
            try db.execute("CREATE TABLE folders (id INTEGER PRIMARY KEY, name TEXT)")
            try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT, folder_id INTEGER, read, archived INTEGER)")
            try db.execute("CREATE TABLE note_tags (note_id INTEGER, tag TEXT)")
            for (id, name) in folders.prefix(4).enumerated() { try db.execute("INSERT INTO folders VALUES (\(id + 1), \(name))") }
            for id in 1...60 {
                try db.execute("""
                    INSERT INTO notes VALUES (\(id), \(["apple", "banana", "apple bread"].randomElement(using: &random)!),
                    \(Int64.random(in: 1...4, using: &random)), \(Int64.random(in: 0...1, using: &random)), \(Int64.random(in: 0...1, using: &random)))
                    """)
                for _ in 0..<Int.random(in: 0...2, using: &random) {
                    try db.execute("INSERT INTO note_tags VALUES (\(id), \(tags.prefix(4).randomElement(using: &random)!))")
                }
            }
            try index.migrate(db)
        }
        var random = SplitMix64(seed: seed + 100)
        var nextID = 61
        for step in 0..<40 {
            let writes: [SQLFragment]
            switch Int.random(in: 0..<9, using: &random) {
            case 0:
                nextID += 1
                writes = ["INSERT INTO notes VALUES (\(nextID), 'apple', \(Int64.random(in: 1...5, using: &random)), 0, 0)",
                    "INSERT INTO note_tags VALUES (\(nextID), \(tags.randomElement(using: &random)!))"]
            case 1: writes = ["DELETE FROM notes WHERE id = (SELECT id FROM notes ORDER BY random() LIMIT 1)"]
            case 2: writes = ["UPDATE notes SET folder_id = \(Int64.random(in: 1...5, using: &random)) WHERE id % 7 = \(step % 7)"]
            case 3: writes = ["INSERT INTO note_tags VALUES (\(Int64.random(in: 1...Int64(nextID), using: &random)), \(tags.randomElement(using: &random)!))"]
            case 4: writes = ["DELETE FROM note_tags WHERE rowid = (SELECT rowid FROM note_tags ORDER BY random() LIMIT 1)"]
            case 5:
                let folder = Int64.random(in: 1...4, using: &random)
                writes = folder == 4 && step % 2 == 0
                    ? ["INSERT OR REPLACE INTO folders VALUES (5, 'Garden')"]
                    : ["UPDATE folders SET name = \(folders.randomElement(using: &random)!) WHERE id = \(folder)"]
            case 6: writes = ["UPDATE notes SET read = \(Int64.random(in: 0...1, using: &random)), archived = 1 - archived WHERE id = \(Int64.random(in: 1...60, using: &random))"]
            case 7: writes = step > 30 ? ["UPDATE notes SET read = 7 WHERE id = 3"] : ["UPDATE notes SET read = 'x' WHERE id = 2 AND \(Int64(seed)) = 3"]
            default: writes = ["UPDATE notes SET title = 'cherry' WHERE id = \(Int64.random(in: 1...60, using: &random))"]
            }
            try await database.write { db in for write in writes { try db.execute(write) } }
            let (stored, read) = try await database.read { db in
                try db.transaction(.deferred) { (try IndexFacts.stored(of: index, on: db), try IndexFacts.read(of: index, on: db)) }
            }
            let patched = try #require(stored, "step \(step): \(writes.map(\.debugDescription))")
            let rows = try #require(read)
            #expect(patched.agrees(with: rows), "step \(step): \(writes.map(\.debugDescription))")
            // NB: and holds every number column the rows' copy does. Not for seed 3, which writes a
            // text into `read`: the copy then leaves that column to SQL until it is stored again,
            // where a copy read anew holds it again once the text is gone.
            if seed != 3 { #expect(Set(patched.numbers.keys) == Set(rows.numbers.keys), "step \(step)") }
            for text in Self.writtenTexts {
                let answer = try await index.search(text, in: database)
                let plain = try await SearchIndex.$readsStoredFacts.withValue(false) { try await index.search(text, in: database) }
                #expect(answer == plain, "\(text) at step \(step)")
            }
            #expect(try await database.read { db in try index.check(db) }.isOK, "step \(step)")
        }
        // NB: the searches read the copy (filters alone always do): the log was used, not bypassed.
        let logged = try await database.read { db in try db.fetchValue("SELECT count(*) FROM trove_notes_factslog", as: Int.self) ?? 0 }
        #expect(logged > 0)
        try await database.write { db in try index.storeFacts(db) }
        #expect(try await database.read { db in try db.fetchValue("SELECT count(*) FROM trove_notes_factslog", as: Int.self) } == 0)
    }

    /// `migrate` over a table with no rows yet stores a copy of nothing (each number column
    /// with no value), and the rows added then are read from the log into it.
    @Test func anEmptyTableStoresAnEmptyCopyAndGrowsFromTheLog() async throws {
        let database = try SQLiteDatabase.inMemory()
        let index = Numbers.index
        try await database.writeWithoutTransaction { db in
            try db.execute("""
                CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT, folder TEXT,
                    read, starred INTEGER, pinned INTEGER, year INTEGER, archived INTEGER, state TEXT)
                """)
            try index.migrate(db)
        }
        let empty = try #require(try await Self.stored(database))
        #expect(empty.keys.isEmpty)
        // NB: all six columns (`state` too: with no rows it holds no text yet), each with no value.
        #expect(empty.numbers.count == 6)
        #expect(empty.numbers.values.allSatisfy { $0.values.isEmpty })
        try await database.write { db in
            try db.execute("""
                INSERT INTO notes (id, title, folder, read, starred, pinned, year, archived) VALUES
                (1, 'apple', 'Home', 0, 1, 0, 2024, 0), (2, 'banana', 'home', 1, 0, 2, NULL, 1), (5, 'bread', NULL, NULL, 0, 1, 2020, 0)
                """)
        }
        let grown = try #require(try await Self.stored(database))
        #expect(grown.agrees(with: try #require(try await Self.read(database))))
        #expect(grown.keys == [1, 2, 5])
        for text in ["", "folder:home", "is:unread", "year:2020..", "b"] {
            let answer = try await SearchIndex.$storedFactsMinimum.withValue(0) { try await index.search(text, in: database) }
            let plain = try await SearchIndex.$readsStoredFacts.withValue(false) { try await index.search(text, in: database) }
            #expect(answer == plain, "\(text)")
        }
    }

    /// Past the log's limit of rows written the stored copy is not read (it cannot be brought
    /// up to date) until it is stored again; a write to a searched field alone is not logged.
    @Test func pastTheLogsLimitTheCopyIsNotRead() async throws {
        let database = try await Numbers.database(seed: 2)
        try await database.write { db in try db.execute("UPDATE notes SET title = 'zebra' WHERE id = (SELECT min(id) FROM notes)") }
        #expect(try await database.read { db in try db.fetchValue("SELECT count(*) FROM trove_notes_factslog", as: Int.self) } == 0)
        try await database.write { db in
            try db.execute("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(IndexFacts.changedKeyLimit - 1))
                INSERT INTO notes (id, title, folder) SELECT 100000 + i, 'apple', 'Home' FROM n
                """)
        }
        #expect(try await Self.stored(database) != nil, "one key short of the limit")
        try await database.write { db in try db.execute("INSERT INTO notes (id, title, folder) VALUES (900000, 'apple', 'Work')") }
        #expect(try await Self.stored(database) == nil)
        try await database.write { db in try db.execute("INSERT INTO notes (id, title, folder) VALUES (900001, 'apple', 'Work')") }
        let logged = try await database.read { db in try db.fetchValue("SELECT count(*) FROM trove_notes_factslog", as: Int.self) }
        #expect(logged == IndexFacts.changedKeyLimit, "the log stops growing at its limit")
        #expect(try await database.read { db in try Numbers.index.check(db) }.isOK, "a copy the log cannot bring up to date is no problem")
        try await database.write { db in try Numbers.index.storeFacts(db) }
        let stored = try #require(try await Self.stored(database))
        Self.expectEqual(stored, try #require(try await Self.read(database)), "stored again")
    }

    /// `bulkWrite` and `rebuild` store the copy as they end; an index without facets has none.
    @Test func bulkWriteAndRebuildStoreIt() async throws {
        let database = try await Numbers.database(seed: 1)
        let index = Numbers.index
        try await database.write { db in
            try index.bulkWrite(on: db) {
                try db.execute("UPDATE notes SET folder = 'Garden' WHERE id % 3 = 0")
                try db.execute("INSERT INTO notes (id, title, folder) VALUES (100000, 'apple pie', 'Garden')")
            }
        }
        let afterBulk = try #require(try await Self.stored(database))
        Self.expectEqual(afterBulk, try #require(try await Self.read(database)), "bulk write")
        #expect(afterBulk.values["folder"]?.spellings.contains("Garden") == true)
        try await database.write { db in
            try db.execute("DELETE FROM trove_notes_facts")
            try index.rebuild(db)
        }
        #expect(try await Self.stored(database) != nil)
        let plain = try SearchIndex(table: "notes", key: "id", fields: [.init("title")], filters: ["folder": .text("folder")])
        try await database.write { db in try plain.migrate(db) }
        let tables = try await database.read { db in
            try db.fetchAll("SELECT name FROM sqlite_schema WHERE name LIKE 'trove_notes%facts'").map { row -> String in try row[0] }
        }
        #expect(tables == [], "the second declaration (no facets) replaced the first, and stores nothing")
    }

    /// A stored copy that is damaged (a byte changed, cut short, another blob, a position past
    /// its array with a checksum to match) is never read: the search counts with SQL, `check`
    /// names the table, and `storeFacts` mends it.
    @Test(arguments: ["flipped", "cut", "foreign", "empty", "outOfBounds"])
    func aDamagedCopyIsNeverRead(damage: String) async throws {
        let database = try await Numbers.database(seed: 1)
        let index = Numbers.index
        let good = try await database.read { db in
            try db.fetchOne("SELECT snapshot FROM trove_notes_facts WHERE id = 1").map { row -> [UInt8] in try row[0] }
        }
        var bytes = try #require(good)
        switch damage {
        case "flipped": bytes[bytes.count / 2] ^= 0x40
        case "cut": bytes.removeLast(100)
        case "foreign": bytes = Array("SQLite format 3\0 but not a copy of anything".utf8)
        case "empty": bytes = []
        default:
            // NB: the last row's place among the last number column's values (the byte before
            // the checksum) made one past them, and the checksum made again: only the bounds
            // can tell.
            bytes[bytes.count - 9] = 200
            bytes.replaceSubrange((bytes.count - 8)..., with: withUnsafeBytes(of: IndexFacts.checksum(bytes.dropLast(8)).littleEndian) { Array($0) })
        }
        let damaged = bytes
        try await database.write { db in try db.execute("UPDATE trove_notes_facts SET snapshot = \(damaged) WHERE id = 1") }
        #expect(try await Self.stored(database) == nil)
        for text in Numbers.texts {
            let answer = try await SearchIndex.$storedFactsMinimum.withValue(0) { try await index.search(text, in: database) }
            let plain = try await SearchIndex.$readsStoredFacts.withValue(false) { try await index.search(text, in: database) }
            #expect(answer == plain, "\(text)")
        }
        let report = try await database.read { db in try index.check(db) }
        #expect(report.problems == [
            "The index notes has a damaged copy of its facet values in trove_notes_facts: "
                + "searches on a new connection count facets from the rows, more slowly."
        ])
        try await database.write { db in try index.storeFacts(db) }
        #expect(try await Self.stored(database) != nil)
        #expect(try await database.read { db in try index.check(db) }.isOK)
    }

    /// A copy another Trove stored in another layout, or none at all, is stored again by the
    /// next `migrate` of a current index; a current copy is left as it is.
    @Test func migrateStoresACopyOfAnotherLayoutAgain() async throws {
        let database = try await Numbers.database(seed: 1)
        let index = Numbers.index
        let blob = { try await database.read { db in try db.fetchValue("SELECT snapshot FROM trove_notes_facts", as: [UInt8].self) } }
        let good = try #require(try await blob())
        var older = good
        older[8] = 1
        let olderBlob = older
        try await database.write { db in try db.execute("UPDATE trove_notes_facts SET snapshot = \(olderBlob)") }
        #expect(try await Self.stored(database) == nil)
        try await database.write { db in try index.migrate(db) }
        #expect(try await blob() == good)
        try await database.write { db in try db.execute("DELETE FROM trove_notes_facts") }
        try await database.write { db in try index.migrate(db) }
        #expect(try await blob() == good)
        // NB: a current copy is not stored again: a row changed by hand stays changed.
        try await database.write { db in try db.execute("UPDATE trove_notes_facts SET changes = 77") }
        try await database.write { db in try index.migrate(db) }
        #expect(try await database.read { db in try db.fetchValue("SELECT changes FROM trove_notes_facts", as: Int.self) } == 77)
    }

    /// A copy that reads well but holds other values than the rows (stored before a write, then
    /// labelled with the count after it) is reported by `check`.
    @Test func checkComparesTheCopyWithTheRows() async throws {
        let database = try await Numbers.database(seed: 1)
        let index = Numbers.index
        try await database.write { db in
            try db.execute("UPDATE notes SET folder = 'Elsewhere' WHERE id = (SELECT min(id) FROM notes)")
            try db.execute("UPDATE trove_notes_facts SET changes = (SELECT changes FROM trove_notes_changes)")
        }
        #expect(try await Self.stored(database) != nil, "it reads as current")
        let report = try await database.read { db in try index.check(db) }
        #expect(report.problems == ["The index notes has a copy of its facet values in trove_notes_facts that does not match the rows of notes."])
        #expect(report.advice?.hasPrefix("Call rebuild(_:) on the index notes") == true)
        try await database.write { db in try index.rebuild(db) }
        #expect(try await database.read { db in try index.check(db) }.isOK)
    }
}
