// MARK: task open — the app's database (one writer, readers beside it) and its search index.
public import Trove

/// The bookmarks app's database and search index.
public struct Bookmarks: Sendable {
    public let database: SQLiteDatabase
    public let index: SearchIndex

    /// Opens the database at `path` (in memory by default) and brings it up to date.
    public init(path: String = ":memory:") async throws {
        database = try SQLiteDatabase(path: path)
        index = try Self.makeIndex()
        try await database.write { [index] db in try Self.migrate(db, index) }
    }
}
