import Testing

/// An independent recursive-descent check of the FTS5 subset `FTS5Expression` promises to emit.
///
/// ```
/// top     := "{" name (" " name)* "} : (" expr ")" | expr
/// expr    := operand (" " op " " operand)*      one op per level; NOT at most once (it is binary)
/// operand := string ["*"] | "(" expr ")"
/// string  := '"' (char | '""')+ '"'             no control characters; at least one letter or digit
/// ```
enum FTS5SubsetValidator {
    static let columns: Set<String> = ["title", "notes", "tags"]

    /// nil when `expression` is in the subset, else what is wrong and where.
    static func problem(in expression: String) -> String? {
        var reader = Reader(Array(expression.unicodeScalars))
        do throws(Failure) {
            try reader.top()
            guard reader.atEnd else { throw Failure("trailing text", reader.position) }
            return nil
        } catch {
            return "\(error.message) at scalar \(error.position)"
        }
    }

    struct Failure: Error {
        let message: String
        let position: Int
        init(_ message: String, _ position: Int) {
            self.message = message
            self.position = position
        }
    }

    struct Reader {
        let scalars: [Unicode.Scalar]
        var position = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var atEnd: Bool { position == scalars.count }

        func peek(_ literal: String) -> Bool {
            let wanted = Array(literal.unicodeScalars)
            return position + wanted.count <= scalars.count && Array(scalars[position..<position + wanted.count]) == wanted
        }

        mutating func expect(_ literal: String) throws(Failure) {
            guard peek(literal) else { throw Failure("expected \(literal.debugDescription)", position) }
            position += literal.unicodeScalars.count
        }

        mutating func top() throws(Failure) {
            if peek("{") {
                position += 1
                var names: [String] = []
                var name = ""
                while !atEnd, scalars[position] != "}" {
                    if scalars[position] == " " {
                        names.append(name)
                        name = ""
                    } else {
                        name.unicodeScalars.append(scalars[position])
                    }
                    position += 1
                }
                names.append(name)
                guard !names.isEmpty, names.allSatisfy(FTS5SubsetValidator.columns.contains),
                    Set(names).count == names.count
                else { throw Failure("bad column list \(names)", position) }
                try expect("} : (")
                try expr()
                try expect(")")
            } else {
                try expr()
            }
        }

        mutating func expr() throws(Failure) {
            try operand()
            var op: String?
            var count = 0
            while peek(" ") {
                position += 1
                let found = ["AND", "OR", "NOT"].first { peek($0 + " ") }
                guard let found else { throw Failure("expected an operator", position) }
                guard op == nil || op == found else { throw Failure("mixed operators without parentheses", position) }
                op = found
                count += 1
                guard found != "NOT" || count == 1 else { throw Failure("chained NOT", position) }
                position += found.count + 1
                try operand()
            }
        }

        mutating func operand() throws(Failure) {
            guard !atEnd else { throw Failure("expected an operand", position) }
            if scalars[position] == "(" {
                position += 1
                try expr()
                try expect(")")
            } else {
                try string()
                if peek("*") { position += 1 }
            }
        }

        mutating func string() throws(Failure) {
            try expect("\"")
            var content: [Unicode.Scalar] = []
            while true {
                guard !atEnd else { throw Failure("unterminated string", position) }
                let scalar = scalars[position]
                position += 1
                if scalar == "\"" {
                    guard peek("\"") else { break }
                    position += 1
                }
                guard scalar.properties.generalCategory != .control else { throw Failure("control character", position) }
                content.append(scalar)
            }
            guard content.contains(where: Self.isLetterOrDigit) else {
                throw Failure("string with nothing FTS5 can search", position)
            }
        }

        static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
            case .decimalNumber, .letterNumber, .otherNumber, .privateUse: true
            default: false
            }
        }
    }
}

@Suite struct FTS5SubsetValidatorTests {
    @Test(arguments: [
        #""a""#, #""a"*"#, #""a" AND "b""#, #"("a" OR "b") AND "c""#, #""a" NOT ("b" OR "c")"#,
        #"{title notes} : ("a" NOT "b")"#, #""say ""hi""""#,
    ])
    func acceptsWhatTheRendererEmits(_ expression: String) {
        #expect(FTS5SubsetValidator.problem(in: expression) == nil)
    }

    @Test(arguments: [
        "", #""""#, #""🎉""#, "a", #""a"**"#, #"*"a""#, #""a" AND"#, #"AND "a""#, #""a" AND "b" OR "c""#,
        #""a" NOT "b" NOT "c""#, #"("a""#, #""a")"#, #""a"b""#, #"{body} : ("a")"#, #"{title} : "a""#, "\"a\u{0}\"",
        #""a" "b""#, #""a"  AND "b""#,
    ])
    func rejectsWhatFTS5WouldMisreadOrRefuse(_ expression: String) {
        #expect(FTS5SubsetValidator.problem(in: expression) != nil)
    }
}
