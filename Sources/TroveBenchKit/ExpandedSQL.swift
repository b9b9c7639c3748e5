/// Recovers the values a statement bound by lining up its SQL text (`sqlite3_sql`) with the
/// same text with the values written in (`sqlite3_expanded_sql`).
///
/// ```swift
/// ExpandedSQL.bindings(template: "SELECT ? WHERE x = ?", expanded: "SELECT 'it''s' WHERE x = 42")
/// // [.text("it's"), .integer(42)]
/// ```
///
/// SQLite writes integers as digits, reals with `%!.15g`, text as a quoted literal with `'`
/// doubled, blobs as `x'…'` (`zeroblob(N)` when bound as zeros) and NULL as `NULL`. Outside the parameters the two texts are the
/// same byte for byte, including inside quoted strings and identifiers, which may hold a `?`.
public enum ExpandedSQL {
    /// - Returns: The bound values in order, or nil when the texts do not line up (such as a
    ///   real printed with less precision than it had, or a `?NNN` parameter).
    public static func bindings(template: String, expanded: String) -> [SQLValue]? {
        let t = Array(template.utf8), e = Array(expanded.utf8)
        var i = 0, j = 0, values: [SQLValue] = []
        var quote: UInt8? = nil
        while i < t.count {
            let byte = t[i]
            if let open = quote {
                guard j < e.count, e[j] == byte else { return nil }
                if byte == open { quote = nil }
                i += 1; j += 1
                continue
            }
            if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
            } else if byte == UInt8(ascii: "?") {
                guard i + 1 >= t.count || !(t[i + 1] >= 0x30 && t[i + 1] <= 0x39) else { return nil }
                guard let (value, end) = literal(in: e, at: j) else { return nil }
                values.append(value)
                i += 1; j = end
                continue
            }
            guard j < e.count, e[j] == byte else { return nil }
            i += 1; j += 1
        }
        return j == e.count ? values : nil
    }

    /// The literal starting at `start` and the index just after it.
    static func literal(in e: [UInt8], at start: Int) -> (SQLValue, Int)? {
        guard start < e.count else { return nil }
        if e[start] == UInt8(ascii: "'") {
            var bytes: [UInt8] = [], k = start + 1
            while k < e.count {
                if e[k] == UInt8(ascii: "'") {
                    if k + 1 < e.count, e[k + 1] == UInt8(ascii: "'") { bytes.append(e[k]); k += 2; continue }
                    return (.text(String(decoding: bytes, as: UTF8.self)), k + 1)
                }
                bytes.append(e[k]); k += 1
            }
            return nil
        }
        if e[start] == UInt8(ascii: "x"), start + 1 < e.count, e[start + 1] == UInt8(ascii: "'") {
            guard let close = e[(start + 2)...].firstIndex(of: UInt8(ascii: "'")) else { return nil }
            let hex = Array(e[(start + 2)..<close])
            var bytes: [UInt8] = []
            for pair in stride(from: 0, to: hex.count - 1, by: 2) {
                guard let byte = UInt8(String(decoding: hex[pair...pair + 1], as: UTF8.self), radix: 16) else { return nil }
                bytes.append(byte)
            }
            return (.blob(bytes), close + 1)
        }
        if e[start...].starts(with: Array("zeroblob(".utf8)) {
            // NB: how SQLite writes a blob bound with sqlite3_bind_zeroblob (Trove binds an
            // empty blob so), `zeroblob(N)`.
            guard let close = e[(start + 9)...].firstIndex(of: UInt8(ascii: ")")),
                let count = Int(String(decoding: e[(start + 9)..<close], as: UTF8.self))
            else { return nil }
            return (.blob(Array(repeating: 0, count: count)), close + 1)
        }
        if e[start...].starts(with: Array("NULL".utf8)) { return (.null, start + 4) }
        var k = start
        let numeric = Set("+-0123456789.eE".utf8)
        while k < e.count, numeric.contains(e[k]) { k += 1 }
        let text = String(decoding: e[start..<k], as: UTF8.self)
        if let integer = Int64(text) { return (.integer(integer), k) }
        if let real = Double(text) { return (.double(real), k) }
        return nil
    }
}
