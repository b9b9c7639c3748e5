import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveStore

/// The migration that adds the vocabulary table and the substring (trigram) index: an older
/// database gains both, with its Chinese, Hebrew and Korean text indexed at once.
@Suite struct SubstringIndexMigrationTests {
    /// The version whose migration creates `reminders_substrings` (not written as a number, so
    /// that renumbering migrations does not break the test).
    static let version = Migration.all.first { $0.sql.contains("CREATE VIRTUAL TABLE reminders_substrings") }!.version

    @Test func olderDatabaseGainsTheSubstringIndexWithItsRowsIndexed() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("old.db")
        let older = Migrator(migrations: Migration.all.filter { $0.version < Self.version })
        do {
            let old = try await ReminderStore.open(path: path, migrator: older)
            // NB: written as that Trove wrote them; this build's writes journal into schema 8's table.
            try await old.addAsOlderTrove("给奶奶打电话 关于春节")
            try await old.addAsOlderTrove("Buy milk", notes: "ובבית")
            try await old.addAsOlderTrove("Walk the dog")
            #expect(try await old.int("SELECT count(*) FROM sqlite_schema WHERE name = 'reminders_substrings'") == 0)
        }

        let store = try await ReminderStore.open(path: path)
        #expect(try await store.int("PRAGMA user_version") == Migration.latestVersion)
        #expect(try await store.indexIsConsistent())
        #expect(try await store.int("SELECT count(*) FROM reminders_substrings_docsize") == 2)
        #expect(try await store.int("SELECT count(*) FROM reminders_substrings WHERE reminders_substrings MATCH '\"奶奶打\"'") == 1)
        #expect(try await store.int("SELECT count(*) FROM reminders_substrings WHERE reminders_substrings MATCH '\"בית\"'") == 1)
        #expect(try await store.int("SELECT doc FROM reminders_vocab WHERE term = 'dog'") == 1)

        // The triggers keep it in step: a row joins when its text gains such characters and
        // leaves when it loses them.
        let walk = try await store.add(ReminderRecord(title: "Walk the dog 🐕"))
        #expect(try await store.int("SELECT count(*) FROM reminders_substrings_docsize") == 2)
        try await store.update(id: walk.id, ReminderChanges(notes: "散步"))
        #expect(try await store.int("SELECT count(*) FROM reminders_substrings_docsize") == 3)
        try await store.update(id: walk.id, ReminderChanges(notes: ""))
        #expect(try await store.int("SELECT count(*) FROM reminders_substrings_docsize") == 2)
        try await store.delete([1])
        #expect(try await store.int("SELECT count(*) FROM reminders_substrings_docsize") == 1)
        #expect(try await store.indexIsConsistent())
    }

    /// Schema 7 spells the row test with a one-range GLOB first: a schema-6 database keeps its
    /// substring index as it was, and the rows picked stay exactly those of the twelve ranges:
    /// text with a character inside the one range but outside them (’, —, 🐕) stays out.
    @Test func theCheaperTestPicksTheSameRows() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("six.db")
        let cheaper = Self.cheaperTestVersion
        #expect(cheaper > Self.version)
        let texts = ["给奶奶打电话", "Buy milk ובבית", "It’s the dog — 🐕", "Plain text", "Café crème"]
        do {
            let old = try await ReminderStore.open(path: path, migrator: Migrator(migrations: Migration.all.filter { $0.version < cheaper }))
            for text in texts { try await old.addAsOlderTrove(text) }
            #expect(try await old.int("SELECT count(*) FROM reminders_substrings_docsize") == 2)
        }
        let store = try await ReminderStore.open(path: path)
        #expect(try await store.check().isOK)
        #expect(try await store.int("SELECT count(*) FROM reminders_substrings_docsize") == 2)
        let indexed: SQLFragment = "SELECT count(*) FROM reminders INDEXED BY reminders_with_substring_text WHERE \(raw: Self.predicate)"
        #expect(try await store.int(indexed) == 2)
        for text in texts { try await store.add(ReminderRecord(title: "new " + text)) }
        #expect(try await store.int("SELECT count(*) FROM reminders_substrings_docsize") == 4)
        #expect(try await store.int("SELECT count(*) FROM reminders_substring_text") == 4)
        #expect(try await store.int("SELECT count(*) FROM reminders_substring_text WHERE id IN (1, 2, 6, 7)") == 4)
        #expect(try await store.indexIsConsistent())
    }

    // The LIKE path for one- and two-character substrings walks only the rows with such text,
    // and reads their title and notes from the index alone (schema 11), never the table.
    @Test func thePartialIndexServesTheSubstringRows() async throws {
        let store = try await ReminderStore.inMemory()
        let plan = try await store.rows("""
            EXPLAIN QUERY PLAN SELECT id FROM reminders WHERE (\(raw: Self.predicate)) AND (title LIKE '%春节%' OR notes LIKE '%春节%')
            """).map { row -> String in try row[3] }
        #expect(plan == ["SCAN reminders USING COVERING INDEX reminders_with_substring_text"])
    }

    /// Schema 11 makes the partial index again with the rows' text in it, and nothing else: the
    /// rows it lists are schema 7's, and a schema-10 database's substring search answers the same.
    @Test func theCoveringIndexListsTheSameRows() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("ten.db")
        let covering = Migration.all.last { $0.sql.contains("CREATE INDEX reminders_with_substring_text") }!
        #expect(covering.version > Self.cheaperTestVersion)
        #expect(covering.sql.contains("ON reminders(id, title, notes)\nWHERE "))
        let texts = ["给奶奶打电话", "Buy milk ובבית", "It’s the dog — 🐕", "Plain text", "서울 여행"]
        let like: SQLFragment = "SELECT group_concat(id) FROM (SELECT id FROM reminders WHERE (\(raw: Self.predicate)) AND (title LIKE '%电%' OR notes LIKE '%电%' OR title LIKE '%서%') ORDER BY id)"
        do {
            let old = try await ReminderStore.open(path: path, migrator: Migrator(migrations: Migration.all.filter { $0.version < covering.version }))
            // NB: as a schema-10 Trove wrote them: this build's writes journal schema 16's session.
            for text in texts { try await old.addAsOlderTrove(text, notes: text == "Plain text" ? "电" : "") }
            #expect(try await Self.ids(old, like) == "1,4,5")
        }
        let store = try await ReminderStore.open(path: path)
        #expect(try await store.check().isOK)
        let listed: SQLFragment = "SELECT count(*) FROM reminders INDEXED BY reminders_with_substring_text WHERE \(raw: Self.predicate)"
        #expect(try await store.int(listed) == 4)
        #expect(try await Self.ids(store, like) == "1,4,5")
        try await store.update(id: 4, ReminderChanges(title: "Plain 电话", notes: ""))
        try await store.update(id: 5, ReminderChanges(title: "Seoul trip"))
        #expect(try await Self.ids(store, like) == "1,4")
        #expect(try await store.int(listed) == 3)
        #expect(try await store.check().isOK)
    }

    /// The one text `sql` selects, or "" for NULL.
    static func ids(_ store: ReminderStore, _ sql: SQLFragment) async throws -> String {
        try await store.rows(sql).first.flatMap { row -> String? in try row[0] } ?? ""
    }

    /// The version whose migration spells the row test with a one-range GLOB first (schema 7).
    static let cheaperTestVersion = Migration.all.first { $0.sql.contains("DROP INDEX reminders_with_substring_text") }!.version

    /// The partial index's WHERE, as the last migration that makes it (schema 11) writes it.
    static var predicate: String {
        let sql = Migration.all.last { $0.sql.contains("CREATE INDEX reminders_with_substring_text") }!.sql
        let start = sql.range(of: "CREATE INDEX reminders_with_substring_text ON ")!.upperBound
        let clause = sql[start...].range(of: "\nWHERE ")!.upperBound
        return String(sql[clause..<sql[clause...].firstIndex(of: ";")!])
    }
}
