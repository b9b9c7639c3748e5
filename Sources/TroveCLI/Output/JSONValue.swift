/// A JSON value whose objects keep their keys in the order written, so output is stable and
/// reads in a sensible order (`id` and `title` first), serialized by hand.
///
/// ```swift
/// JSONValue.object([("id", 3), ("title", "Say \"hi\"")]).serialized()
/// // {"id":3,"title":"Say \"hi\""}
/// ```
enum JSONValue: Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([Member])

    struct Member: Hashable {
        var key: String
        var value: JSONValue
    }

    static func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(members.map { Member(key: $0.key, value: $0.value) })
    }

    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int64) { self = .integer(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }

    /// The value as JSON text: compact on one line, or indented by two spaces per level.
    func serialized(pretty: Bool = false) -> String {
        var output = ""
        write(to: &output, pretty: pretty, depth: 0)
        return output
    }

    private func write(to output: inout String, pretty: Bool, depth: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        // NB: JSON has no NaN or infinity; the rankings never yield them, but null keeps the output valid.
        case .number(let value): output += value.isFinite ? "\(value)" : "null"
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let elements):
            writeContainer("[", "]", elements, to: &output, pretty: pretty, depth: depth) { element, output in
                element.write(to: &output, pretty: pretty, depth: depth + 1)
            }
        case .object(let members):
            writeContainer("{", "}", members, to: &output, pretty: pretty, depth: depth) { member, output in
                JSONValue.writeString(member.key, to: &output)
                output += pretty ? ": " : ":"
                member.value.write(to: &output, pretty: pretty, depth: depth + 1)
            }
        }
    }

    private func writeContainer<Element>(
        _ open: String, _ close: String, _ elements: [Element], to output: inout String, pretty: Bool, depth: Int,
        element: (Element, inout String) -> Void
    ) {
        output += open
        guard !elements.isEmpty else { return output += close }
        let inner = pretty ? "\n" + String(repeating: "  ", count: depth + 1) : ""
        for (index, value) in elements.enumerated() {
            if index > 0 { output += "," }
            output += inner
            element(value, &output)
        }
        output += pretty ? "\n" + String(repeating: "  ", count: depth) : ""
        output += close
    }

    /// `"text"` with `"`, `\` and control characters escaped (RFC 8259 §7); the rest as is.
    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{0}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
