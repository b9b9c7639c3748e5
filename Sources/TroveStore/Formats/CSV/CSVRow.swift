import CSV
import Foundation

/// One CSV row as bytes, written by CSV.swift: RFC 4180 quoting (a field holding `,`, `"`, CR
/// or LF is quoted, `"` doubled) and a CRLF line end. Every CSV Trove writes goes through it:
/// `trove export --format csv` and `trove search --format csv`.
///
/// ```swift
/// String(decoding: try CSVRow.bytes(["Buy milk", "dairy,shop", ""]), as: UTF8.self)
/// // Buy milk,"dairy,shop",\r\n
/// ```
public enum CSVRow {
    /// - Throws: CSV.swift's error, which writing to memory does not raise in practice.
    public static func bytes(_ cells: [String]) throws -> [UInt8] {
        // NB: one CSV.swift writer per row, into memory, because it writes to an `OutputStream`
        // a byte at a time; callers do the buffered file I/O.
        let stream = OutputStream(toMemory: ())
        let writer = try CSVWriter(stream: stream)
        try writer.write(row: cells)
        let data = withExtendedLifetime(writer) {
            stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
        }
        return Array(data) + [0x0D, 0x0A]
    }
}
