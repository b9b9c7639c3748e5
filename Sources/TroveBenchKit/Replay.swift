import Foundation
import TroveSQLite
import TroveSearch

/// Times an engine's synchronous search and the replay of the same statements on libsqlite3.
///
/// Three connections to one file: a traced one that only records what the engine runs, an
/// untraced one that times the engine, and a ``DirectConnection`` that times the replay.
final class Replay {
    let captured: SQLConnection
    let timed: SQLConnection
    let direct: DirectConnection
    private(set) var failures = 0
    let clock = ContinuousClock()

    init(path: String) throws {
        SQLCapture.isArmed = true
        defer { SQLCapture.isArmed = false }
        captured = try SQLConnection(path: path, options: .init(readOnly: true))
        SQLCapture.isArmed = false
        timed = try SQLConnection(path: path, options: .init(readOnly: true))
        direct = try DirectConnection(path: path, readOnly: true)
    }

    /// The engine's SQL for `request`, with its bindings.
    func statements(_ engine: some SearchEngine & Searching, _ request: SearchRequest) throws -> [BoundStatement] {
        try SQLCapture.record { _ = try engine.search(request, on: captured) }
    }

    /// One timed engine run and one timed replay, in an order that alternates between calls
    /// so that neither side always runs on a cache the other warmed.
    ///
    /// - Returns: Both durations and the engine's total.
    func time(_ engine: some SearchEngine & Searching, _ request: SearchRequest) throws -> (Duration, Duration, Int) {
        let statements = try statements(engine, request)
        var total = 0
        let runEngine = { () throws -> Duration in
            try self.clock.measure { total = try engine.search(request, on: self.timed).total }
        }
        let runDirect = { () throws -> Duration in self.clock.measure { self.replay(statements) } }
        flip.toggle()
        if flip {
            let e = try runEngine(); let d = try runDirect()
            return (e, d, total)
        }
        let d = try runDirect(); let e = try runEngine()
        return (e, d, total)
    }

    private var flip = false

    /// Runs `statements` directly, counting any that fail rather than stopping.
    func replay(_ statements: [BoundStatement]) {
        for statement in statements {
            do { try direct.run(statement) } catch { failures += 1 }
        }
        // NB: a failed statement may leave the replay's transaction open.
        if !direct.isAutocommit { try? direct.execute("ROLLBACK") }
    }
}

/// The engines with a synchronous search on a held connection.
protocol Searching {
    func search(_ request: SearchRequest, on db: SQLConnection) throws -> ResultSet
}

extension FTSEngine: Searching {}
extension LikeEngine: Searching {}
