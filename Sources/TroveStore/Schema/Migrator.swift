import CTroveRanking
import TroveQuery
public import TroveSQLite

/// Brings a database to the latest schema, or explains why it will not.
///
/// ```swift
/// try Migrator().migrate(connection)
/// // PRAGMA application_id; PRAGMA user_version; then, for each pending file in schema/:
/// // BEGIN IMMEDIATE; <schema/001_initial.sql>; PRAGMA user_version = 1; … COMMIT
/// ```
///
/// A Trove database carries `PRAGMA application_id = 0x54524F56` ("TROV"). A file with any
/// other application id and tables of its own is somebody else's database and is left
/// untouched, as is a database whose `user_version` is newer than this build knows.
public struct Migrator: Sendable {
    /// "TROV" in ASCII.
    public static let applicationID: Int32 = 0x5452_4F56

    /// The migrations, in version order; ``Migration/all`` (the files in `schema/`) by default.
    public var migrations: [Migration]

    /// A migrator applying `migrations`; tests inject partial or failing ones.
    public init(migrations: [Migration] = Migration.all) {
        self.migrations = migrations
        // NB: the schema's triggers call trove_prefix_tally (C, CTroveRanking), which TroveSQLite
        // runs on every connection through its setup hooks once this has added it (it also adds
        // itself as the program loads; see trove_functions.h for why both).
        trove_functions_install()
    }

    /// The schema version after every migration: the last one's `PRAGMA user_version`.
    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// What the database needs, without changing it.
    public func status(of db: SQLConnection, path: String) throws -> Status {
        let applicationID = try db.fetchValue("PRAGMA application_id", as: Int.self) ?? 0
        let version = try db.fetchValue("PRAGMA user_version", as: Int.self) ?? 0
        let objectCount = try db.fetchValue("SELECT count(*) FROM sqlite_schema", as: Int.self) ?? 0

        if applicationID != Int(Migrator.applicationID) {
            if applicationID == 0 && version == 0 && objectCount == 0 { return .empty }
            throw StoreError.foreignDatabase(path: path)
        }
        if version > latestVersion {
            throw StoreError.newerSchema(path: path, version: version, supported: latestVersion)
        }
        return version == latestVersion ? .current : .outdated(version: version)
    }

    /// Makes a new, empty file give back its free pages when asked (`PRAGMA incremental_vacuum`,
    /// which an import runs once it has committed), rather than only through a whole `VACUUM`.
    ///
    /// ```swift
    /// Migrator.keepFreedPagesReturnable(db)
    /// // PRAGMA auto_vacuum = INCREMENTAL; VACUUM   (an empty file: nothing to copy)
    /// ```
    ///
    /// NB: why. Indexing a large import's text merges FTS5's segments, and the pages of the
    /// merged ones stay in the file as free pages: 5.5 MiB of the 111.3 MiB file that 63,087
    /// Debian package descriptions became (issue 18's size target counts the whole file).
    /// The mode can only be chosen before the first table, and once the connection is in WAL mode
    /// only `VACUUM` applies it. Best effort: a file that cannot take it still works, and keeps
    /// its free pages until `trove optimize` compacts it.
    /// See https://www.sqlite.org/pragma.html#pragma_auto_vacuum
    static func keepFreedPagesReturnable(_ db: SQLConnection) {
        try? db.execute("PRAGMA auto_vacuum = INCREMENTAL")
        try? db.execute("VACUUM")
    }

    /// What a database needs, as ``status(of:path:)`` finds it.
    public enum Status: Hashable, Sendable {
        /// A new, empty file: every migration applies.
        case empty
        /// Made by an older Trove: the migrations after `version` apply.
        case outdated(version: Int)
        /// Nothing to do.
        case current
    }

    /// Applies every pending migration in one transaction: all of them or none.
    ///
    /// - Throws: `StoreError.foreignDatabase`, `StoreError.newerSchema`, or the SQLite error
    ///   of a failed step, after which the database is exactly as it was.
    public func migrate(_ db: SQLConnection, path: String) throws {
        let found = try status(of: db, path: path)
        guard found != .current else { return }
        if found == .empty { Self.keepFreedPagesReturnable(db) }
        try db.transaction(.immediate) {
            // NB: ask again inside the write lock: another process may have migrated the file
            // between the first look and BEGIN IMMEDIATE.
            let from: Int
            switch try status(of: db, path: path) {
            case .current: return
            case .empty: from = 0
            case .outdated(let version): from = version
            }
            for migration in migrations where migration.version > from {
                try db.execute(migration.sql)
                // NB: PRAGMA takes no bound parameters; the number is ours, not user input.
                try db.execute("PRAGMA user_version = " + String(migration.version))
            }
            try db.execute("PRAGMA application_id = " + String(Migrator.applicationID))
        }
    }
}
