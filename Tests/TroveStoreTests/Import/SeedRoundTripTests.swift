import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveStore
import TroveTestSupport

@Suite struct SeedRoundTripTests {
    func exportJSONLines(_ store: ReminderStore) async throws -> [UInt8] {
        let sink = ByteSink()
        var writer = ReminderFormat.jsonl.makeWriter(sink)
        try await store.export(to: &writer)
        return sink.bytes
    }

    @Test func seedImportHasTheFilesCounts() async throws {
        let file = try SeedFile()
        let store = try await seededStore()
        let stats = try await store.stats()
        #expect(stats.reminders == file.lines.count)
        #expect(stats.completed == file.lines.filter { $0.object["completed"] as? Bool == true }.count)
        let lists = Dictionary(grouping: file.lines, by: { $0.object["list"] as! String }).mapValues(\.count)
        let summaries = try await store.lists()
        #expect(Dictionary(uniqueKeysWithValues: summaries.map { ($0.name, $0.openCount + $0.completedCount) }) == lists)
        let tags = Dictionary(grouping: file.lines.flatMap { $0.object["tags"] as! [String] }, by: { $0 }).mapValues(\.count)
        #expect(Dictionary(uniqueKeysWithValues: try await store.tags().map { ($0.name, $0.count) }) == tags)
        #expect(stats.lists == lists.count && stats.tags == tags.count)
    }

    @Test func exportImportExportIsByteIdentical() async throws {
        let first = try await seededStore()
        let exported = try await exportJSONLines(first)
        #expect(exported.filter { $0 == 0x0A }.count == (try SeedFile()).lines.count)
        let second = try await seededStore(records: [])
        var reader = JSONLinesReader(LineReader(bytes: exported))
        _ = try await second.importRecords(&reader, source: "export.jsonl")
        #expect(try await exportJSONLines(second) == exported)
    }

    @Test func exportWithoutCompletedSkipsThem() async throws {
        let store = try await seededStore()
        let sink = ByteSink()
        var writer = ReminderFormat.jsonl.makeWriter(sink)
        let count = try await store.export(to: &writer, includeCompleted: false)
        #expect(count == (try await store.stats().open))
        #expect(!sink.text.contains(#""completed":true"#))
    }

    @Test func demoShiftsEveryDateToToday() async throws {
        let pinned = try await seededStore()
        let demo = try await ReminderStore.demo(today: CalendarDay("2026-03-09")!)
        let dueOnPinned = try await pinned.int("SELECT count(*) FROM reminders WHERE due_date = '2026-03-02'")
        #expect(dueOnPinned > 0)
        #expect(try await demo.int("SELECT count(*) FROM reminders WHERE due_date = '2026-03-09'") == dueOnPinned)
        let pinnedFirst = try await pinned.reminder(id: 1)
        let demoFirst = try await demo.reminder(id: 1)
        #expect(demoFirst.createdAt.timeIntervalSince(pinnedFirst.createdAt) == 7 * 86_400)
    }
}
