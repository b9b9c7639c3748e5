public import Foundation
public import TroveQuery

/// A row that could not become an app's `Decodable` type: names the property's column, the
/// Swift type it wanted, and what to change.
///
/// ```swift
/// struct Note: Decodable { var id: Int64; var title: String }
/// try db.fetchAll("SELECT id FROM notes", as: Note.self)
/// // cannot decode Note.title (String): the row has no column "title" (it has "id");
/// // select it, or alias a column AS "title"
/// ```
public struct SQLiteRowDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong with the column.
    public enum Problem: Hashable, Sendable {
        /// The row has no column of that name; `columns` are the ones it has.
        case missingColumn(columns: [String])
        /// The column is NULL and the property is not optional.
        case null
        /// The column's value does not fit the property's type.
        case mismatch(SQLBinding)
        /// The property asks for a nested structure, which one column cannot hold.
        case nested
    }

    /// The column the property's coding key reads (its name, or the one its table declaration maps it to).
    public var column: String
    /// The property's Swift type, such as `String` or `Priority`.
    public var type: String
    /// The `Decodable` type being built.
    public var record: String
    /// What was wrong with the column.
    public var problem: Problem

    /// - Parameters:
    ///   - column: The column the property reads.
    ///   - type: The property's Swift type.
    ///   - record: The `Decodable` type being built.
    ///   - problem: What was wrong.
    public init(column: String, type: String, record: String, problem: Problem) {
        self.column = column
        self.type = type
        self.record = record
        self.problem = problem
    }

    /// One sentence: the property, its type, what the row holds, and what to change.
    public var description: String {
        let subject = "cannot decode \(record).\(column) (\(type))"
        switch problem {
        case .missingColumn(let columns):
            let names = columns.map { "\"\($0)\"" }.joined(separator: ", ")
            return "\(subject): the row has no column \"\(column)\" (it has \(names)); "
                + "select it, or alias a column AS \"\(column)\""
        case .null:
            return "\(subject): column \"\(column)\" is NULL; make the property optional (\(type)?) "
                + "or select a default with ifnull"
        case .mismatch(let value):
            return "\(subject): column \"\(column)\" holds \(value), which is not a \(type); "
                + "check the column's type or the property's"
        case .nested:
            return "\(subject): a column holds one value, not a nested structure; "
                + "decode the nested value from its own columns, or give it a single-value Decodable"
        }
    }
}

extension SQLiteRowDecodingError: LocalizedError {
    /// ``description``, as `localizedDescription` (what an app's alert shows) gives it.
    public var errorDescription: String? { description }
}
