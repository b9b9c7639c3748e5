/// A byte-level JSON reader for one line: the full value grammar (RFC 8259), no allocations
/// beyond the strings it returns.
///
/// NB: hand-written rather than `JSONSerialization`/`JSONDecoder`, which build a dictionary of
/// boxed values per line and made a million-line import spend most of its time parsing.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let line: Int
    var index = 0
    /// Deeper nesting in an ignored field is refused rather than risking the stack.
    static let maxDepth = 100

    init(bytes: UnsafeBufferPointer<UInt8>, line: Int) {
        self.bytes = bytes
        self.line = line
    }

    var atEnd: Bool { index >= bytes.count }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D, 0x0A: index += 1
            default: return
            }
        }
    }

    mutating func consume(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    // MARK: Errors

    static let syntaxRemedy = "Each line must hold one complete JSON object, such as {\"title\":\"Buy milk\"}."

    /// A syntax error at the current position.
    func syntaxError(_ problem: String, at offset: Int? = nil, field: String? = nil) -> FormatError {
        FormatError(
            line: line, column: UTF8Validation.column(ofOffset: offset ?? index, in: bytes), field: field,
            problem: problem, remedy: Self.syntaxRemedy)
    }

    /// "expected X, found …", or that the line ended first (a file cut short).
    func unexpected(expected: String, field: String? = nil) -> FormatError {
        guard let byte = peek else {
            return FormatError(
                line: line, column: UTF8Validation.column(ofOffset: index, in: bytes), field: field,
                problem: "the line ends before the JSON object does (expected \(expected))",
                remedy: "The file may be cut short, or an object split over lines; each reminder must be one whole JSON object on one line.")
        }
        let found = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        return syntaxError("expected \(expected), found \(found)", field: field)
    }

    /// What kind of value starts here, for "expected a string, got a number".
    var valueKind: String {
        switch peek ?? 0 {
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
        case UInt8(ascii: "n"): "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): "a number"
        default: "something that is not JSON"
        }
    }

    // MARK: Strings

    /// Reads a string and decodes its escapes.
    mutating func string() throws -> String {
        let (range, escaped) = try scanString()
        if !escaped { return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        return try decodeEscapes(range)
    }

    /// Steps over a string; returns the bytes between the quotes and whether any are escapes.
    mutating func scanString() throws -> (range: Range<Int>, escaped: Bool) {
        guard consume("\"") else { throw unexpected(expected: "a string") }
        let start = index
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return (start..<index - 1, escaped)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index += 2
                continue
            }
            if byte < 0x20 {
                throw syntaxError("a control character (U+00\(byte < 16 ? "0" : "")\(String(byte, radix: 16, uppercase: true))) inside a string; escape it, as in \\t or \\u0000")
            }
            index += 1
        }
        index = bytes.count
        throw unexpected(expected: "the \" that ends the string started at column \(UTF8Validation.column(ofOffset: start - 1, in: bytes))")
    }

    func decodeEscapes(_ range: Range<Int>) throws -> String {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var at = range.lowerBound
        while at < range.upperBound {
            let byte = bytes[at]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                at += 1
                continue
            }
            let escape = bytes[at + 1]
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                let high = try hex4(at: at + 2, end: range.upperBound)
                var scalar = high
                var width = 6
                if (0xD800...0xDBFF).contains(high) {
                    let lone = syntaxError("a lone surrogate \\u\(String(high, radix: 16, uppercase: true)) with no low surrogate after it", at: at)
                    guard at + 12 <= range.upperBound, bytes[at + 6] == UInt8(ascii: "\\"), bytes[at + 7] == UInt8(ascii: "u")
                    else { throw lone }
                    let low = try hex4(at: at + 8, end: range.upperBound)
                    guard (0xDC00...0xDFFF).contains(low) else { throw lone }
                    scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                    width = 12
                } else if (0xDC00...0xDFFF).contains(high) {
                    throw syntaxError("a lone low surrogate \\u\(String(high, radix: 16, uppercase: true))", at: at)
                }
                out.append(contentsOf: Unicode.UTF8.encode(Unicode.Scalar(scalar)!)!)
                at += width
                continue
            default:
                throw syntaxError("an unknown escape \\\(Character(Unicode.Scalar(escape)))", at: at)
            }
            at += 2
        }
        return String(decoding: out, as: UTF8.self)
    }

    private func hex4(at start: Int, end: Int) throws -> UInt32 {
        guard start + 4 <= end else { throw syntaxError("\\u must be followed by four hex digits", at: start - 2) }
        var value: UInt32 = 0
        for byte in bytes[start..<start + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw syntaxError("\\u must be followed by four hex digits", at: start - 2)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    // MARK: Other values

    /// Steps over a number, checking its grammar; returns its text's range.
    mutating func number() throws -> Range<Int> {
        let start = index
        _ = consume("-")
        if consume("0") {
        } else if digits() == 0 {
            throw unexpected(expected: "a digit")
        }
        if consume("."), digits() == 0 { throw unexpected(expected: "a digit after the decimal point") }
        if consume("e") || consume("E") {
            _ = consume("+") || consume("-")
            if digits() == 0 { throw unexpected(expected: "a digit in the exponent") }
        }
        return start..<index
    }

    private mutating func digits() -> Int {
        let start = index
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    /// Reads `true`, `false` or `null`.
    mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        guard index + count <= bytes.count, bytes[index..<index + count].elementsEqual(expected) else {
            throw unexpected(expected: "a JSON value")
        }
        index += count
    }

    /// Steps over any value, checking its grammar: how unknown fields are ignored.
    mutating func skipValue(depth: Int = 0) throws {
        guard depth < Self.maxDepth else { throw syntaxError("values nested more than \(Self.maxDepth) deep") }
        switch peek ?? 0 {
        case UInt8(ascii: "\""):
            let (range, escaped) = try scanString()
            if escaped { _ = try decodeEscapes(range) }
        case UInt8(ascii: "{"):
            index += 1
            skipWhitespace()
            if consume("}") { return }
            while true {
                skipWhitespace()
                guard peek == UInt8(ascii: "\"") else { throw unexpected(expected: "a field name in double quotes") }
                try skipValue(depth: depth + 1)
                skipWhitespace()
                guard consume(":") else { throw unexpected(expected: "':' after the field name") }
                skipWhitespace()
                try skipValue(depth: depth + 1)
                skipWhitespace()
                if consume(",") { continue }
                if consume("}") { return }
                throw unexpected(expected: "',' or '}'")
            }
        case UInt8(ascii: "["):
            index += 1
            skipWhitespace()
            if consume("]") { return }
            while true {
                skipWhitespace()
                try skipValue(depth: depth + 1)
                skipWhitespace()
                if consume(",") { continue }
                if consume("]") { return }
                throw unexpected(expected: "',' or ']'")
            }
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: _ = try number()
        }
    }
}
