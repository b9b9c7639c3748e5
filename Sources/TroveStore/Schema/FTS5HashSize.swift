import TroveQuery
package import TroveSQLite

/// A larger FTS5 hash for one statement that indexes many rows: an import's catch-up, a
/// `'rebuild'`, an app's `SearchIndex.bulkWrite`.
///
/// ```swift
/// let hash = FTS5HashSize(table: "reminders_fts")
/// try hash.raise(on: db)
/// // INSERT INTO "reminders_fts" ("reminders_fts", "rank") VALUES ('hashsize', ?)   -- 8 MiB
/// try db.execute("INSERT INTO reminders_fts (reminders_fts) VALUES ('rebuild')")
/// try hash.restore(on: db)
/// // INSERT INTO "reminders_fts" ("reminders_fts", "rank") VALUES ('hashsize', ?)   -- 1 MiB
/// // DELETE FROM "reminders_fts_config" WHERE "k" = 'hashsize'
/// ```
///
/// FTS5 keeps the terms of the rows a statement indexes in memory and writes them out as a
/// new segment whenever they pass its hash size: 1 MiB, unless the table's `_config` says
/// otherwise. Fewer, larger segments mean less merging: indexing 100,000 reminders in one
/// `INSERT … SELECT` took 0.91 s at 1 MiB, 0.63 s at 8 MiB and 0.52 s at 16 MiB (Python's
/// sqlite3, libsqlite3 3.40.1). The size is set back afterwards and its `_config` row removed,
/// inside the same transaction: Trove's tables have no `hashsize` row (`trove check` compares
/// `_config`), and later transactions keep FTS5's usual memory bound.
package struct FTS5HashSize {
    /// The size while many rows are indexed.
    package static let large = 8 << 20
    /// FTS5's own default.
    package static let fts5Default = 1 << 20

    /// The FTS5 table.
    package let table: String

    package init(table: String) {
        self.table = table
    }

    package func raise(on db: SQLConnection) throws {
        try db.execute("INSERT INTO \(identifier: table) (\(identifier: table), \"rank\") VALUES ('hashsize', \(Self.large))")
    }

    package func restore(on db: SQLConnection) throws {
        // NB: the command sets this connection's value and has the other connections read
        // `_config` again, where without the row they find FTS5's default.
        try db.execute(
            "INSERT INTO \(identifier: table) (\(identifier: table), \"rank\") VALUES ('hashsize', \(Self.fts5Default))")
        try db.execute("DELETE FROM \(identifier: table + "_config") WHERE \"k\" = 'hashsize'")
    }
}
