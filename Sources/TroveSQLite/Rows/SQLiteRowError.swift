public import Foundation
public import TroveQuery

/// A row value that could not be read as asked.
public enum SQLiteRowError: Error, Hashable, Sendable, CustomStringConvertible {
    case indexOutOfRange(Int, columnCount: Int)
    case noSuchColumn(String, columns: [String])
    case cannotDecode(column: String, index: Int, SQLDecodingError)

    /// One sentence: what could not be read, and what to check.
    public var description: String {
        switch self {
        case .indexOutOfRange(let index, let count):
            return "no column at index \(index): the row has \(count) column\(count == 1 ? "" : "s"); "
                + "check the SELECT list"
        case .noSuchColumn(let name, let columns):
            return "no column named \"\(name)\"; the row has \(columns.map { "\"\($0)\"" }.joined(separator: ", ")); "
                + "check the SELECT list or alias the column"
        case .cannotDecode(let column, let index, let error):
            return "column \"\(column)\" (index \(index)): \(error)"
        }
    }
}

extension SQLiteRowError: LocalizedError {
    /// ``description``, as `localizedDescription` (what an app's alert shows) gives it.
    public var errorDescription: String? { description }
}
