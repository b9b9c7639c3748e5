import TroveQuery
import TroveSQLite

// Short names for the store's own code; the public API is `fetchAll`, `fetchOne` and `execute`
// (TroveSQLite's `SQLiteConnection+TypedFetch.swift`), which these call.

extension SQLiteConnection {
    /// ``SQLiteConnection/fetchAll(_:)``: a typed select's rows, decoded.
    func all<Scope, Row>(_ query: Select<Scope, Row>) throws -> [Row] {
        try fetchAll(query)
    }

    /// ``SQLiteConnection/fetchOne(_:)``: the first row of a typed select, decoded, or nil.
    func first<Scope, Row>(_ query: Select<Scope, Row>) throws -> Row? {
        try fetchOne(query)
    }

    /// ``SQLiteConnection/execute(_:)``: an INSERT, UPDATE or DELETE built with the query builder.
    func run(_ statement: some QueryStatement) throws {
        try execute(statement)
    }
}
