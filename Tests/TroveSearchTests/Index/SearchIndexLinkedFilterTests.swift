import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// `.linked`: a value in a third table reached through a table of links, as the reminders' tags
/// are (`reminder_tags` to `tags`). Over random notes, labels and folders' areas and random
/// writes to every table on the path, the filter finds the rows a plain reading of the three
/// tables finds, the facet counts what it finds, the stored copy brought up to date from its
/// log agrees with the rows, and `check` passes.
@Suite struct SearchIndexLinkedFilterTests {
    /// A note's labels through `note_labels`, keyed by the note; its folder's areas through
    /// `folder_areas`, keyed by the folder the note's `folder_id` names.
    static let index: SearchIndex = {
        do {
            return try SearchIndex(
                table: "notes", key: "id", fields: [.init("title")],
                filters: [
                    "label": .linked("id", links: "note_labels", from: "note_id", to: "label_id", table: "labels", key: "id", value: "name"),
                    "area": .linked(
                        "folder_id", links: "folder_areas", from: "folder_id", to: "area_id", table: "areas", key: "id", value: "name"),
                ],
                facets: ["label", "area"])
        } catch {
            preconditionFailure("\(error)")
        }
    }()

    static let labels = ["errand", "Errand", "call", "Zed", "new", "Ünï"]
    static let areas = ["Home", "home", "Work", "Garden"]

    static func database(seed: UInt64) async throws -> SQLiteDatabase {
        let database = try SQLiteDatabase.inMemory()
        try await database.writeWithoutTransaction { db in
            var random = SplitMix64(seed: seed)
            try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT, folder_id INTEGER)")
            try db.execute("CREATE TABLE labels (id INTEGER PRIMARY KEY, name TEXT, colour TEXT)")
            try db.execute("CREATE TABLE note_labels (note_id INTEGER, label_id INTEGER)")
            try db.execute("CREATE TABLE areas (id INTEGER PRIMARY KEY, name TEXT)")
            try db.execute("CREATE TABLE folder_areas (folder_id INTEGER, area_id INTEGER)")
            for (id, name) in labels.prefix(5).enumerated() { try db.execute("INSERT INTO labels VALUES (\(id + 1), \(name), 'red')") }
            for (id, name) in areas.prefix(3).enumerated() { try db.execute("INSERT INTO areas VALUES (\(id + 1), \(name))") }
            for folder in 1...4 {
                for _ in 0..<Int.random(in: 0...2, using: &random) {
                    try db.execute("INSERT INTO folder_areas VALUES (\(folder), \(Int64.random(in: 1...3, using: &random)))")
                }
            }
            for id in 1...60 {
                try db.execute("""
                    INSERT INTO notes VALUES (\(id), \(["apple", "banana", "apple bread"].randomElement(using: &random)!),
                    \(Int64.random(in: 1...4, using: &random)))
                    """)
                for _ in 0..<Int.random(in: 0...2, using: &random) {
                    try db.execute("INSERT INTO note_labels VALUES (\(id), \(Int64.random(in: 1...6, using: &random)))")
                }
            }
            try index.migrate(db)
        }
        return database
    }

    /// Each note's values of `label` or `area`, read by hand from the three tables: a link to a
    /// row that does not exist, or a NULL name, is no value.
    static func values(_ facet: String, on db: SQLConnection) throws -> [Int64: [String]] {
        let sql: SQLFragment = facet == "label"
            ? "SELECT n.id, l.name FROM notes n, note_labels nl, labels l WHERE nl.note_id = n.id AND l.id = nl.label_id AND l.name IS NOT NULL"
            : "SELECT n.id, a.name FROM notes n, folder_areas fa, areas a WHERE fa.folder_id = n.folder_id AND a.id = fa.area_id AND a.name IS NOT NULL"
        var values: [Int64: [String]] = [:]
        for row in try db.fetchAll(sql) { values[try row[0], default: []].append(try row[1]) }
        return values
    }

    /// `name` with ASCII letters lowercased, as `COLLATE NOCASE` compares.
    static func folded(_ name: String) -> String {
        String(decoding: name.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// The facet as SQL should count it over every note: each group of spellings equal but
    /// for ASCII case, shown by its lowest spelling in byte order, counting each note once;
    /// most first, then by name.
    static func expectedFacet(_ values: [Int64: [String]]) -> [Facet] {
        var notes: [String: Set<Int64>] = [:], shown: [String: String] = [:]
        for (note, names) in values {
            for name in names {
                let group = folded(name)
                notes[group, default: []].insert(note)
                if let current = shown[group], !name.utf8.lexicographicallyPrecedes(current.utf8) { continue }
                shown[group] = name
            }
        }
        return notes.map { Facet(name: shown[$0.key]!, count: $0.value.count) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    static let texts = ["", "apple", "label:errand", "label:call apple", "-label:errand", "area:home", "area:wo", "-area:work b", "label:new area:garden"]

    /// Checks every text against SQL without the copy, the filters against the hand reading, and `check`.
    static func expectAnswers(_ database: SQLiteDatabase, _ comment: String) async throws {
        let (labels, areas) = try await database.read { db in (try values("label", on: db), try values("area", on: db)) }
        let browsing = try await index.search("", in: database, limit: 100)
        #expect(browsing.facets["label"] == expectedFacet(labels), "\(comment)")
        #expect(browsing.facets["area"] == expectedFacet(areas), "\(comment)")
        for (text, values, word) in [("label:errand", labels, "errand"), ("area:home", areas, "home")] {
            let found = try await index.search(text, in: database, limit: 100).hits.map(\.key).sorted()
            let expected = values.filter { $0.value.contains { folded($0) == word } }.keys.sorted()
            #expect(found == expected, "\(text), \(comment)")
        }
        for text in texts {
            let answer = try await SearchIndex.$storedFactsMinimum.withValue(0) { try await index.search(text, in: database, limit: 100) }
            let plain = try await SearchIndex.$readsStoredFacts.withValue(false) { try await index.search(text, in: database, limit: 100) }
            #expect(answer == plain, "\(text), \(comment)")
        }
        #expect(try await database.read { db in try index.check(db) }.isOK, "\(comment)")
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aLinkedValueIsFoundCountedAndKeptCurrentThroughWrites(seed: UInt64) async throws {
        let database = try await Self.database(seed: seed)
        try await Self.expectAnswers(database, "as migrated")
        var random = SplitMix64(seed: seed + 100)
        for step in 0..<40 {
            let writes: [SQLFragment]
            switch Int.random(in: 0..<10, using: &random) {
            case 0: writes = ["INSERT INTO note_labels VALUES (\(Int64.random(in: 1...60, using: &random)), \(Int64.random(in: 1...7, using: &random)))"]
            case 1: writes = ["DELETE FROM note_labels WHERE rowid = (SELECT rowid FROM note_labels ORDER BY random() LIMIT 1)"]
            case 2: writes = ["UPDATE labels SET name = \(Self.labels.randomElement(using: &random)!) WHERE id = \(Int64.random(in: 1...6, using: &random))"]
            case 3: writes = ["DELETE FROM labels WHERE id = \(Int64.random(in: 1...6, using: &random))"]
            case 4: writes = ["INSERT OR REPLACE INTO labels VALUES (6, \(Self.labels.randomElement(using: &random)!), 'blue')"]
            // NB: a column no path reads: the update trigger does not fire, and nothing changes.
            case 5: writes = ["UPDATE labels SET colour = 'green' WHERE id = \(Int64.random(in: 1...6, using: &random))"]
            case 6: writes = ["UPDATE areas SET name = \(Self.areas.randomElement(using: &random)!) WHERE id = \(Int64.random(in: 1...4, using: &random))"]
            case 7: writes = ["INSERT INTO folder_areas VALUES (\(Int64.random(in: 1...5, using: &random)), \(Int64.random(in: 1...4, using: &random)))"]
            case 8: writes = ["UPDATE notes SET folder_id = \(Int64.random(in: 1...5, using: &random)) WHERE id % 9 = \(step % 9)"]
            default: writes = ["INSERT OR REPLACE INTO areas VALUES (4, 'Garden')", "DELETE FROM folder_areas WHERE folder_id = \(step % 5)"]
            }
            try await database.write { db in for write in writes { try db.execute(write) } }
            let (stored, read) = try await database.read { db in
                try db.transaction(.deferred) { (try IndexFacts.stored(of: Self.index, on: db), try IndexFacts.read(of: Self.index, on: db)) }
            }
            let step = "step \(step): \(writes.map(\.debugDescription))"
            let patched = try #require(stored, "\(step)")
            #expect(patched.agrees(with: try #require(read)), "\(step)")
            try await Self.expectAnswers(database, step)
        }
        // NB: the writes reached the log through both hops: the copy was brought up to date, not read anew.
        let logged = try await database.read { db in try db.fetchValue("SELECT count(*) FROM trove_notes_factslog", as: Int.self) ?? 0 }
        #expect(logged > 0)
    }

    /// A colour changed changes no value, so it is no change: the count of changes stays.
    @Test func writingAColumnNoPathReadsIsNoChange() async throws {
        let database = try await Self.database(seed: 4)
        let changes = { try await database.read { db in try db.fetchValue("SELECT changes FROM trove_notes_changes", as: Int.self) } }
        let before = try await changes()
        try await database.write { db in try db.execute("UPDATE labels SET colour = 'green'") }
        #expect(try await changes() == before)
        try await database.write { db in try db.execute("UPDATE labels SET name = 'renamed' WHERE id = 1") }
        #expect(try await changes() != before)
    }

    /// `migrate` names the missing table or column of either hop.
    @Test func migrateNamesAMissingLinkedTableOrColumn() async throws {
        let database = try SQLiteDatabase.inMemory()
        let message = { (setup: [String]) async throws -> String in
            try await database.writeWithoutTransaction { db in
                for table in ["notes", "labels", "note_labels", "areas", "folder_areas"] { try db.execute("DROP TABLE IF EXISTS \(identifier: table)") }
                for statement in setup { try db.execute(SQLFragment(raw: statement)) }
                do {
                    try Self.index.migrate(db)
                    return "migrated"
                } catch {
                    return "\(error)"
                }
            }
        }
        let notes = "CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT, folder_id INTEGER)"
        let areas = ["CREATE TABLE areas (id INTEGER PRIMARY KEY, name TEXT)", "CREATE TABLE folder_areas (folder_id INTEGER, area_id INTEGER)"]
        let noLabels = try await message([notes, "CREATE TABLE note_labels (note_id INTEGER, label_id INTEGER)"] + areas)
        #expect(noLabels.contains("labels"), "\(noLabels)")
        let noLinkColumn = try await message(
            [notes, "CREATE TABLE note_labels (note_id INTEGER)", "CREATE TABLE labels (id INTEGER PRIMARY KEY, name TEXT)"] + areas)
        #expect(noLinkColumn.contains("label_id"), "\(noLinkColumn)")
        let noName = try await message(
            [notes, "CREATE TABLE note_labels (note_id INTEGER, label_id INTEGER)", "CREATE TABLE labels (id INTEGER PRIMARY KEY, title TEXT)"] + areas)
        #expect(noName.contains("name") && noName.contains("labels"), "\(noName)")
        let whole = try await message(
            [notes, "CREATE TABLE note_labels (note_id INTEGER, label_id INTEGER)", "CREATE TABLE labels (id INTEGER PRIMARY KEY, name TEXT)"] + areas)
        #expect(whole == "migrated")
    }
}
