#if DEBUG
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TroveQuery
import TroveSQLite
import TroveSearch

/// Debug builds only: `fts`, after first keeping SQLite busy for `delay`, for the tmux test of
/// typing while a slow query runs.
///
/// ```sh
/// TROVE_TEST_SLOW_MS=400 TROVE_TEST_SLOW_LOG=/tmp/slow.log .build/debug/trove --db t.db
/// # /tmp/slow.log: "start den", "cancelled den", "start dentist", "done dentist"
/// ```
///
/// The delay is real SQLite work (a recursive CTE run in slices on the reader), not a sleep, so
/// a superseded query stops only if cancellation really interrupts SQLite, as it must for a
/// genuinely slow query on a big database. Release builds do not contain it.
struct SlowTestEngine: SearchEngine {
    let name = "fts"
    let delay: Duration
    /// A file each query appends "start TEXT", then "done TEXT" or "cancelled TEXT" to.
    let logPath: String?

    func results(for request: SearchRequest, in database: SQLiteDatabase) -> AsyncThrowingStream<ResultSet, any Error> {
        Self.single { try await search(request, in: database) }
    }

    /// The one answer, in the caller's task: `trove search` waits for it, so "cancelled TEXT"
    /// is in the log before the process exits.
    ///
    /// NB: through the stream, a cancelled caller stops waiting at once while the query's own
    /// task is still being interrupted; the log line then raced the process's exit.
    func search(_ request: SearchRequest, in database: SQLiteDatabase) async throws -> ResultSet {
        let text = request.query.raw ?? Self.describe(request.query)
        Self.log("start \(text)", to: logPath)
        do {
            let delay = delay
            try await database.read { db in
                let deadline = ContinuousClock.now + delay
                while ContinuousClock.now < deadline {
                    _ = try db.fetchValue(
                        """
                        WITH RECURSIVE c(x) AS (VALUES(1) UNION ALL SELECT x + 1 FROM c WHERE x < \(20_000))
                        SELECT count(*) FROM c
                        """, as: Int64.self)
                }
            }
            let resultSet = try await FTSEngine().search(request, in: database)
            Self.log("done \(text)", to: logPath)
            return resultSet
        } catch {
            Self.log((error is CancellationError ? "cancelled " : "failed ") + text, to: logPath)
            throw error
        }
    }

    /// The query's words, for the log, when it has no raw text.
    private static func describe(_ query: SearchQuery) -> String {
        query.terms.flatMap(\.anyOf).map(\.text).joined(separator: " ")
    }

    private static func log(_ line: String, to path: String?) {
        guard let path else { return }
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array((line + "\n").utf8)
        // NB: one small O_APPEND write per line, so lines from concurrent queries never interleave.
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
}

#endif
