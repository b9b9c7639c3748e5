/// A complete statement that renders to ``SQLFragment``: `SQLSelect`, `SQLInsert`, `SQLUpdate` or `SQLDelete`.
///
/// ```swift
/// let query = Reminder.where { $0.isFlagged }
/// query.sql.render()       // ("SELECT \"reminders\".* FROM \"reminders\" WHERE (\"reminders\".\"is_flagged\")", [])
/// query.debugDescription   // the same with bindings inlined, for snapshots
/// ```
public protocol SQLStatement: Sendable, CustomDebugStringConvertible {
    /// The statement: SQL text with `?` placeholders and the values they bind.
    var sql: SQLFragment { get }
}

extension SQLStatement {
    /// The text to prepare and the values to bind, in order.
    public func render() -> (sql: String, bindings: [SQLBinding]) {
        sql.render()
    }

    /// The SQL with bindings inlined as literals; for snapshots and `--explain`, never executed.
    public var debugDescription: String {
        sql.debugDescription
    }
}

/// Reads result columns, in order, into Swift values.
struct BindingCursor {
    let values: [SQLBinding]
    var index = 0

    init(_ values: [SQLBinding]) {
        self.values = values
    }

    /// The next column decoded as `V`; a missing column reads as NULL.
    ///
    /// - Throws: `SQLDecodingError` carrying the column's index.
    mutating func next<V: SQLBindable>(_ type: V.Type) throws(SQLDecodingError) -> V {
        defer { index += 1 }
        do throws(SQLDecodingError) {
            return try V(decoding: index < values.count ? values[index] : .null)
        } catch {
            var located = error
            located.columnIndex = index
            throw located
        }
    }
}

/// The SQL list and row decoder of a typed selection such as `($0.id, $0.title)`.
func typedSelection<each E: SQLTypedExpression>(
    _ expressions: repeat each E
) -> (sql: SQLFragment, decode: @Sendable ([SQLBinding]) throws(SQLDecodingError) -> (repeat (each E).QueryValue)) {
    var parts: [SQLFragment] = []
    for expression in repeat each expressions {
        parts.append(expression.queryFragment)
    }
    let decode: @Sendable ([SQLBinding]) throws(SQLDecodingError) -> (repeat (each E).QueryValue) = {
        values throws(SQLDecodingError) in
        var cursor = BindingCursor(values)
        return (repeat try cursor.next((each E).QueryValue.self))
    }
    return (parts.joined(separator: ", "), decode)
}
