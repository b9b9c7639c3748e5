import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveStore
import TroveTestSupport

@Suite struct MaintenanceTests {
    @Test func checkPassesOnTheSeededStore() async throws {
        let report = try await seededStore().check()
        #expect(report.isOK && report.indexChecked && report.messages == ["ok"])
    }

    @Test func checkFindsAnIndexThatDriftedAndRebuildFixesIt() async throws {
        let store = try await seededStore()
        let ids = try await store.matching("passport")
        #expect(!ids.isEmpty)
        // Unindex one reminder behind the triggers' back, with its exact values.
        try await store.database.write { db in
            try db.execute("""
                INSERT INTO reminders_fts (reminders_fts, rowid, title, notes, tags)
                SELECT 'delete', id, title, notes, tags FROM reminders WHERE id = \(ids[0])
                """)
        }
        #expect(try await store.matching("passport") == Array(ids.dropFirst()))
        let broken = try await store.check()
        #expect(!broken.isOK && broken.databaseProblems.isEmpty && !broken.indexProblems.isEmpty)
        // The library names its own call; `trove check` says `trove rebuild` (CheckReportCLITests).
        #expect(broken.advice?.hasPrefix("Call `rebuildIndex()` ") == true)
        #expect(!(broken.messages + [broken.advice ?? ""]).joined().contains("rebuild-index"))

        try await store.rebuildIndex()
        #expect(try await store.check().isOK)
        #expect(try await store.matching("passport") == ids)
    }

    // Schema 6's substring index is checked and rebuilt with the word index.
    @Test func checkFindsADriftedSubstringIndexAndRebuildFixesIt() async throws {
        let store = try await seededStore()
        let cjk = try await store.rows("SELECT id FROM reminders_substring_text ORDER BY id").map { row -> Int64 in try row[0] }
        #expect(cjk.count == 4, "the seed's Chinese, Japanese and Korean titles")
        try await store.database.write { db in
            try db.execute("""
                INSERT INTO reminders_substrings (reminders_substrings, rowid, title, notes)
                SELECT 'delete', id, title, notes FROM reminders WHERE id = \(cjk[0])
                """)
        }
        let broken = try await store.check()
        #expect(!broken.isOK && broken.indexProblems.count == 1)
        #expect(broken.indexProblems.first?.hasPrefix("reminders_substrings: ") == true)
        try await store.rebuildIndex()
        #expect(try await store.check().isOK)
    }

    @Test func rebuildRecreatesADroppedSubstringIndexAndItsView() async throws {
        let store = try await seededStore()
        try await store.database.write { db in
            try db.execute("DROP TABLE reminders_substrings")
            try db.execute("DROP VIEW reminders_substring_text")
        }
        // NB: since #15 a missing table or view is a schema problem (SchemaDefinition), which
        // `trove rebuild` repairs; FTS5's own check is skipped while its table is gone.
        let missing = try await store.check()
        let gone = missing.schemaProblems.compactMap { problem -> String? in
            if case .missing(let object) = problem { object.name } else { nil }
        }
        #expect(Set(gone).isSuperset(of: ["reminders_substrings", "reminders_substring_text"]), "\(missing.schemaProblems)")
        #expect(!missing.isOK)
        try await store.rebuildIndex()
        #expect(try await store.check().isOK)
        #expect(try await store.int("SELECT count(*) FROM reminders_substrings WHERE reminders_substrings MATCH '\"奶奶打\"'") == 1)
    }

    @Test func optimizeKeepsTheIndexWhole() async throws {
        let store = try await seededStore()
        for index in 0..<20 { try await store.add(ReminderRecord(title: "segment \(index)")) }
        let before = try await store.matching("milk OR segment")
        try await store.optimize()
        try await store.optimize(vacuum: true)
        #expect(try await store.check().isOK)
        #expect(try await store.matching("milk OR segment") == before)
    }

    @Test func statsArePlausible() async throws {
        let store = try await seededStore()
        let stats = try await store.stats()
        #expect(stats.reminders == stats.open + stats.completed && stats.completed > 0 && stats.open > 0)
        let lists = try await store.lists().count
        let tags = try await store.tags().count
        #expect(stats.lists == lists && stats.tags == tags)
        let bytes = try await store.int("SELECT page_count * page_size FROM pragma_page_count, pragma_page_size")
        #expect(stats.databaseBytes == bytes)
        #expect(stats.indexBytes > 0 && stats.indexBytes < stats.databaseBytes)
        // More text, bigger index.
        var reader = RecordArrayReader(Array(ReminderGenerator(seed: 1, count: 2_000)))
        _ = try await store.importRecords(&reader, source: "more")
        let bigger = try await store.stats()
        #expect(bigger.reminders == stats.reminders + 2_000)
        #expect(bigger.indexBytes > stats.indexBytes && bigger.databaseBytes > stats.databaseBytes)
    }

    @Test func checkOnAReadOnlyStoreChecksTheFileAndSaysTheIndexWasNotChecked() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("ro.db")
        try await ReminderStore.open(path: path).add(ReminderRecord(title: "x"))
        let store = try await ReminderStore.open(path: path, readOnly: true)
        let report = try await store.check()
        #expect(report.isOK && !report.indexChecked)
        #expect(report.messages.count == 1 && report.messages[0].contains("not checked"))
        #expect(try await store.stats().reminders == 1)
    }
}
