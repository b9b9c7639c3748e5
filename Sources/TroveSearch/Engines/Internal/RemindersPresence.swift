import TroveQuery
import TroveSQLite

/// Tells a database without Trove's reminders from any other failure of a built-in engine.
///
/// The fts, like and raw engines, and so ``SearchProvider``, search the reminders schema
/// (`reminders`, `reminders_fts`). Pointed at an app's own database they would fail with
/// SQLite's "no such table"; that failure becomes ``SearchError/noReminders``, which says to use
/// a ``SearchIndex`` instead. Nothing is read until a search has failed, so a search that works
/// pays nothing for the check.
enum RemindersPresence {
    /// `error` itself, or ``SearchError/noReminders`` when it is an `SQLiteError` (or a `!raw`
    /// query's error, which the raw engine makes of any `SQLITE_ERROR`) and the database lacks
    /// either table:
    ///
    /// ```swift
    /// // SELECT count(*) FROM "sqlite_schema" WHERE "type" = 'table' AND "name" IN ('reminders', 'reminders_fts')
    /// ```
    /// A failure of this read leaves `error` as it is.
    ///
    /// - Parameter engine: The engine that failed: only Trove's own search the reminders; an
    ///   app's engine may search other tables, and its errors are its own.
    static func explain(_ error: any Error, from engine: (any SearchEngine)?, in database: SQLiteDatabase) async -> any Error {
        guard let engine, searchesReminders(engine), mayMeanNoReminders(error) else { return error }
        let found = try? await database.read { db in try tableCount(on: db) }
        // NB: when even this read fails (a damaged file), the first error is the one to show.
        guard let found, found < 2 else { return error }
        return SearchError.noReminders
    }

    /// Whether a built-in engine's `error` could come from a missing table.
    private static func mayMeanNoReminders(_ error: any Error) -> Bool {
        error is SQLiteError || (error as? SearchError)?.rawMessage != nil
    }

    /// How many of the two tables the database has.
    static func tableCount(on db: SQLConnection) throws -> Int {
        // NB: unqualified: SQLite 3.40 takes "sqlite_schema" as a table name but not as a
        // column's qualifier ("no such column: sqlite_schema.type").
        try db.fetchValue(
            "SELECT count(*) FROM \"sqlite_schema\" WHERE \"type\" = 'table' AND \"name\" IN ('reminders', 'reminders_fts')",
            as: Int.self) ?? 0
    }

    /// Whether `engine` is one of Trove's own, which search the reminders.
    private static func searchesReminders(_ engine: any SearchEngine) -> Bool {
        engine is FTSEngine || engine is LikeEngine || engine is RawEngine
    }
}
