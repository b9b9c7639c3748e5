import TroveQuery
import TroveSQLite

// Short names for the store's own code; the public API is `fetchAll`, `fetchOne` and `execute`
// (TroveSQLite's `SQLConnection+TypedFetch.swift`), which these call.

extension SQLConnection {
    /// ``SQLConnection/fetchAll(_:)``: a typed select's rows, decoded.
    func all<Scope, Row>(_ query: SQLSelect<Scope, Row>) throws -> [Row] {
        try fetchAll(query)
    }

    /// ``SQLConnection/fetchOne(_:)``: the first row of a typed select, decoded, or nil.
    func first<Scope, Row>(_ query: SQLSelect<Scope, Row>) throws -> Row? {
        try fetchOne(query)
    }

    /// ``SQLConnection/execute(_:)``: an INSERT, UPDATE or DELETE built with the query builder.
    func run(_ statement: some SQLStatement) throws {
        try execute(statement)
    }
}
