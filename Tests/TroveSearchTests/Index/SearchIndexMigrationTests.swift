import Testing
import TroveQuery
import TroveSQLite
import TroveSearch

/// ``SearchIndex/migrate(_:)``: its own namespace beside the app's migrations, idempotent,
/// rebuilt when the declaration changes, and kept in step by triggers.
@Suite struct SearchIndexMigrationTests {
    let index = NotesFixture.index

    @Test func migrateLeavesTheAppsPragmasAloneAndIsIdempotent() throws {
        let db = try NotesFixture.database()
        #expect(try db.fetchValue("PRAGMA user_version", as: Int.self) == NotesFixture.userVersion)
        #expect(try db.fetchValue("PRAGMA application_id", as: Int.self) == NotesFixture.applicationID)
        #expect(try index.isCurrent(db))
        let changes = db.totalChanges
        try index.migrate(db)
        #expect(db.totalChanges == changes)
        let definition = try #require(try db.fetchValue(
            "SELECT version || ': ' || definition FROM trove_index_versions WHERE name = 'notes'", as: String.self))
        // NB: an #expect, not an inline snapshot: this target does not depend on InlineSnapshotTesting.
        // The substring index's test is schema 7's (checked against the reminders' there). The
        // count of changes watches `folder` (a facet) and `pinned` (a yes/no filter the copy tests).
        func held(_ column: String) -> String {
            "(\(column) GLOB '*\(SubstringScripts.coarseGlobClass)*' AND \(column) GLOB '*\(SubstringScripts.globClass)*')"
        }
        // NB: each trigger of the count also notes the row's key in the log, while a copy is
        // stored and the log holds fewer than its limit.
        func logged(_ row: String) -> String {
            #"INSERT OR IGNORE INTO "trove_notes_factslog"("key") SELECT \#(row)."id" WHERE 1 AND EXISTS (SELECT 1 FROM "trove_notes_facts") "#
                + #"AND (SELECT count(*) FROM "trove_notes_factslog") < 4096;"#
        }
        #expect(definition == """
            5: CREATE VIRTUAL TABLE "trove_notes_fts" USING fts5("title", "body", content='notes', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='1 2 3');
            CREATE TRIGGER "trove_notes_insert" AFTER INSERT ON "notes" BEGIN INSERT INTO "trove_notes_fts"(rowid, "title", "body") VALUES (new."id", new."title", new."body"); END;
            CREATE TRIGGER "trove_notes_delete" AFTER DELETE ON "notes" BEGIN INSERT INTO "trove_notes_fts"("trove_notes_fts", rowid, "title", "body") VALUES ('delete', old."id", old."title", old."body"); END;
            CREATE TRIGGER "trove_notes_update" AFTER UPDATE OF "id", "title", "body" ON "notes" BEGIN INSERT INTO "trove_notes_fts"("trove_notes_fts", rowid, "title", "body") VALUES ('delete', old."id", old."title", old."body"); INSERT INTO "trove_notes_fts"(rowid, "title", "body") VALUES (new."id", new."title", new."body"); END;
            CREATE VIRTUAL TABLE "trove_notes_vocab" USING fts5vocab('trove_notes_fts', 'row');
            CREATE INDEX "trove_notes_substringrows" ON "notes"("id", "title", "body") WHERE \(held(#""title""#)) OR \(held(#""body""#));
            CREATE VIEW "trove_notes_substringtext" ("id", "title", "body") AS SELECT "id", "title", "body" FROM "notes" WHERE \(held(#""title""#)) OR \(held(#""body""#));
            CREATE VIRTUAL TABLE "trove_notes_substrings" USING fts5("title", "body", content='trove_notes_substringtext', content_rowid='id', tokenize='trigram');
            CREATE TRIGGER "trove_notes_substringinsert" AFTER INSERT ON "notes" WHEN \(held(#"new."title""#)) OR \(held(#"new."body""#)) BEGIN INSERT INTO "trove_notes_substrings"(rowid, "title", "body") VALUES (new."id", new."title", new."body"); END;
            CREATE TRIGGER "trove_notes_substringdelete" AFTER DELETE ON "notes" WHEN \(held(#"old."title""#)) OR \(held(#"old."body""#)) BEGIN INSERT INTO "trove_notes_substrings"("trove_notes_substrings", rowid, "title", "body") VALUES ('delete', old."id", old."title", old."body"); END;
            CREATE TRIGGER "trove_notes_substringupdate" AFTER UPDATE OF "id", "title", "body" ON "notes" WHEN old."id" IS NOT new."id" OR old."title" IS NOT new."title" OR old."body" IS NOT new."body" BEGIN INSERT INTO "trove_notes_substrings"("trove_notes_substrings", rowid, "title", "body") SELECT 'delete', old."id", old."title", old."body" WHERE \(held(#"old."title""#)) OR \(held(#"old."body""#)); INSERT INTO "trove_notes_substrings"(rowid, "title", "body") SELECT new."id", new."title", new."body" WHERE \(held(#"new."title""#)) OR \(held(#"new."body""#)); END;
            CREATE TABLE "trove_notes_changes"("id" INTEGER PRIMARY KEY CHECK ("id" = 1), "changes" INTEGER NOT NULL);
            INSERT INTO "trove_notes_changes"("id", "changes") VALUES (1, 0);
            CREATE TABLE "trove_notes_facts"("id" INTEGER PRIMARY KEY CHECK ("id" = 1), "changes" INTEGER NOT NULL, "snapshot" BLOB NOT NULL);
            CREATE TABLE "trove_notes_factslog"("key" INTEGER PRIMARY KEY);
            CREATE TRIGGER "trove_notes_factsinsert" AFTER INSERT ON "notes" BEGIN UPDATE "trove_notes_changes" SET "changes" = "changes" + 1; \(logged("new")) END;
            CREATE TRIGGER "trove_notes_factsdelete" AFTER DELETE ON "notes" BEGIN UPDATE "trove_notes_changes" SET "changes" = "changes" + 1; \(logged("old")) END;
            CREATE TRIGGER "trove_notes_factsupdate" AFTER UPDATE OF "id", "folder", "pinned" ON "notes" BEGIN UPDATE "trove_notes_changes" SET "changes" = "changes" + 1; \(logged("old")) \(logged("new")) END
            """)
    }

    // An index made by format 1 (no vocabulary table) is rebuilt by the next migrate, which
    // adds the table did-you-mean reads; its rows are all there.
    @Test func anIndexOfFormatOneIsRebuiltWithItsVocabulary() throws {
        let db = try NotesFixture.database()
        try db.execute("DROP TABLE trove_notes_vocab")
        try db.execute("UPDATE trove_index_versions SET version = 1")
        #expect(try !index.isCurrent(db))
        try index.migrate(db)
        #expect(try index.isCurrent(db))
        #expect(try db.fetchValue("SELECT doc FROM trove_notes_vocab WHERE term = 'sourdough'", as: Int.self) == 3)
        #expect(try index.search("sourdouhg", on: db, typos: .off).didYouMean.queries.first == "sourdough")
        #expect(try index.search("sourdouhg", on: db).typoCount == 3)
    }

    @Test func triggersFollowInsertUpdateAndDelete() throws {
        let db = try NotesFixture.database()
        try db.execute("INSERT INTO notes (id, title, body, folder) VALUES (7, 'Focaccia', 'olive oil and rosemary', 'Baking')")
        #expect(try index.search("rosemary", on: db).hits.map(\.key) == [7])
        try db.execute("UPDATE notes SET body = 'olive oil and thyme' WHERE id = 7")
        #expect(try index.search("rosemary", on: db).hits.isEmpty)
        #expect(try index.search("thyme", on: db).hits.map(\.key) == [7])
        try db.execute("DELETE FROM notes WHERE id = 7")
        #expect(try index.search("thyme", on: db).hits.isEmpty)
        // NB: FTS5's own check that the index matches the table after the triggers ran.
        try db.execute("INSERT INTO trove_notes_fts(trove_notes_fts, rank) VALUES ('integrity-check', 1)")
    }

    @Test func changingTheFieldsRebuildsTheIndex() throws {
        let db = try NotesFixture.database()
        let wider = try SearchIndex(
            table: "notes", key: "id", fields: [.init("title", weight: 10), .init("body"), .init("folder")])
        #expect(try !wider.isCurrent(db))
        #expect(throws: SearchIndexError.notMigrated(index: "notes")) { try wider.search("travel", on: db) }
        try wider.migrate(db)
        #expect(try wider.search("travel", on: db).hits.map(\.key) == [4])
        #expect(try !index.isCurrent(db))
        try db.execute("UPDATE notes SET folder = 'Holidays' WHERE id = 4")
        #expect(try wider.search("holidays", on: db).hits.map(\.key) == [4])
        try db.execute("INSERT INTO trove_notes_fts(trove_notes_fts, rank) VALUES ('integrity-check', 1)")
        #expect(try db.fetchValue("SELECT count(*) FROM trove_index_versions", as: Int.self) == 1)
    }

    @Test func twoIndexesOnOneTableCoexist() throws {
        let db = try NotesFixture.database()
        let titles = try SearchIndex(name: "note_titles", table: "notes", key: "id", fields: [.init("title")])
        try titles.migrate(db)
        #expect(try titles.search("lisbon", on: db).hits.map(\.key) == [4])
        #expect(try index.search("lisbon", on: db).hits.map(\.key) == [4, 6])
        try db.execute("DELETE FROM notes WHERE id = 4")
        #expect(try titles.search("lisbon", on: db).hits.isEmpty)
        #expect(try index.search("lisbon", on: db).hits.map(\.key) == [6])
    }

    @Test func migrateInsideTheAppsTransactionRollsBackWithIt() throws {
        let db = try NotesFixture.appDatabase()
        struct AppFailure: Error {}
        #expect(throws: AppFailure.self) {
            try db.transaction(.immediate) {
                try index.migrate(db)
                throw AppFailure()
            }
        }
        #expect(try db.fetchValue("SELECT count(*) FROM sqlite_schema WHERE name LIKE 'trove_%'", as: Int.self) == 0)
    }

    @Test(arguments: [
        ("CREATE TABLE other (id INTEGER PRIMARY KEY)", SearchIndexError.missingTable(index: "notes", table: "notes")),
        ("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT)",
         SearchIndexError.missingColumn(index: "notes", table: "notes", column: "body")),
        ("CREATE TABLE notes (id TEXT PRIMARY KEY, title TEXT, body TEXT, folder TEXT, pinned INTEGER)",
         SearchIndexError.keyNotIntegerPrimaryKey(index: "notes", table: "notes", key: "id")),
        ("CREATE TABLE notes (id INTEGER, title TEXT, body TEXT, folder TEXT, pinned INTEGER)",
         SearchIndexError.keyNotIntegerPrimaryKey(index: "notes", table: "notes", key: "id")),
    ])
    func migrateNamesWhatTheTableLacks(schema: String, expected: SearchIndexError) throws {
        let db = try SQLConnection.inMemory()
        try db.execute(schema)
        #expect(throws: expected) { try index.migrate(db) }
        #expect(try db.fetchValue("SELECT count(*) FROM sqlite_schema WHERE name LIKE 'trove_%'", as: Int.self) == 0)
    }

    @Test func declarationErrorsSayWhatToDo() {
        func error(_ make: () throws -> SearchIndex) -> String {
            do {
                _ = try make()
                return "no error"
            } catch let error as SearchIndexError {
                return error.description
            } catch {
                return "not a SearchIndexError: \(error)"
            }
        }
        let messages = [
            error { try SearchIndex(table: "my notes", key: "id", fields: [.init("title")]) },
            error { try SearchIndex(table: "notes", key: "id", fields: []) },
            error { try SearchIndex(table: "notes", key: "id", fields: [.init("title"), .init("Title")]) },
            error { try SearchIndex(table: "notes", key: "id", fields: [.init("title", weight: 0)]) },
            error { try SearchIndex(table: "notes", key: "id", fields: [.init("body\"; DROP TABLE notes; --")]) },
            error { try SearchIndex(table: "notes", key: "id", fields: [.init("title")], filters: ["in folder": .text("folder")]) },
            error { try SearchIndex(table: "sqlite_master", key: "id", fields: [.init("title")]) },
            error { try SearchIndex(name: "2nd", table: "notes", key: "id", fields: [.init("title")]) },
            error { try SearchIndex(table: "scores", key: "id", fields: [.init("title"), .init("Rank")]) },
        ]
        #expect(messages.joined(separator: "\n") == """
            "my notes" cannot be the table of a SearchIndex: use letters, digits and _ (up to 64, not starting with a digit or sqlite_), and rename the table or column if it has other characters
            the SearchIndex notes has no fields to search; list at least one text column in fields:
            the SearchIndex notes lists the field Title twice; list each column once and give it one weight
            the weight of field title is 0.0; give a positive number (1 is the default, 10 counts ten times as much)
            "body"; DROP TABLE notes; --" cannot be a field of a SearchIndex: use letters, digits and _ (up to 64, not starting with a digit or sqlite_), and rename the table or column if it has other characters
            "in folder" cannot be a filter word: use letters, digits and _, starting with a letter, so that in folder:value reads as a filter
            "sqlite_master" cannot be the table of a SearchIndex: use letters, digits and _ (up to 64, not starting with a digit or sqlite_), and rename the table or column if it has other characters
            "2nd" cannot be the index name of a SearchIndex: use letters, digits and _ (up to 64, not starting with a digit or sqlite_), and rename the table or column if it has other characters
            the SearchIndex scores lists the field Rank, a name FTS5 keeps for itself (rank and rowid cannot be indexed columns); rename the column (ALTER TABLE … RENAME COLUMN), or declare it as a filter instead of a field
            """)
    }
}
