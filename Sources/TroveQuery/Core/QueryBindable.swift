public import Foundation

/// A Swift type that can be bound to a placeholder and decoded from a result column.
///
/// Built in: `Int`, `Int64`, `Double`, `String`, `Bool`, `Data`, `[UInt8]`, `Date`, and
/// `Optional` of any of them (nil binds NULL).
///
/// > Important: `Date` is stored as UTC text `YYYY-MM-DD HH:MM:SS.SSS`, the format SQLite's own
/// > date functions read and that sorts in time order. Decoding also accepts ISO 8601 with a
/// > `T` and a zone, a bare `YYYY-MM-DD` (midnight UTC), and a number of seconds since 1970.
public protocol SQLBindable: Sendable {
    /// The value to bind.
    var queryBinding: SQLBinding { get }

    /// Decodes a column value, or throws `SQLDecodingError` when its storage class does not fit.
    init(decoding binding: SQLBinding) throws(SQLDecodingError)
}

/// A column value that could not be decoded into the requested Swift type.
public struct SQLDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The value as SQLite returned it.
    public var value: SQLBinding
    /// The Swift type it was to become, such as `Int` or `Priority`.
    public var type: String
    /// The value's position in the row, when a typed selection decoded it; the SQLite layer
    /// turns it into the column's name.
    public var columnIndex: Int?

    /// - Parameters:
    ///   - value: The value that did not fit.
    ///   - type: The Swift type's name.
    ///   - columnIndex: Its position in the row, if known.
    public init(value: SQLBinding, type: String, columnIndex: Int? = nil) {
        self.value = value
        self.type = type
        self.columnIndex = columnIndex
    }

    /// One sentence: the value, the Swift type, and what to check.
    public var description: String {
        "cannot read \(value) as \(type); check the column type or read it as an optional"
    }
}

extension Int64: SQLBindable {
    /// The value as an integer.
    public var queryBinding: SQLBinding { .integer(self) }
    /// Decodes the value, or throws `SQLDecodingError` naming the type.
    public init(decoding binding: SQLBinding) throws(SQLDecodingError) {
        switch binding {
        case .integer(let value): self = value
        case .double(let value) where value.rounded() == value && abs(value) < 9.2e18: self = Int64(value)
        default: throw SQLDecodingError(value: binding, type: "Int64")
        }
    }
}

extension Int: SQLBindable {
    /// The value as a 64-bit integer.
    public var queryBinding: SQLBinding { .integer(Int64(self)) }
    /// Decodes the value, or throws `SQLDecodingError` naming the type.
    public init(decoding binding: SQLBinding) throws(SQLDecodingError) {
        do {
            self = Int(try Int64(decoding: binding))
        } catch {
            throw SQLDecodingError(value: binding, type: "Int")
        }
    }
}

extension Double: SQLBindable {
    /// The value as a real.
    public var queryBinding: SQLBinding { .double(self) }
    /// Decodes the value, or throws `SQLDecodingError` naming the type.
    public init(decoding binding: SQLBinding) throws(SQLDecodingError) {
        switch binding {
        case .double(let value): self = value
        case .integer(let value): self = Double(value)
        default: throw SQLDecodingError(value: binding, type: "Double")
        }
    }
}

extension Bool: SQLBindable {
    /// Booleans are stored as 0 and 1, as SQLite itself does.
    public var queryBinding: SQLBinding { .integer(self ? 1 : 0) }
    /// Decodes the value, or throws `SQLDecodingError` naming the type.
    public init(decoding binding: SQLBinding) throws(SQLDecodingError) {
        switch binding {
        case .integer(let value): self = value != 0
        case .double(let value): self = value != 0
        default: throw SQLDecodingError(value: binding, type: "Bool")
        }
    }
}

extension String: SQLBindable {
    /// The string as text.
    public var queryBinding: SQLBinding { .text(self) }
    /// Decodes the value, or throws `SQLDecodingError` naming the type.
    public init(decoding binding: SQLBinding) throws(SQLDecodingError) {
        switch binding {
        case .text(let value): self = value
        case .integer(let value): self = String(value)
        case .double(let value): self = String(value)
        case .blob(let bytes): self = String(decoding: bytes, as: UTF8.self)
        case .null: throw SQLDecodingError(value: binding, type: "String")
        }
    }
}

extension Array: SQLBindable where Element == UInt8 {
    /// The bytes as a blob.
    public var queryBinding: SQLBinding { .blob(self) }
    /// Decodes the value, or throws `SQLDecodingError` naming the type.
    public init(decoding binding: SQLBinding) throws(SQLDecodingError) {
        switch binding {
        case .blob(let bytes): self = bytes
        case .text(let text): self = Array(text.utf8)
        default: throw SQLDecodingError(value: binding, type: "[UInt8]")
        }
    }
}

extension Data: SQLBindable {
    /// The bytes as a blob.
    public var queryBinding: SQLBinding { .blob(Array(self)) }
    /// Decodes the value, or throws `SQLDecodingError` naming the type.
    public init(decoding binding: SQLBinding) throws(SQLDecodingError) {
        do {
            self = Data(try [UInt8](decoding: binding))
        } catch {
            throw SQLDecodingError(value: binding, type: "Data")
        }
    }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
    /// The wrapped value's binding, or NULL for nil.
    public var queryBinding: SQLBinding { self?.queryBinding ?? .null }
    /// Decodes the value, or throws `SQLDecodingError` naming the type.
    public init(decoding binding: SQLBinding) throws(SQLDecodingError) {
        if case .null = binding {
            self = .none
        } else {
            self = .some(try Wrapped(decoding: binding))
        }
    }
}

extension SQLDecodingError: LocalizedError {
    /// ``description``, as `localizedDescription` (what an app's alert shows) gives it.
    public var errorDescription: String? { description }
}

extension Data: OrderableQueryValue {}
