/// A connection's prepared statements, keyed by SQL text, least recently used evicted first.
///
/// Bounded so that SQL built with varying text (say, a different number of `?` per query)
/// cannot hold an unbounded number of statements. An evicted statement still in use by a cursor
/// lives on until the cursor lets it go, then finalizes.
struct StatementCache {
    private struct Entry {
        var statement: Statement
        var lastUse: UInt64
    }

    let capacity: Int
    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0
    /// Lookups that found an idle statement. Tests read these to prove reuse.
    private(set) var hits = 0
    /// Statements prepared because none was cached or the cached one was busy.
    private(set) var misses = 0

    init(capacity: Int = 64) {
        precondition(capacity > 0, "a statement cache needs room for one statement")
        self.capacity = capacity
    }

    var count: Int { entries.count }

    /// The cached statement for `sql` if there is one and nobody is using it.
    mutating func idleStatement(for sql: String) -> Statement? {
        clock += 1
        guard let entry = entries[sql], !entry.statement.isInUse else {
            misses += 1
            return nil
        }
        entries[sql]?.lastUse = clock
        hits += 1
        return entry.statement
    }

    /// Whether a statement for `sql` is cached, idle or not.
    func contains(_ sql: String) -> Bool { entries[sql] != nil }

    /// Caches a freshly prepared statement, evicting the least recently used one when full.
    mutating func insert(_ statement: Statement) {
        if entries.count >= capacity, entries[statement.sql] == nil,
            let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
        {
            entries[oldest] = nil
        }
        entries[statement.sql] = Entry(statement: statement, lastUse: clock)
    }

    /// Drops every statement; idle ones finalize at once.
    mutating func removeAll() {
        entries.removeAll()
    }
}
