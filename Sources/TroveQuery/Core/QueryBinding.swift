/// A value bound to a `?` placeholder, or read back from a result column.
///
/// These are SQLite's five storage classes, spelled in pure Swift so that this module never
/// imports SQLite. The SQLite layer binds and reads exactly these.
///
/// ```swift
/// let fragment: SQLFragment = "SELECT * FROM reminders WHERE title = \("Buy milk")"
/// fragment.render().bindings  // [.text("Buy milk")]
/// ```
public enum SQLBinding: Hashable, Sendable {
    case null
    case integer(Int64)
    case double(Double)
    case text(String)
    case blob([UInt8])
}

extension SQLBinding: CustomStringConvertible {
    /// The value as an SQL literal, for debug renderings and snapshots only; never executed.
    ///
    /// ```swift
    /// SQLBinding.text("it's").description  // 'it''s'
    /// ```
    public var description: String {
        switch self {
        case .null:
            return "NULL"
        case .integer(let value):
            return String(value)
        case .double(let value):
            return value.isFinite ? "\(value)" : (value > 0 ? "9e999" : (value < 0 ? "-9e999" : "NULL"))
        case .text(let value):
            return SQLFragment.quote(literal: value)
        case .blob(let bytes):
            let hexDigits = Array("0123456789ABCDEF")
            var hex = ""
            hex.reserveCapacity(bytes.count * 2)
            for byte in bytes {
                hex.append(hexDigits[Int(byte >> 4)])
                hex.append(hexDigits[Int(byte & 0x0F)])
            }
            return "X'\(hex)'"
        }
    }
}

extension String {
    /// The string with every `quote` doubled, as SQL escapes quotes inside literals and names.
    ///
    /// NB: works on Unicode scalars, not Characters: `"` followed by a combining accent is one
    /// Character, and skipping its quote would end the literal early.
    func doubling(_ quote: Unicode.Scalar) -> String {
        guard unicodeScalars.contains(quote) else { return self }
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            result.append(scalar)
            if scalar == quote { result.append(quote) }
        }
        return String(result)
    }
}
