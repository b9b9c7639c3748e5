import TroveQuery
import TroveSQLite

/// A large import builds the filter indexes (and, into an empty store, the uid index) once,
/// after its rows are in, instead of inserting into them row by row.
///
/// ```swift
/// var deferred = DeferredIndexes(existingRows: 0)
/// try deferred.rowInserted(on: db)   // the 10,000th: DROP INDEX "reminders_in_due_order"; … (4 indexes)
/// try deferred.restore(on: db)       // CREATE INDEX reminders_in_due_order ON reminders(…); …, as stored
/// ```
///
/// The three indexes schema 3 adds for searches without text (and version 1's due-date index)
/// keep their rows in orders unrelated to the ids an import appends, so each row lands on a
/// page of its own in each index: 1,000,000 reminders went in at 11,075 rows/s with them and
/// at 15,267 rows/s without, plus 5 s to build the three at the end (Python's sqlite3 on the
/// same schema, one transaction). Random uids (UUIDs from another app) do the same to the uid
/// index: 13,609 rows/s with it, 15,778 without and 0.6 s to build it. The uid index is
/// deferred only into an empty store, where the import never looks a uid up (the file's own
/// uids are checked against each other in memory); the filter indexes whenever the import
/// has written at least ``threshold`` rows and as many as the table held before, so a small
/// import into a large table keeps them and the rebuild (about 5 µs a row) never costs more
/// than the import saves.
///
/// Everything happens inside the import's one transaction: a failed or killed import rolls
/// back to the indexes as they were, and no other connection ever sees the table without them.
/// The indexes are made again from their own stored `CREATE INDEX` statements, so the schema
/// afterwards is byte for byte the one before (what `trove check` compares), before the
/// import's last steps (repeating reminders' occurrences, which look their reminder up by uid).
struct DeferredIndexes {
    /// The indexes dropped while a large import runs.
    static let filterIndexes = ["reminders_in_due_order", "reminders_by_list", "reminders_by_due"]
    /// Dropped too when the store was empty: nothing is looked up by uid then.
    static let uidIndex = "reminders_by_uid"
    /// The fewest rows an import writes before the indexes are dropped.
    static let threshold = 10_000

    /// Rows an import must write before the indexes go: ``threshold``, or the table's rows
    /// before the import (its highest id standing for them, 0 when it was empty) when more.
    let dropAfter: Int
    /// The indexes this import drops.
    let names: [String]
    private var inserted = 0
    /// The stored `CREATE INDEX` statements of the dropped indexes, to run at the end.
    private(set) var dropped: [String] = []

    init(existingRows: Int64, threshold: Int = DeferredIndexes.threshold) {
        dropAfter = max(threshold, Int(clamping: existingRows))
        names = Self.filterIndexes + (existingRows == 0 ? [Self.uidIndex] : [])
    }

    /// Counts a row written; drops the indexes when the import has become large enough.
    mutating func rowInserted(on db: SQLConnection) throws {
        inserted += 1
        guard inserted == dropAfter else { return }
        for name in names {
            if let sql = try db.dropKeepingDefinition(.index, name) { dropped.append(sql) }
        }
    }

    /// Makes the dropped indexes again, as they were.
    ///
    /// - Throws: `FormatError` (field `uid`, no file) when the uid index cannot be made because
    ///   two rows share a uid; `SQLiteError` otherwise.
    mutating func restore(on db: SQLConnection) throws {
        for sql in dropped {
            do {
                try db.execute(sql)
            } catch let error as SQLiteError where error.extendedCode == .constraintUnique {
                // NB: the file's own uids were compared with each other as they were read, so a
                // clash is one of them and a uid Trove generated for a record that had none.
                let uid = try db.fetchValue(
                    "SELECT \"uid\" FROM \"reminders\" GROUP BY \"uid\" HAVING count(*) > 1 LIMIT 1", as: String.self)
                throw FormatError(
                    field: "uid",
                    problem: "two reminders would share the uid \(FormatError.quote(uid ?? "")), one given in the file and one Trove made for a reminder without a uid",
                    remedy: "Import the file again (Trove makes new uids each time), or change that uid in the file.")
            }
        }
        dropped = []
    }
}
