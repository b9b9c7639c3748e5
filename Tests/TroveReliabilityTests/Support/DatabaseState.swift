import Foundation
import TroveQuery
import TroveSQLite

/// What a database file holds, for before/after comparisons and consistency checks.
struct DatabaseState: Equatable, CustomStringConvertible {
    /// FNV-1a over every row of every real table (the FTS5 shadow tables included).
    var contentHash: UInt64
    var reminders: Int
    /// Rows of the index (its docsize table has one per indexed reminder).
    var indexed: Int
    /// Reminders with no row in the index.
    var missingFromIndex: Int
    /// Index rows with no reminder.
    var orphansInIndex: Int
    /// FNV-1a over every row except the journal's: what a command changed.
    var dataHash: UInt64 = 0
    /// The newest journal entry's id (0 when none): grows by one with each journalled command.
    var newestJournalEntry: Int = 0

    var description: String {
        "reminders \(reminders), indexed \(indexed), missing \(missingFromIndex), orphans \(orphansInIndex), hash \(String(contentHash, radix: 16))"
    }

    /// Reads the state of the Trove database at `path` (recovering a WAL left by a killed process).
    static func read(_ path: String) throws -> DatabaseState {
        let db = try SQLConnection(path: path)
        let tables = try db.fetchAll("""
            SELECT name FROM sqlite_schema
            WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND sql NOT LIKE 'CREATE VIRTUAL%'
            ORDER BY name
            """).map { row -> String in try row[0] }
        var hash = FNV1a()
        var data = FNV1a()
        for table in tables {
            hash.add(table)
            for row in try db.fetchAll("SELECT * FROM \(identifier: table)") {
                hash.add("\(row.values)")
                if table != "journal" { data.add("\(row.values)") }
            }
        }
        let newestJournalEntry = tables.contains("journal")
            ? try db.fetchValue("SELECT ifnull(max(id), 0) FROM journal", as: Int.self) ?? 0 : 0
        func count(_ sql: SQLFragment) throws -> Int { try db.fetchValue(sql, as: Int.self) ?? -1 }
        guard tables.contains("reminders_fts_docsize") else {
            // The index was dropped: every reminder is missing from it.
            let reminders = try count("SELECT count(*) FROM reminders")
            return DatabaseState(
                contentHash: hash.value, reminders: reminders, indexed: 0, missingFromIndex: reminders, orphansInIndex: 0,
                dataHash: data.value, newestJournalEntry: newestJournalEntry)
        }
        return DatabaseState(
            contentHash: hash.value,
            reminders: try count("SELECT count(*) FROM reminders"),
            indexed: try count("SELECT count(*) FROM reminders_fts_docsize"),
            missingFromIndex: try count(
                "SELECT count(*) FROM reminders r WHERE NOT EXISTS (SELECT 1 FROM reminders_fts_docsize d WHERE d.id = r.id)"),
            orphansInIndex: try count(
                "SELECT count(*) FROM reminders_fts_docsize d WHERE NOT EXISTS (SELECT 1 FROM reminders r WHERE r.id = d.id)"),
            dataHash: data.value, newestJournalEntry: newestJournalEntry)
    }
}

/// FNV-1a, 64 bits: enough to tell two files or row sets apart in a test.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) { add(bytes: Array(text.utf8)); add(bytes: [0]) }

    mutating func add<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    }

    /// The hash of a file's bytes, or nil when it does not exist.
    static func file(_ path: String) -> UInt64? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        var hash = FNV1a()
        hash.add(bytes: data)
        return hash.value
    }
}

/// The hash of a database file and of its `-wal` when that holds anything.
///
/// NB: opening a database in WAL mode may create an empty `-wal` beside it; that changes no
/// data, so an empty or missing `-wal` count the same.
func fileHashes(_ path: String) -> [UInt64?] {
    let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
    return [FNV1a.file(path), wal > 0 ? FNV1a.file(path + "-wal") : nil]
}
