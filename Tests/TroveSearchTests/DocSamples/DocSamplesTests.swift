import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveSearch
import TroveStore
import TroveTestSupport

/// The DocC articles' code samples, run (issue 16). Each test is one article's sample: when
/// one changes here, change the article (named in the test's comment) to match, and back.
@Suite struct DocSamplesTests {
    /// A file path in the temporary folder, removed with its WAL files when the test ends.
    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("trove-docs-\(UUID().uuidString).db").path
    }

    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    // MARK: - TroveSearch.docc/GettingStarted.md

    @Test func gettingStartedOpensAddsAndSearches() async throws {
        let path = Self.temporaryPath()
        defer { Self.remove(path) }

        let store = try await ReminderStore.open(path: path)   // creates and migrates the file
        let dentist = try await store.add(ReminderRecord(
            title: "Call the dentist", notes: "Ask about the crown", list: "Health", tags: ["phone"], priority: .high))
        try await store.add(ReminderRecord(title: "Buy dental floss", list: "Errands"))

        let resultSet = try await store.search("dent")          // the last word is a prefix
        #expect(resultSet.total == 2)
        #expect(resultSet.hits.map(\.title).contains("Call the dentist"))
        #expect(resultSet.listFacets.map(\.description).sorted() == ["Errands (1)", "Health (1)"])

        let phoned = try await store.search("#phone dent")     // a tag filter and a word
        #expect(phoned.hits.map(\.id) == [dentist.id])

        var request = SearchRequest(text: "crown")
        request.highlight = .brackets
        let marked = try await store.search(request)
        #expect(marked.hits.first?.snippet == "Ask about the [crown]")
    }

    // MARK: - TroveSQLite.docc/SearchingYourOwnTable.md

    /// An app's own table, declared for the builder.
    struct Note: SQLTable {
        static let tableName = "notes"
        struct Columns: TableColumns {
            let id = SQLColumn<Int64>("id")
            let title = SQLColumn<String>("title")
            let body = SQLColumn<String>("body")
        }
        static let columns = Columns()
    }

    /// Its FTS5 index: `rowid` is the note's id.
    struct NoteSearch: FTS5Table {
        static let tableName = "notes_fts"
        struct Columns: TableColumns {
            let title = SQLColumn<String>("title")
            let body = SQLColumn<String>("body")
        }
        static let columns = Columns()
    }

    /// What the app reads, by column name.
    struct NoteRecord: Decodable, Sendable, Equatable {
        var id: Int64
        var title: String
        var body: String
    }

    /// The app's own migration: the table, an external-content FTS5 index and the triggers that
    /// keep it in step (https://www.sqlite.org/fts5.html#external_content_tables).
    static let notesSchema = """
        CREATE TABLE notes(id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL DEFAULT '');
        CREATE VIRTUAL TABLE notes_fts USING fts5(title, body, content='notes', content_rowid='id');
        CREATE TRIGGER notes_ai AFTER INSERT ON notes BEGIN
          INSERT INTO notes_fts(rowid, title, body) VALUES (new.id, new.title, new.body);
        END;
        CREATE TRIGGER notes_ad AFTER DELETE ON notes BEGIN
          INSERT INTO notes_fts(notes_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
        END;
        CREATE TRIGGER notes_au AFTER UPDATE ON notes BEGIN
          INSERT INTO notes_fts(notes_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
          INSERT INTO notes_fts(rowid, title, body) VALUES (new.id, new.title, new.body);
        END;
        """

    @Test func ownTableIsSearchedWithTheBuilderAndTypedFetches() async throws {
        let path = Self.temporaryPath()
        defer { Self.remove(path) }

        let database = try SQLiteDatabase(path: path)
        try await database.write { db in try db.execute(Self.notesSchema) }
        #expect(Note.insert { $0.title.set("Walk the dog"); $0.body.set("Around the park") }.render().sql
            == #"INSERT INTO "notes" ("title", "body") VALUES (?, ?)"#)
        for (title, body) in [("Walk the dog", "Around the park"), ("Park the car", ""), ("Taxes", "Due in April")] {
            try await database.execute(Note.insert { $0.title.set(title); $0.body.set(body) })
        }

        // Typed rows: the select's tuple, ranked by bm25 with the title weighted 10.
        let ranked = Note.join(NoteSearch.self) { n, s in n.id == s.rowid }
            .where { _, s in s.match("park", in: \.title, \.body) }
            .select { n, s in (n.id, s.title.highlight("[", "]")) }
            .order { _, s in s.bm25([\.title: 10, \.body: 1]) }
        #expect(ranked.debugDescription == """
            SELECT "notes"."id", highlight("notes_fts", 0, '[', ']') FROM "notes" \
            JOIN "notes_fts" ON ("notes"."id" = "notes_fts"."rowid") \
            WHERE ("notes_fts" MATCH '{title body} : (park)') ORDER BY bm25("notes_fts", 10.0, 1.0)
            """)
        let hits = try await database.fetchAll(ranked)      // [(Int64, String)]
        #expect(hits.map(\.0) == [2, 1])
        #expect(hits.map(\.1) == ["[Park] the car", "Walk the dog"])

        // Your own Decodable type, read by column name.
        let notes = try await database.fetchAll(Note.where { $0.title.contains("walk") }, as: NoteRecord.self)
        #expect(notes == [NoteRecord(id: 1, title: "Walk the dog", body: "Around the park")])
        #expect(try await database.fetchCount(Note.where { $0.body == "" }) == 1)

        // A person's words go through TroveSearch's FTS5Expression: each word quoted and
        // AND-ed, the last one a prefix, so FTS5 syntax in what they type stays text.
        let typed = "park do"
        let pattern = try #require(FTS5Expression(query: .parse(typed))?.positive)
        #expect(pattern == #""park" AND "do"*"#)
        let both = Note.join(NoteSearch.self) { n, s in n.id == s.rowid }
            .where { _, s in s.match(pattern) }
            .select { n, _ in n.title }
        #expect(try await database.fetchAll(both) == ["Walk the dog"])
    }

    /// "Declare the index", "Migrate it beside your own migrations" and "Search it".
    @Test func searchIndexDeclaresMigratesAndSearches() throws {
        let db = try SQLConnection.inMemory()
        try db.execute("""
            CREATE TABLE notes(id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL DEFAULT '',
                               folder TEXT, pinned INTEGER NOT NULL DEFAULT 0)
            """)
        try db.execute("""
            INSERT INTO notes(title, body, folder, pinned) VALUES
              ('Sourdough loaf', 'Feed the starter the night before', 'Baking', 1),
              ('Groceries', 'flour and a jar for the sourdough starter', 'Shopping', 0)
            """)
        let notes = try SearchIndex(
            table: "notes", key: "id",
            fields: [.init("title", weight: 10), .init("body")],
            filters: ["folder": .text("folder"), "pinned": .bool("pinned")],
            facets: ["folder"])
        try notes.migrate(db)
        let results = try notes.search("sourdough folder:Baking", on: db)
        #expect(notes.pageStatement(for: notes.parse("sourdough folder:Baking")).debugDescription.hasSuffix("""
            FROM "trove_notes_fts" CROSS JOIN "notes" ON ("notes"."id" = "trove_notes_fts"."rowid") \
            WHERE ("trove_notes_fts" MATCH '"sourdough"') AND ("notes"."folder" LIKE 'Baking%' ESCAPE '\\') \
            ORDER BY "score" ASC, "notes"."id" ASC LIMIT 20 OFFSET 0
            """))
        #expect(notes.pageStatement(for: notes.parse("sourdough folder:Baking ")).debugDescription.contains("""
            AND ("notes"."folder" COLLATE "NOCASE" = 'Baking')
            """))
        #expect(results.hits[0].key == 1)
        #expect(results.hits[0].highlighted["title"] == "[Sourdough] loaf")
        #expect(results.total == 1)
        #expect(results.facets["folder"] == [Facet(name: "Baking", count: 1)])
        #expect(results.nextOffset == nil)
    }

    /// "Filter by ranges, dates and other tables".
    @Test func searchIndexFiltersByRangesDatesAndOtherTables() throws {
        let db = try SQLConnection.inMemory()
        try db.execute("""
            CREATE TABLE folders(id INTEGER PRIMARY KEY, name TEXT NOT NULL COLLATE NOCASE);
            CREATE TABLE notes(id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL DEFAULT '',
                               year INTEGER, updated_at TEXT, folder_id INTEGER REFERENCES folders);
            CREATE TABLE note_tags(note_id INTEGER NOT NULL REFERENCES notes, tag TEXT NOT NULL COLLATE NOCASE);
            INSERT INTO folders VALUES (1, 'Baking');
            INSERT INTO notes VALUES
              (1, 'Bread for the weekend', '', 2026, '2026-03-06', 1),
              (2, 'Bread, old notes', '', 2019, '2025-11-02T18:00:00Z', 1),
              (3, 'Weekend trip', '', 2026, '2026-03-07 09:00:00', NULL);
            INSERT INTO note_tags VALUES (1, 'weekend'), (1, 'bread'), (2, 'bread'), (3, 'Weekend');
            """)
        let notes = try SearchIndex(
            table: "notes", key: "id", fields: [.init("title", weight: 10), .init("body")],
            filters: [
                "year": .integer("year"),
                "updated": .date("updated_at"),
                "tag": .lookup("id", table: "note_tags", key: "note_id", value: "tag"),
                "folder": .lookup("folder_id", table: "folders", key: "id", value: "name"),
            ],
            facets: ["tag"])
        try notes.migrate(db)
        let text = "bread #weekend updated:2026-03-01.."
        let recent = try notes.search(notes.parse(text, today: CalendarDay("2026-03-09")!, timeZone: .gmt), on: db)
        #expect(recent.hits.map(\.key) == [1])
        #expect(recent.facets["tag"] == [Facet(name: "bread", count: 1), Facet(name: "weekend", count: 1)])
        let sql = notes.pageStatement(for: notes.parse(text, timeZone: .gmt)).debugDescription
        #expect(sql.contains("""
            AND ("notes"."id" IN (SELECT "trove_lookup"."note_id" FROM "note_tags" AS "trove_lookup" \
            WHERE "trove_lookup"."tag" COLLATE "NOCASE" = 'weekend'))
            """))
        #expect(sql.contains(#""notes"."updated_at" >= '2026-03-01') OR ("#))
        #expect(sql.contains(">= 1772323200"))
        #expect(try notes.search("year:2020..", on: db).hits.map(\.key) == [1, 3])
        #expect(try notes.search("-year:..2019 folder:baking", on: db).hits.map(\.key) == [1])
        let week = notes.parse("updated:week", today: CalendarDay("2026-03-02")!)
        #expect(week.fieldFilters.map(\.description) == ["updated:2026-03-02..2026-03-08"])
        #expect(try notes.search(notes.parse("updated:week", today: CalendarDay("2026-03-02")!, timeZone: .gmt), on: db)
            .hits.map(\.key) == [1, 3])
    }

    // The article's did-you-mean, `next` cursor and live stream, on the same two notes.
    @Test func searchIndexSuggestsPagesByCursorAndAnswersLive() async throws {
        let database = try SQLiteDatabase.inMemory()
        let notes = try SearchIndex(table: "notes", key: "id", fields: [.init("title", weight: 10), .init("body")])
        try await database.writeWithoutTransaction { db in
            try db.execute("CREATE TABLE notes(id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL DEFAULT '')")
            try db.execute("""
                INSERT INTO notes(title, body) VALUES
                  ('Sourdough loaf', 'Feed the starter the night before'),
                  ('Groceries', 'flour and a jar for the sourdough starter')
                """)
            try notes.migrate(db)
        }
        try await database.read { db in
            let typo = try notes.search("sourdouhg", on: db)
            #expect(typo.hits.map(\.isTypo) == [true, true])
            #expect(typo.typoCount == 2)
            let none = try notes.search("sourdouhg flour", on: db, typos: .off)
            #expect(none.didYouMean.unmatchedWords == ["sourdouhg"])
            #expect(none.didYouMean.queries == ["sourdough flour"])
            let first = try notes.search("sourdough", on: db, limit: 1)
            let second = try notes.search("sourdough", on: db, limit: 1, after: first.next)
            #expect(first.hits.map(\.key) + second.hits.map(\.key) == [1, 2])
            #expect(second.next == nil)
        }

        // SearchAsYouType.md, "Your own table": the provider's one-shot answer of an index.
        let provider = try SearchProvider(database: database)
        #expect(try await provider.search("sourdouhg", in: notes) == (try await notes.search("sourdouhg", in: database)))

        let words = VocabularyCache(database: database, index: notes)
        let typed = try await notes.search("sourdouhg", in: database, vocabulary: words)
        #expect(typed.hits[0].isTypo)
        #expect(typed == (try await notes.search("sourdouhg", in: database)))

        let typedTexts = AsyncStream<String> { continuation in
            continuation.yield("sourdough")
            continuation.finish()
        }
        var totals: [Int] = []
        for try await results in notes.results(for: typedTexts, in: database, live: true, pollInterval: .milliseconds(20)) {
            totals.append(results.total)
            if totals.count == 1 {
                try await database.write { db in try db.execute("INSERT INTO notes(title) VALUES ('Sourdough crackers')") }
            }
            if totals.count == 2 { break }
        }
        #expect(totals == [2, 3])
    }

    // MARK: - TroveQuery.docc/TheQueryBuilder.md

    @Test func queryBuilderRendersTheSQLTheArticleShows() {
        let words = ["take", "walk"]
        let search = ReminderTable.where { r in
            for word in words { r.title.contains(word) || r.notes.contains(word) }
        }
        #expect(search.debugDescription == #"""
            SELECT "reminders".* FROM "reminders" WHERE (("reminders"."title" LIKE '%take%' ESCAPE '\') OR ("reminders"."notes" LIKE '%take%' ESCAPE '\')) AND (("reminders"."title" LIKE '%walk%' ESCAPE '\') OR ("reminders"."notes" LIKE '%walk%' ESCAPE '\'))
            """#)
        #expect(search.render().sql.contains(#"("reminders"."title" LIKE ? ESCAPE '\')"#))
        #expect(search.render().bindings == ["%take%", "%take%", "%walk%", "%walk%"].map(SQLBinding.text))

        let open = ReminderTable.where { !$0.isCompleted }
            .select { ($0.id, $0.title, $0.dueDate) }
            .order { $0.priority.desc(); $0.dueDate.asc(nulls: .last) }
            .limit(20, offset: 40)
        #expect(open.debugDescription == """
            SELECT "reminders"."id", "reminders"."title", "reminders"."due_date" FROM "reminders" WHERE (NOT ("reminders"."is_completed")) ORDER BY "reminders"."priority" DESC, "reminders"."due_date" ASC NULLS LAST LIMIT 20 OFFSET 40
            """)

        #expect(ReminderTable.where { $0.isFlagged }.order { $0.title }.count().debugDescription
            == #"SELECT count(*) FROM "reminders" WHERE ("reminders"."is_flagged")"#)

        let onlyFlagged = true
        let optional = ReminderTable.where {
            $0.isCompleted == false
            if onlyFlagged { $0.isFlagged }
        }
        #expect(optional.debugDescription
            == #"SELECT "reminders".* FROM "reminders" WHERE ("reminders"."is_completed" = 0) AND ("reminders"."is_flagged")"#)

        #expect(ReminderTable.where { $0.priority == .high }.debugDescription
            == #"SELECT "reminders".* FROM "reminders" WHERE ("reminders"."priority" = 3)"#)

        #expect(TagTable.insert { $0.name.set("home") }.onConflictDoNothing().debugDescription
            == #"INSERT INTO "tags" ("name") VALUES ('home') ON CONFLICT DO NOTHING"#)
        #expect(ReminderTable.where { $0.id.in([1, 2]) }.delete().debugDescription
            == #"DELETE FROM "reminders" WHERE ("reminders"."id" IN (1, 2))"#)

        let matched = ReminderSearchTable.all.where { $0.title.match("walk") || $0.notes.match("walk") }
        #expect(matched.debugDescription
            == #"SELECT "reminders_fts".* FROM "reminders_fts" WHERE ("reminders_fts" MATCH '({title} : (walk)) OR ({notes} : (walk))')"#)
    }

    // MARK: - TroveSearch.docc/SearchAsYouType.md

    @Test func searchAsYouTypeSettlesOnTheLastText() async throws {
        let store = try await seededStore()
        let provider = try SearchProvider(database: store.database)

        let (texts, typing) = AsyncStream.makeStream(of: String.self)
        for text in ["d", "de", "den", "dentist"] { typing.yield(text) }
        typing.finish()

        var settled: ResultSet?
        for try await resultSet in provider.results(for: texts, request: SearchRequest(text: "")) {
            // Answers to older texts never arrive after a newer one; provisional ones are
            // quick first answers that a final one replaces.
            if resultSet.query.text == "dentist" && !resultSet.isProvisional {
                settled = resultSet
                break   // leaving the loop cancels the provider's work
            }
        }
        #expect(settled?.hits.first?.title == "Dentist appointment")
        #expect(try await store.search("dentist") == settled)
    }

    @Test func liveResultsAnswerAgainAfterAWrite() async throws {
        let store = try await seededStore()
        let provider = try SearchProvider(database: store.database, pollInterval: .milliseconds(20))

        var totals: [Int] = []
        for try await resultSet in provider.results(for: SearchRequest(text: "dentist")) where !resultSet.isProvisional {
            totals.append(resultSet.total)
            if totals.count == 1 { try await store.add(ReminderRecord(title: "Pay the dentist")) }
            if totals.count == 2 { break }
        }
        #expect(totals[1] == totals[0] + 1)
    }

    // MARK: - TroveTestSupport.docc/SnapshotTesting.md

    @Test func snapshotTestingAnAppsOwnQuery() async throws {
        let database = try SQLiteDatabase.inMemory()
        try await database.write { db in try db.execute(Self.notesSchema) }
        try await database.execute(Note.insert { $0.title.set("Walk the dog"); $0.body.set("50% of the way") })
        await assertQuery(Note.where { $0.body.contains("50%") }.select { ($0.id, $0.title) }, on: database) {
            #"""
            SELECT
              "notes"."id",
              "notes"."title"
            FROM "notes"
            WHERE ("notes"."body" LIKE '%50\%%' ESCAPE '\')
            """#
        } results: {
            """
            id  title
            --  ------------
            1   Walk the dog
            """
        }
    }

    @Test func snapshotTestingASearch() async throws {
        let store = try await seededStore()
        await assertSearch("dentist -kids", on: store, limit: 3) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"dentist" NOT "kids"')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'dentist'),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 4 OFFSET 0
            """
        } results: {
            """
            #  id  title                  snippet                                                           list    tags    due               flags    rank
            -  --  ---------------------  ----------------------------------------------------------------  ------  ------  ----------------  -------  -----
            1  51  [Dentist] appointment  Check-up and clean with Dr Okafor. Bring the new insurance card.  Health  doctor  2026-03-04 09:20  flagged  -8.31
            1 of 1 (0 completed)
            lists: Health (1)
            tags: doctor (1)
            """
        }
    }
}
