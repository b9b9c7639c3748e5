import Foundation
import Testing
import TroveBenchKit
import TroveSearch

/// The files `trove-bench anchor-input` writes, from a small seeded database.
@Suite(.serialized) struct AnchorInputTests {
    static let count = 40

    /// Imports `count` generated reminders into a fresh folder and writes the anchor input.
    static func write(perClass: Int = 3) async throws -> (folder: URL, path: String, rows: [String], queries: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("anchor-input-\(UUID().uuidString)")
        let suite = BenchSuite(
            workload: Workload(seed: 1, count: count, dataDirectory: folder.path), perClass: perClass,
            likeLimit: perClass, providerLimit: perClass, typingTitles: 0, processRuns: 0, sections: [.query])
        let path = try await suite.workload.database()
        let written = try AnchorInput(path: path, classes: try suite.queryClasses(path)).write(to: folder.appendingPathComponent("out").path)
        #expect(written.rows == count && written.queries == perClass * QueryClass.allCases.count)
        func lines(_ name: String) throws -> [String] {
            try String(contentsOf: folder.appendingPathComponent("out/\(name)"), encoding: .utf8)
                .split(separator: "\n").map(String.init)
        }
        return (folder, path, try lines("rows.jsonl"), try lines("queries.jsonl"))
    }

    @Test func rowsAreEveryReminderByIdWithWhatFTS5IndexesAndTheFiltersTest() async throws {
        let (folder, path, rows, _) = try await Self.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(rows.count == Self.count)
        let decoded = try rows.map { try JSONDecoder().decode(AnchorRow.self, from: Data($0.utf8)) }
        #expect(decoded.map(\.id) == Array(1...Self.count))
        // Read back from the database: the same text FTS5 indexed, the tags as reminders.tags joins them.
        let db = try DirectConnection(path: path, readOnly: true)
        for row in decoded {
            let stored = try db.texts("SELECT title, notes, tags, is_flagged, is_completed, priority FROM reminders WHERE id = \(row.id)")
            #expect(stored == [[row.title, row.notes, row.tags.joined(separator: ", "), row.flagged ? "1" : "0",
                                row.completed ? "1" : "0", String(row.priority)]])
        }
        #expect(decoded.contains { !$0.tags.isEmpty } && decoded.contains { $0.flagged } && decoded.contains { $0.completed })
        // Keys sorted, one object a line: the first row exactly, as seed 1 generates it.
        #expect(rows[0].hasPrefix(#"{"completed":false,"flagged":"#))
        #expect(rows[0] == String(decoding: try Self.sortedEncoder.encode(decoded[0]), as: UTF8.self))
    }

    @Test func queriesAreEachClassInTheRunsOrderWithTheirParse() async throws {
        let (folder, path, _, queries) = try await Self.write(perClass: 3)
        defer { try? FileManager.default.removeItem(at: folder) }
        let decoded = try queries.map { try JSONDecoder().decode(AnchorQuery.self, from: Data($0.utf8)) }
        #expect(decoded.map(\.queryClass) == QueryClass.allCases.flatMap { Array(repeating: $0.label, count: 3) })
        // The very queries QueryBenchmark runs, in its order.
        let suite = BenchSuite(
            workload: Workload(seed: 1, count: Self.count, dataDirectory: folder.path), perClass: 3, likeLimit: 3,
            providerLimit: 3, typingTitles: 0, processRuns: 0, sections: [.query])
        let classes = try suite.queryClasses(path)
        #expect(decoded.map(\.text) == QueryClass.allCases.flatMap { (classes.queries[$0] ?? []).map(\.text) })
        #expect(decoded.filter { $0.queryClass == "1-char prefix" }.allSatisfy {
            $0.typing && $0.groups.count == 1 && $0.groups[0][0].prefix && $0.groups[0][0].words[0].count == 1
        })
        #expect(decoded.first { $0.queryClass == "filter only" }?.text == "is:flagged list:Work")
        #expect(decoded.first { $0.queryClass == "filter only" }?.filters.map(\.anyOf) == [
            [AnchorCondition(field: "flagged", value: .bool(true))], [AnchorCondition(field: "list", value: .text("work"))],
        ])
        #expect(decoded.filter { $0.queryClass == "phrase" }.allSatisfy { $0.groups[0][0].phrase && $0.groups[0][0].words.count == 2 })
    }

    @Test func theSameDatabaseAndSeedWriteTheSameBytes() async throws {
        let a = try await Self.write(), b = try await Self.write()
        defer { try? FileManager.default.removeItem(at: a.folder); try? FileManager.default.removeItem(at: b.folder) }
        #expect(a.rows == b.rows && a.queries == b.queries)
    }

    static let sortedEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
