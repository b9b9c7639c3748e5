import Foundation
public import TroveQuery

/// One result row: column names and values, read by index or by name.
///
/// ```swift
/// let row = try db.fetchOne("SELECT id, title FROM reminders WHERE id = \(7)")!
/// row[1]                            // .text("Buy milk")
/// let title: String = try row[1]    // "Buy milk"
/// let id: Int64 = try row["id"]     // 7
/// ```
///
/// `columnNames` is shared by every row of a statement, so it costs no allocation per row.
public struct SQLiteRow: Sendable, Hashable {
    /// The result columns' names, as SQLite reports them (an `AS` alias, or the column's name).
    public var columnNames: [String]
    /// The values, in column order.
    public var values: [SQLBinding]

    /// A row of one value per name; traps when the counts differ.
    public init(columnNames: [String], values: [SQLBinding]) {
        precondition(columnNames.count == values.count, "a row needs one name per value")
        self.columnNames = columnNames
        self.values = values
    }

    /// The number of columns.
    public var count: Int { values.count }

    /// The raw value at `index`; traps when out of range, like an array.
    public subscript(_ index: Int) -> SQLBinding { values[index] }

    /// The value at `index`, decoded.
    ///
    /// - Throws: `SQLiteRowError` when the index is out of range or the value does not decode to `T`.
    public subscript<T: SQLBindable>(_ index: Int) -> T {
        get throws {
            guard values.indices.contains(index) else {
                throw SQLiteRowError.indexOutOfRange(index, columnCount: values.count)
            }
            return try decode(index)
        }
    }

    /// The value of the column named `name`, decoded. Exact names win; otherwise the first
    /// case-insensitive match, as SQLite compares names.
    ///
    /// - Throws: `SQLiteRowError` when there is no such column or the value does not decode to `T`.
    public subscript<T: SQLBindable>(_ name: String) -> T {
        get throws {
            guard let index = index(ofColumn: name) else {
                throw SQLiteRowError.noSuchColumn(name, columns: columnNames)
            }
            return try decode(index)
        }
    }

    /// The value of a named result column, decoded as its type.
    ///
    /// ```swift
    /// let rank = ResultColumn<Double>("rank")
    /// let row = try db.fetchOne("SELECT \(TypedExpression<Double>("bm25(\"reminders_fts\")").named(rank)) FROM …")!
    /// let score = try row[rank]   // the column named "rank", as a Double
    /// ```
    ///
    /// - Throws: `SQLiteRowError` when there is no such column or the value does not decode.
    public subscript<T: SQLBindable>(_ column: ResultColumn<T>) -> T {
        get throws { try self[column.name] }
    }

    /// The raw value of the column named `name`.
    ///
    /// - Throws: `SQLiteRowError.noSuchColumn` when there is none.
    public func value(named name: String) throws -> SQLBinding {
        guard let index = index(ofColumn: name) else {
            throw SQLiteRowError.noSuchColumn(name, columns: columnNames)
        }
        return values[index]
    }

    /// The index of the column named `name`, or nil.
    public func index(ofColumn name: String) -> Int? {
        columnNames.firstIndex(of: name)
            ?? columnNames.firstIndex { $0.compare(name, options: .caseInsensitive) == .orderedSame }
    }

    private func decode<T: SQLBindable>(_ index: Int) throws -> T {
        do {
            return try T(decoding: values[index])
        } catch {
            throw SQLiteRowError.cannotDecode(column: columnNames[index], index: index, error)
        }
    }
}

extension SQLiteRow: CustomStringConvertible {
    /// `id: 7, title: 'Buy milk'`.
    public var description: String {
        zip(columnNames, values).map { "\($0): \($1)" }.joined(separator: ", ")
    }
}
