/// A JSON value whose objects keep their members in the order written, so output is stable
/// and reads in a sensible order (`id` and `title` first).
///
/// ```swift
/// JSONValue.object([("id", 3), ("title", "Say \"hi\"")]).serialized()
/// // {"id":3,"title":"Say \"hi\""}
/// ```
///
/// One serializer for every JSON Trove writes: `trove export` (JSON Lines), `trove search
/// --format json|jsonl` and what Enter prints in the interactive search. Strings escape `"`,
/// `\` and control characters (`\n`, `\r`, `\t`, else `\u00XX`); other text, DEL included, is
/// written as UTF-8, as `trove export` always wrote it.
public enum JSONValue: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral
{
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([Member])

    /// One key and its value in an object, in the order they were written.
    public struct Member: Hashable, Sendable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: JSONValue

        /// A member with this key and value.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// An object with `members` in the order given: `.object(["id": 1, "title": "Buy milk"])`.
    public static func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(members.map { Member(key: $0.key, value: $0.value) })
    }

    /// A string value from a literal: `"Buy milk"`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer value from a literal: `42`.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A Boolean value from a literal: `true`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// The value as JSON text: compact on one line, or indented by two spaces per level.
    public func serialized(pretty: Bool = false) -> String {
        var bytes: [UInt8] = []
        write(to: &bytes, pretty: pretty)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the value's JSON text as UTF-8 bytes.
    public func write(to bytes: inout [UInt8], pretty: Bool = false) {
        write(to: &bytes, pretty: pretty, depth: 0)
    }

    private func write(to bytes: inout [UInt8], pretty: Bool, depth: Int) {
        switch self {
        case .null: Self.raw("null", to: &bytes)
        case .bool(let value): Self.raw(value ? "true" : "false", to: &bytes)
        case .integer(let value): bytes.append(contentsOf: String(value).utf8)
        // NB: JSON has no NaN or infinity; bm25 never yields them, but null keeps the output valid.
        case .number(let value):
            if value.isFinite { bytes.append(contentsOf: "\(value)".utf8) } else { Self.raw("null", to: &bytes) }
        case .string(let value): Self.writeString(value, to: &bytes)
        case .array(let elements):
            writeContainer(UInt8(ascii: "["), UInt8(ascii: "]"), elements, to: &bytes, pretty: pretty, depth: depth) {
                element, bytes in element.write(to: &bytes, pretty: pretty, depth: depth + 1)
            }
        case .object(let members):
            writeContainer(UInt8(ascii: "{"), UInt8(ascii: "}"), members, to: &bytes, pretty: pretty, depth: depth) {
                member, bytes in
                Self.writeString(member.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                if pretty { bytes.append(UInt8(ascii: " ")) }
                member.value.write(to: &bytes, pretty: pretty, depth: depth + 1)
            }
        }
    }

    private func writeContainer<Element>(
        _ open: UInt8, _ close: UInt8, _ elements: [Element], to bytes: inout [UInt8], pretty: Bool, depth: Int,
        element: (Element, inout [UInt8]) -> Void
    ) {
        bytes.append(open)
        guard !elements.isEmpty else { return bytes.append(close) }
        for (index, value) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            if pretty { Self.newline(indent: depth + 1, to: &bytes) }
            element(value, &bytes)
        }
        if pretty { Self.newline(indent: depth, to: &bytes) }
        bytes.append(close)
    }

    private static func newline(indent: Int, to bytes: inout [UInt8]) {
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    private static func raw(_ text: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `"text"` with `"`, `\` and control characters escaped (RFC 8259 §7); the rest as is.
    static func writeString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw(#"\""#, to: &bytes)
            case UInt8(ascii: "\\"): raw(#"\\"#, to: &bytes)
            case 0x0A: raw(#"\n"#, to: &bytes)
            case 0x0D: raw(#"\r"#, to: &bytes)
            case 0x09: raw(#"\t"#, to: &bytes)
            case 0..<0x20:
                raw(#"\u00"#, to: &bytes)
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
