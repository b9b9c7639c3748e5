/// Gathers the lines of one CSV record: more than one when a quoted field holds a newline.
///
/// NB: CSV.swift parses the fields, but it reports no positions and stops silently on bad
/// UTF-8. Framing records here keeps our line numbers, our UTF-8 and length checks, and
/// streaming, and lets a stray quote be reported instead of swallowing the rest of the file.
struct CSVRecordFramer {
    struct Record {
        /// The line the record starts on.
        let line: Int
        /// The record's text, lines joined with the line break each ended with, so `\r\n` inside
        /// a quoted field reads back as `\r\n`.
        let text: String
        let isBlank: Bool
    }

    /// Thrown when text follows a closing quote; the reader adds the column's name.
    struct StrayQuote: Error {
        let line: Int
        let fieldIndex: Int
    }

    private enum State { case fieldStart, unquoted, quoted, quoteInQuoted }

    var lines: LineReader
    /// The byte between fields: a comma unless the header says otherwise (see `CSVReminderReader`).
    var delimiter = UInt8(ascii: ",")

    mutating func next() throws -> Record? {
        guard let line = try lines.next() else { return nil }
        let firstLine = line.number
        var bytes = Array(line.bytes)
        var state = State.fieldStart
        var fieldIndex = 0
        var scanFrom = 0
        var endedWithCR = line.endedWithCR
        while true {
            for byte in bytes[scanFrom...] {
                switch (state, byte) {
                case (.fieldStart, UInt8(ascii: "\"")): state = .quoted
                case (.fieldStart, delimiter), (.unquoted, delimiter): fieldIndex += 1; state = .fieldStart
                case (.fieldStart, _), (.unquoted, _): state = .unquoted
                case (.quoted, UInt8(ascii: "\"")): state = .quoteInQuoted
                case (.quoted, _): break
                case (.quoteInQuoted, UInt8(ascii: "\"")): state = .quoted
                case (.quoteInQuoted, delimiter): fieldIndex += 1; state = .fieldStart
                case (.quoteInQuoted, _): throw StrayQuote(line: lines.lineNumber, fieldIndex: fieldIndex)
                }
            }
            guard state == .quoted else { break }
            guard let more = try lines.next() else {
                throw FormatError(
                    line: firstLine,
                    problem: "a quoted field opened on this line is never closed",
                    remedy: "Add the closing double quote; the file may be cut short.")
            }
            if endedWithCR { bytes.append(0x0D) }
            bytes.append(0x0A)
            endedWithCR = more.endedWithCR
            scanFrom = bytes.count
            bytes.append(contentsOf: more.bytes)
            guard bytes.count <= lines.maxLineLength else {
                throw FormatError(
                    line: firstLine, problem: "the record is longer than \(lines.maxLineLength) bytes",
                    remedy: "Check for a quoted field whose closing quote is missing.")
            }
        }
        let blank = bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 }
        return Record(line: firstLine, text: String(decoding: bytes, as: UTF8.self), isBlank: blank)
    }
}
