import Foundation
import Testing
@testable import TroveBenchKit
import TroveStore

@Suite struct ImportBenchmarkTests {
    // A single noisy moment decided the verdict when each side ran once, always in the same order.
    @Test func everySideRunsFirstOnceEveryFiveRounds() {
        let orders = (0..<5).map { ImportBenchmark.order(round: $0) }
        #expect(orders[0] == [.direct, .troveRecords, .troveJSONL, .directBenchSchema, .directTextAtTheEnd])
        #expect(orders[1] == [.troveRecords, .troveJSONL, .directBenchSchema, .directTextAtTheEnd, .direct])
        #expect(orders[4] == [.directTextAtTheEnd, .direct, .troveRecords, .troveJSONL, .directBenchSchema])
        #expect(ImportBenchmark.order(round: 5) == orders[0])
        #expect(Set(orders.map { $0[0] }) == Set(ImportBenchmark.Side.allCases))
        for order in orders { #expect(Set(order) == Set(ImportBenchmark.Side.allCases)) }
    }

    /// The text-at-the-end baseline leaves the schema as it was and both indexes whole.
    @Test func theTextAtTheEndBaselineIndexesEveryRow() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("text-at-end-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("direct.db").path
        _ = try await ReminderStore.open(path: path)
        let db = try DirectConnection(path: path, readOnly: false)
        let schema = try db.texts("SELECT type, name, sql FROM sqlite_schema ORDER BY name")
        #expect(try DirectImport.run(ReminderGenerator(seed: 3, count: 300), into: path, textAtTheEnd: true) == 300)
        #expect(try db.texts("SELECT type, name, sql FROM sqlite_schema ORDER BY name") == schema)
        #expect(try db.integer("SELECT count(*) FROM reminders_fts_docsize") == 300)
        #expect(try db.integer("SELECT count(*) FROM reminders_fts_config WHERE k = 'hashsize'") == 0)
        try db.execute("INSERT INTO reminders_fts (reminders_fts, rank) VALUES ('integrity-check', 1)")
        try db.execute("INSERT INTO reminders_substrings (reminders_substrings, rank) VALUES ('integrity-check', 1)")
    }

    @Test(arguments: [
        ([12_000], 12_000),
        ([13_000, 9_000, 12_500], 12_500),
        ([13_000, 9_000, 12_000, 12_500], 12_250),
    ] as [([Double], Double)])
    func medianIgnoresOneOutlier(rates: [Double], median: Double) {
        #expect(ImportBenchmark.median(rates) == median)
    }

    @Test func medianOfNothingIsNil() {
        #expect(ImportBenchmark.median([]) == nil)
    }

    /// The bench schema's baseline writes the same rows into a plain FTS5 setup: the index
    /// answers the same words, keeps only the 2- and 3-character prefix indexes, and the
    /// indexes Trove adds for filters, uids and substrings are gone.
    @Test func theBenchSchemaIndexesTheSameRowsWithLess() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bench.db").path
        _ = try await ReminderStore.open(path: path)
        let db = try DirectConnection(path: path, readOnly: false)
        try BenchSchema.reduce(db)
        #expect(try DirectImport.run(ReminderGenerator(seed: 3, count: 300), into: path) == 300)
        #expect(try db.integer("SELECT count(*) FROM reminders") == 300)
        #expect(try db.texts("SELECT sql FROM sqlite_schema WHERE name = 'reminders_fts'").first?.first??.contains("prefix = '2 3'") == true)
        let indexes = try db.texts("SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL ORDER BY name").map { $0[0] ?? "" }
        #expect(indexes == ["journal_reminders_by_entry", "reminder_completions_by_reminder", "reminder_tags_by_tag"])
        // The external-content index agrees with its table row for row, and a word is found.
        try db.execute("INSERT INTO reminders_fts (reminders_fts, rank) VALUES ('integrity-check', 1)")
        let word = try #require(try db.texts("SELECT title FROM reminders LIMIT 1").first?.first??.split(separator: " ").first)
        let matches = try db.integer("SELECT count(*) FROM reminders_fts WHERE reminders_fts MATCH ?", [.text("\"\(word)\"")])
        #expect((matches ?? 0) > 0)
    }
}
