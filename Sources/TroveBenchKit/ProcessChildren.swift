import Foundation
import TroveSQLite
import TroveSearch
import TroveStore

/// What the hidden `_child` commands run inside their own processes.
public enum ProcessChildren {
    /// Opens the store read-only and runs one fts search, as `trove search` would.
    ///
    /// - Returns: The total, for standard output.
    public static func librarySearch(path: String, word: String) async throws -> Int {
        let store = try await ReminderStore.open(path: path, readOnly: true)
        let request = QueryBenchmark.request(BenchQuery(word))
        return try await store.database.read { db in try FTSEngine().search(request, on: db).total }
    }

    /// Runs statements saved as JSON (``BoundStatement``s) on bare libsqlite3.
    ///
    /// - Returns: The rows they returned.
    public static func directSearch(path: String, statementsFile: String) throws -> Int {
        let data = try Data(contentsOf: URL(fileURLWithPath: statementsFile))
        let statements = try JSONDecoder().decode([BoundStatement].self, from: data)
        let direct = try DirectConnection(path: path, readOnly: true)
        return try statements.reduce(0) { $0 + (try direct.run($1)) }
    }

    /// Opens a SearchProvider with a live stream, waits for its first ResultSet, idles 2 s
    /// (eight polls), and returns the RSS before opening and after idling, in KiB.
    public static func idleProvider(path: String, word: String) async throws -> (before: Int, after: Int) {
        let before = MemoryProbe.current()?.residentKiB ?? 0
        let database = try SQLiteDatabase(path: path, options: .init(readOnly: true))
        let provider = try SearchProvider(database: database)
        var results = provider.results(for: QueryBenchmark.request(BenchQuery(word))).makeAsyncIterator()
        _ = try await results.next()
        try await Task.sleep(for: .seconds(2))
        let after = MemoryProbe.current()?.residentKiB ?? 0
        _ = results
        return (before, after)
    }
}
