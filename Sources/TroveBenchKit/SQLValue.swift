/// A value bound to a `?` of a statement run by ``DirectConnection``.
public enum SQLValue: Hashable, Sendable, Codable {
    case null
    case integer(Int64)
    case double(Double)
    case text(String)
    case blob([UInt8])
}

/// One statement as the library ran it: its SQL text with `?` and the values it bound.
public struct BoundStatement: Hashable, Sendable, Codable {
    public var sql: String
    public var bindings: [SQLValue]

    public init(sql: String, bindings: [SQLValue]) {
        self.sql = sql
        self.bindings = bindings
    }
}
