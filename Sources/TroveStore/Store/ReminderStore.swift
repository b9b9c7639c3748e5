public import Foundation
import TroveQuery
public import TroveSQLite

/// The reminders database: open or create it, then add, change, import, export and maintain.
///
/// ```swift
/// let store = try await ReminderStore.open(path: "trove.db")  // creates and migrates if need be
/// let milk = try await store.add(ReminderRecord(title: "Buy milk", list: "Groceries", tags: ["errand"]))
/// try await store.setCompleted([milk.id], true)
/// ```
///
/// Every change runs in one `BEGIN IMMEDIATE` transaction on the database's writer, so it
/// happens whole or not at all; reads run on the reader pool. The full-text index is kept in
/// step by the schema's triggers, never by this type.
public final class ReminderStore: Sendable {
    /// The database underneath, for typed queries over ``ReminderTable`` and the other tables, and for TroveSearch.
    ///
    /// ```swift
    /// try await store.database.fetchCount(ReminderTable.where { $0.isFlagged })
    /// // SELECT count(*) FROM "reminders" WHERE ("reminders"."is_flagged")
    /// ```
    ///
    /// > Important: Write through the store's methods, which keep the journal and the tag text in step; a raw write is not undoable.
    public let database: SQLiteDatabase
    /// The file path, or `:memory:`.
    public let path: String
    /// The clock for `createdAt`, `updatedAt` and `completedAt`; tests pin it.
    let now: @Sendable () -> Date
    /// Derived objects of the schema (the FTS5 table, its triggers, views and indexes) the file
    /// lacked when it was opened, dropped by hand or by another tool; writes are refused with
    /// `StoreError.indexMissing` while any is, and `trove rebuild` recreates them.
    public let missingIndexObjects: [String]
    /// Where the schema reference `check` and `rebuildIndex` hold the file against comes from.
    let reference: SchemaReference
    /// The terminal session the journal records for this store's writes, and the one whose
    /// entries ``undo(count:fromAnySession:)`` reverts: this process's (``TerminalSession/current``)
    /// unless the store was opened with another.
    public let session: Int64?

    /// The schema this store's migrator makes: for this build's migrations, made on first use
    /// (once per process, ~11 ms), since only `check` and `rebuildIndex` need its DDL.
    var schema: SchemaDefinition {
        get throws {
            switch reference {
            case .current: try SchemaDefinition.current()
            case .custom(let schema): schema
            }
        }
    }

    /// This build's migrations' schema, or the one a test's partial migrator makes.
    enum SchemaReference: Sendable {
        case current
        case custom(SchemaDefinition)
    }

    /// Monday 2026-03-02, the "today" `seed-data/` is written around.
    public static let seedPinnedDay = CalendarDay(year: 2026, month: 3, day: 2)!

    init(
        database: SQLiteDatabase, path: String, now: @escaping @Sendable () -> Date, reference: SchemaReference = .current,
        missingIndexObjects: [String] = [], session: Int64? = TerminalSession.current
    ) {
        self.database = database
        self.path = path
        self.now = now
        self.reference = reference
        self.missingIndexObjects = missingIndexObjects
        self.session = session
    }

    /// Throws `StoreError.indexMissing` when the file lacked part of the search index at open.
    ///
    /// NB: by the schema's state, never by SQLite's "no such table" text: searches call it
    /// first, and every store write does.
    public func requireIndex() throws {
        guard missingIndexObjects.isEmpty else { throw StoreError.indexMissing(objects: missingIndexObjects) }
    }

    /// `database.write` for the store's changes: refused while part of the index is missing,
    /// since the triggers would then fail every write, or silently leave the index behind.
    func indexedWrite<T: Sendable>(_ body: @Sendable (SQLConnection) throws -> T) async throws -> T {
        try requireIndex()
        return try await countedWrite(body)
    }

    /// `database.write`, with the per-prefix counts brought up to the write before it commits
    /// (``PrefixTallies/catchUp(on:)``): every write of the store's goes through here.
    func countedWrite<T: Sendable>(_ body: @Sendable (SQLConnection) throws -> T) async throws -> T {
        try await database.write { db in
            let value = try body(db)
            try PrefixTallies.catchUp(on: db)
            return value
        }
    }

    /// How many reads a store runs at once unless ``open(path:readOnly:migrator:busyTimeout:onBusyWait:readers:)``
    /// is told otherwise.
    public static let defaultReaders = 4

    /// Opens the Trove database at `path`.
    ///
    /// ```swift
    /// let store = try await ReminderStore.open(path: "trove.db")
    /// // PRAGMA application_id; PRAGMA user_version; BEGIN IMMEDIATE; <schema/001_initial.sql> … COMMIT
    /// ```
    ///
    /// Writable, it creates the file when missing and brings an older schema up to date.
    /// Read-only, it never creates or changes anything. Either way a file that is not Trove's,
    /// or is newer than this build, is looked at read-only first and left byte for byte as it was.
    ///
    /// - Parameters:
    ///   - path: A file path (`:memory:` for a private in-memory store).
    ///   - readOnly: Open without write access.
    ///   - migrator: The migrations to apply; tests inject failing ones.
    ///   - busyTimeout: How long a write waits for another process's transaction (an import
    ///     holds the write lock for its whole file) before failing with `SQLITE_BUSY`.
    ///   - onBusyWait: Called once when a write starts waiting for another process's lock, so
    ///     that a command can say why it pauses; nil to wait silently.
    ///   - readers: How many reads may run at once, each on a connection of its own. A search
    ///     as you type wants several (``defaultReaders``): the next text's search starts while
    ///     the last one is being cancelled. A program that reads one thing at a time opens
    ///     fastest with 0, reads then taking turns with writes on the writer's connection:
    ///     each connection reads the schema when it opens.
    ///   - session: The terminal session the journal records for this store's writes
    ///     (``session``); this process's by default. Tests pass another to play another terminal.
    /// - Throws: `StoreError.foreignDatabase`, `.newerSchema`, `.needsMigration` (read-only and
    ///   outdated or empty), `OpenError` when SQLite cannot open the file, or the SQLite error
    ///   of a failed migration (after which the file is as it was).
    public static func open(
        path: String, readOnly: Bool = false, migrator: Migrator = Migrator(), busyTimeout: Duration = .seconds(5),
        onBusyWait: (@Sendable () -> Void)? = nil, readers: Int = ReminderStore.defaultReaders,
        session: Int64? = TerminalSession.current
    ) async throws
        -> ReminderStore
    {
        if path == ":memory:" { return try await inMemory(session: session) }
        if readOnly || FileManager.default.fileExists(atPath: path) {
            // NB: look before opening for writing: a writable open switches the file to WAL,
            // which rewrites its header, and that must never happen to somebody else's file.
            // NB: a current Trove file says so in its header, read without a connection
            // (~1.5 ms sooner); any other answer is SQLite's, as the header may be behind the WAL.
            if DatabaseHeader(path: path)?.isCurrent(for: migrator) != true {
                let probe = try SQLConnection(path: path, options: .init(readOnly: true))
                let status = try migrator.status(of: probe, path: path)
                if readOnly, status != .current { throw StoreError.needsMigration(path: path) }
            }
        }
        let database = try SQLiteDatabase(
            path: path, readers: max(0, readers),
            options: .init(readOnly: readOnly, busyTimeout: busyTimeout, onBusyWait: onBusyWait))
        if !readOnly { try await prepareWriter(database, path: path, migrator: migrator) }
        // NB: the usual migrations' derived objects are written out (`SchemaDefinition.written`),
        // so that opening does not replay them; a test's partial migrator has a reference of its own.
        let reference: SchemaReference = migrator.migrations == Migration.all ? .current : .custom(try SchemaDefinition(migrator: migrator))
        let derived = if case .custom(let schema) = reference { schema.derivedObjects } else { SchemaDefinition.written }
        let missing = try await database.read { db in try SchemaDefinition.missing(derived, in: db) }
        return ReminderStore(
            database: database, path: path, now: Date.init, reference: reference, missingIndexObjects: missing, session: session)
    }

    /// A private in-memory store, migrated and empty.
    ///
    /// - Parameters:
    ///   - now: The clock for new and changed reminders; tests pin it.
    ///   - session: The terminal session the journal records (``session``).
    public static func inMemory(
        now: @escaping @Sendable () -> Date = Date.init, session: Int64? = TerminalSession.current
    ) async throws -> ReminderStore {
        let database = try SQLiteDatabase.inMemory()
        try await prepareWriter(database, path: ":memory:", migrator: Migrator())
        return ReminderStore(database: database, path: ":memory:", now: now, session: session)
    }

    /// An in-memory store holding `seed-data/`, shifted so that its "today" is `today`.
    ///
    /// ```swift
    /// let store = try await ReminderStore.demo()  // 179 reminders; what was due 2026-03-02 is due today
    /// ```
    public static func demo(today: CalendarDay = CalendarDay(Date())) async throws -> ReminderStore {
        let store = try await inMemory()
        var reader = SeedData.reader(today: today)
        _ = try await store.importRecords(&reader, source: SeedData.source)
        return store
    }

    /// Migrates, then turns on `recursive_triggers` on the writer.
    private static func prepareWriter(_ database: SQLiteDatabase, path: String, migrator: Migrator) async throws {
        try await database.writeWithoutTransaction { db in
            try migrator.migrate(db, path: path)
            // NB: what the per-prefix counts have yet to count (all reminders, after schema 9's
            // migration) is counted now, so that searches read the counts from the first one.
            // Never a reason to refuse the file or to wait: searches count by walking while the
            // counts are behind, a damaged file must still open for `check` and `export
            // --salvage`, and another process's write lock is not waited for (the next write
            // counts them).
            if (try? PrefixTallies.exist(on: db) && PrefixTallies.arePending(on: db)) == true {
                let usual = db.busyTimeout
                db.busyTimeout = .zero
                defer { db.busyTimeout = usual }
                try? db.transaction(.immediate) { try PrefixTallies.catchUp(on: db) }
            }
            // NB: belt and braces: the schema already refuses INSERT OR REPLACE, which is the
            // one way rows leave `reminders` without firing the delete trigger otherwise.
            try db.execute("PRAGMA recursive_triggers = ON")
        }
    }
}
