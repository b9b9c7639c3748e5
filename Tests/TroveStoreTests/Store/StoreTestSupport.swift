import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveStore
import TroveTestSupport

/// Moments in the seeded stores' world, worked out by hand.
enum Pinned {
    /// 2026-03-02T09:00:00Z, the seeded stores' clock.
    static let now = Date(timeIntervalSince1970: 1_772_442_000)
}

/// A fresh, empty folder under the system's temporary folder, removed by `remove()`.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "trove-store-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appending(path: name).path }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// A file's bytes, to prove a file was left untouched.
func fileBytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
}

extension ReminderStore {
    /// The rows of a query run on the writer (which, in memory, is the only connection).
    func rows(_ sql: SQLFragment) async throws -> [SQLiteRow] {
        try await database.writeWithoutTransaction { db in try db.fetchAll(sql) }
    }

    /// One integer from a query.
    func int(_ sql: SQLFragment) async throws -> Int {
        try await database.writeWithoutTransaction { db in try db.fetchValue(sql, as: Int.self) ?? 0 }
    }

    /// The full-text index's stored segments and structure, byte for byte: any write to the
    /// index changes it, so equal snapshots mean nothing was indexed or unindexed.
    func indexSnapshot() async throws -> [SQLiteRow] {
        try await rows("SELECT id, block FROM reminders_fts_data ORDER BY id")
    }

    /// Every row of reminders, lists, tags and links as text, to prove a failed operation
    /// changed nothing.
    func contentsSnapshot() async throws -> String {
        let rows = try await rows("SELECT * FROM reminders ORDER BY id")
            + (try await rows("SELECT * FROM lists ORDER BY id"))
            + (try await rows("SELECT * FROM tags ORDER BY id"))
            + (try await rows("SELECT * FROM reminder_tags ORDER BY reminder_id, tag_id"))
        return rows.map(\.description).joined(separator: "\n")
    }

    /// The ids of reminders whose FTS5 index matches `pattern`.
    func matching(_ pattern: String) async throws -> [Int64] {
        try await rows("SELECT rowid FROM reminders_fts WHERE reminders_fts MATCH \(pattern) ORDER BY rowid")
            .map { try $0[0] }
    }

    /// Counts every `UPDATE OF tags` on reminders from now on, in `temp.tag_rewrites`: the
    /// statement the tag triggers run to re-index a reminder.
    func countTagRewrites() async throws {
        try await database.writeWithoutTransaction { db in
            try db.execute("""
                CREATE TEMP TABLE tag_rewrites (n INTEGER NOT NULL);
                INSERT INTO tag_rewrites VALUES (0);
                CREATE TEMP TRIGGER count_tag_rewrites AFTER UPDATE OF tags ON main.reminders
                BEGIN UPDATE tag_rewrites SET n = n + 1; END;
                """)
        }
    }

    var tagRewrites: Int {
        get async throws { try await int("SELECT n FROM temp.tag_rewrites") }
    }

    /// Whether FTS5's own check (rank 1: the index against the table) passes.
    func indexIsConsistent() async throws -> Bool {
        try await check().isOK
    }

    /// Adds a reminder with plain SQL, as a Trove of schema 1 to 3 wrote it (tags text in name
    /// order, links without positions), for migration tests: the store's own `add` writes the
    /// latest schema.
    @discardableResult
    func addAsOlderTrove(_ title: String, notes: String = "", list: String = "Reminders", tags: [String] = [],
                         flagged: Bool = false) async throws -> Int64 {
        try await database.write { db in
            try db.execute("INSERT OR IGNORE INTO lists (name) VALUES (\(list))")
            let text = tags.sorted { $0.lowercased() < $1.lowercased() }.joined(separator: ", ")
            try db.execute("""
                INSERT INTO reminders (list_id, title, notes, is_flagged, created_at, updated_at, tags)
                VALUES ((SELECT id FROM lists WHERE name = \(list)), \(title), \(notes), \(flagged),
                        '2026-03-02 09:00:00.000', '2026-03-02 09:00:00.000', \(text))
                """)
            let id = db.lastInsertRowID
            for tag in tags {
                try db.execute("INSERT OR IGNORE INTO tags (name) VALUES (\(tag))")
                try db.execute("INSERT INTO reminder_tags (reminder_id, tag_id) VALUES (\(id), (SELECT id FROM tags WHERE name = \(tag)))")
            }
            return id
        }
    }
}

/// The error `body` throws, as `E`; records an issue when it throws none or another type.
func thrownError<E: Error>(
    _ type: E.Type, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async -> E? {
    do {
        try await body()
        Issue.record("expected \(E.self) to be thrown", sourceLocation: sourceLocation)
    } catch let error as E {
        return error
    } catch {
        Issue.record("expected \(E.self), got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

extension ReminderRecord {
    /// The record without what the store assigns (id, uid, updatedAt), to compare with what a
    /// file said.
    var withoutIdentity: ReminderRecord {
        var record = self
        record.id = nil
        record.uid = nil
        record.updatedAt = nil
        return record
    }
}

