import TroveQuery
import TroveSQLite

extension Connection {
    /// Runs a typed select and decodes every row with the statement's own decoder.
    func all<Scope, Row>(_ query: Select<Scope, Row>) throws -> [Row] {
        try fetchAll(query.sql).map { try query.decode($0.values) }
    }

    /// The first row of a typed select, decoded, or nil.
    func first<Scope, Row>(_ query: Select<Scope, Row>) throws -> Row? {
        try fetchOne(query.sql).map { try query.decode($0.values) }
    }

    /// Runs an INSERT, UPDATE or DELETE built with the query builder.
    func run(_ statement: some QueryStatement) throws {
        try execute(statement.sql)
    }
}
