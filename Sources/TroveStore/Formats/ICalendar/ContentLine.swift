/// One unfolded iCalendar content line: `NAME;PARAM=value:value` (RFC 5545 §3.1).
struct ContentLine {
    /// Uppercased, as names are case-insensitive.
    let name: String
    /// Parameter names uppercased; values with surrounding quotes removed.
    let parameters: [String: String]
    let value: String
    /// The physical line it starts on.
    let line: Int

    /// Splits a line into name, parameters and value, respecting quoted parameter values.
    ///
    /// - Throws: `FormatError` when there is no `:` outside quotes.
    init(_ text: String, line: Int) throws {
        var name = ""
        var parameters: [String: String] = [:]
        var index = text.startIndex
        func fail() -> FormatError {
            FormatError(
                line: line, problem: "not an iCalendar content line: \(FormatError.quote(text))",
                remedy: "Each line must read NAME:value (or NAME;PARAM=x:value), RFC 5545 §3.1; check for a broken fold.")
        }
        while index < text.endIndex, text[index] != ";", text[index] != ":" { index = text.index(after: index) }
        name = String(text[..<index]).uppercased()
        guard !name.isEmpty, index < text.endIndex else { throw fail() }
        while text[index] == ";" {
            index = text.index(after: index)
            let nameStart = index
            while index < text.endIndex, text[index] != "=" { index = text.index(after: index) }
            guard index < text.endIndex else { throw fail() }
            let parameterName = String(text[nameStart..<index]).uppercased()
            index = text.index(after: index)
            var value = ""
            var inQuotes = false
            while index < text.endIndex {
                let character = text[index]
                if character == "\"" {
                    inQuotes.toggle()
                } else if !inQuotes, character == ";" || character == ":" {
                    break
                } else {
                    value.append(character)
                }
                index = text.index(after: index)
            }
            guard index < text.endIndex else { throw fail() }
            parameters[parameterName] = value
        }
        self.name = name
        self.parameters = parameters
        self.value = String(text[text.index(after: index)...])
        self.line = line
    }
}

/// Joins folded lines: a line starting with a space or tab continues the one before (RFC 5545 §3.1).
struct ContentLineUnfolder {
    var lines: LineReader
    /// A copy, not a `LineReader.Line`, so the reader's buffer is never shared while it refills.
    private var pending: (number: Int, bytes: [UInt8])?

    init(lines: LineReader) {
        self.lines = lines
    }

    /// The next logical line and the number of the physical line it starts on; blank lines skipped.
    mutating func next() throws -> (text: String, line: Int)? {
        var number = 0
        var bytes: [UInt8] = []
        repeat {
            if let held = pending {
                (number, bytes) = held
                pending = nil
            } else if let line = try lines.next() {
                (number, bytes) = (line.number, Array(line.bytes))
            } else {
                return nil
            }
        } while bytes.isEmpty
        while let line = try lines.next() {
            guard let lead = line.bytes.first, lead == 0x20 || lead == 0x09 else {
                pending = (line.number, Array(line.bytes))
                break
            }
            bytes.append(contentsOf: line.bytes.dropFirst())
            guard bytes.count <= lines.maxLineLength else {
                throw FormatError(
                    line: number, problem: "the unfolded line is longer than \(lines.maxLineLength) bytes",
                    remedy: "Check that this is an iCalendar file.")
            }
        }
        // NB: checked here, after unfolding: a fold may fall inside a multi-byte character
        // (RFC 5545 §3.1 folds by octets), which makes each physical line invalid on its own.
        let invalid = bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset(in: $0) }
        if let invalid {
            let column = bytes.withUnsafeBufferPointer { UTF8Validation.column(ofOffset: invalid, in: $0) }
            throw FormatError(
                line: number, column: column,
                problem: "the text is not valid UTF-8 (byte 0x\(String(bytes[invalid], radix: 16, uppercase: true)))",
                remedy: "Save the file as UTF-8, which RFC 5545 §3.1 requires, and try again.")
        }
        return (String(decoding: bytes, as: UTF8.self), number)
    }
}
