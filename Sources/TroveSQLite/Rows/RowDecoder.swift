import Foundation
import TroveQuery

/// Decodes an app's `Decodable` type from one row, a property per column, matched by NAME.
///
/// A property whose type is ``SQLBindable`` (`Int64`, `String`, `Date`, `Bool`, an enum
/// conforming to it, …) decodes as the builder's columns do. Any other `Decodable` (`UUID`,
/// `Float`, an enum with a raw value) decodes from the column's single value. An optional
/// property is nil for NULL or for a column the row lacks. A key that the record's
/// ``SQLTable/columnNamesByCodingKey`` lists reads the column it names (`createdAt` ← `created_at`).
struct RowDecoder: Decoder {
    let row: SQLiteRow
    let record: String
    /// Coding key → column, where they differ.
    var columns: [String: String] = [:]

    /// The columns `Record`'s table declaration renames (coding key → column), or none.
    ///
    /// NB: a dynamic cast, so that `fetchAll(_:as:)` keeps taking any Decodable; read once per
    /// statement, not per row: a macro's `columnNamesByCodingKey` builds its dictionary each time.
    static func renamedColumns<Record>(of type: Record.Type) -> [String: String] {
        (Record.self as? any SQLTable.Type)?.columnNamesByCodingKey ?? [:]
    }

    init(row: SQLiteRow, record: String, columns: [String: String] = [:]) {
        self.row = row
        self.record = record
        self.columns = columns
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowKeyedContainer<Key>(row: row, record: record, columns: columns))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw SQLiteRowDecodingError(column: "*", type: "unkeyed container", record: record, problem: .nested)
    }

    /// A row of one column decodes as that column's value.
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard row.count == 1 else {
            throw SQLiteRowDecodingError(
                column: "*", type: record, record: record, problem: .missingColumn(columns: row.columnNames))
        }
        return ColumnDecoder(value: row.values[0], column: row.columnNames[0], record: record)
    }
}

/// The properties of a row's record, each read from the column its key names.
private struct RowKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let row: SQLiteRow
    let record: String
    let columns: [String: String]

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] {
        let keys = Dictionary(columns.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        return row.columnNames.compactMap { Key(stringValue: keys[$0] ?? $0) }
    }

    /// The column a key reads.
    private func column(_ key: Key) -> String {
        columns[key.stringValue] ?? key.stringValue
    }

    func contains(_ key: Key) -> Bool {
        row.index(ofColumn: column(key)) != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let index = row.index(ofColumn: column(key)) else { return true }
        return row.values[index] == .null
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let index = row.index(ofColumn: column(key)) else {
            throw SQLiteRowDecodingError(
                column: column(key), type: String(describing: T.self), record: record,
                problem: .missingColumn(columns: row.columnNames))
        }
        return try ColumnDecoder(value: row.values[index], column: row.columnNames[index], record: record).decode(T.self)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decode(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decode(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decode(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decode(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decode(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decode(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decode(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decode(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decode(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decode(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decode(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decode(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decode(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decode(type, key) }

    /// The generic path, for the primitive overloads the protocol requires.
    private func decode<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try decode(type as T.Type, forKey: key)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw SQLiteRowDecodingError(column: key.stringValue, type: "nested container", record: record, problem: .nested)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw SQLiteRowDecodingError(column: key.stringValue, type: "nested container", record: record, problem: .nested)
    }

    func superDecoder() throws -> any Decoder {
        RowDecoder(row: row, record: record, columns: columns)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        throw SQLiteRowDecodingError(column: key.stringValue, type: "super decoder", record: record, problem: .nested)
    }
}

/// One column's value, as a `Decoder` (for `Decodable` types that read a single value) and
/// as the container that reads it.
private struct ColumnDecoder: Decoder, SingleValueDecodingContainer {
    let value: SQLBinding
    let column: String
    let record: String

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw error(.nested, "keyed container")
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw error(.nested, "unkeyed container")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value == .null }

    /// A ``SQLBindable`` type decodes as a column of it would; NULL into a type that is not
    /// optional, and a value that does not fit, throw ``SQLiteRowDecodingError`` naming both.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let bindable = T.self as? any SQLBindable.Type {
            let isOptional = T.self is any _OptionalQueryValue.Type
            if value == .null, !isOptional { throw error(.null, String(describing: T.self)) }
            do {
                // NB: the cast cannot fail: `bindable` is `T.self`.
                return try bindable.init(decoding: value) as! T
            } catch {
                throw self.error(.mismatch(value), String(describing: T.self))
            }
        }
        if value == .null { throw error(.null, String(describing: T.self)) }
        do {
            return try T(from: self)
        } catch let error as SQLiteRowDecodingError {
            throw error
        } catch {
            throw self.error(.mismatch(value), String(describing: T.self))
        }
    }

    func decode(_ type: Bool.Type) throws -> Bool { try bindable(type) }
    func decode(_ type: String.Type) throws -> String { try bindable(type) }
    func decode(_ type: Double.Type) throws -> Double { try bindable(type) }
    func decode(_ type: Float.Type) throws -> Float { Float(try bindable(Double.self)) }
    func decode(_ type: Int.Type) throws -> Int { try bindable(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try bindable(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    private func bindable<T: SQLBindable>(_ type: T.Type) throws -> T {
        if value == .null { throw error(.null, String(describing: T.self)) }
        do {
            return try T(decoding: value)
        } catch {
            throw self.error(.mismatch(value), String(describing: T.self))
        }
    }

    /// An integer that fits `T`, or a mismatch (300 is no `UInt8`).
    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard let result = T(exactly: try bindable(Int64.self)) else {
            throw error(.mismatch(value), String(describing: T.self))
        }
        return result
    }

    private func error(_ problem: SQLiteRowDecodingError.Problem, _ type: String) -> SQLiteRowDecodingError {
        SQLiteRowDecodingError(column: column, type: type, record: record, problem: problem)
    }
}
