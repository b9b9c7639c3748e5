public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads UTF-8 text one line at a time, in 64 KiB chunks, from a file, standard input or memory.
///
/// Lines split on `\n`; a trailing `\r` is dropped, as is a UTF-8 byte order mark at the start.
/// Every line is checked to be valid UTF-8, and no line may be longer than `maxLineLength`
/// bytes, so a corrupt or hostile file fails with a message instead of exhausting memory.
///
/// ```swift
/// var lines = LineReader(string: "\u{FEFF}one\r\ntwo")
/// try lines.next()?.text  // "one"
/// try lines.next()?.number  // 2
/// ```
public struct LineReader {
    /// One line without its line ending.
    public struct Line {
        /// 1-based.
        public let number: Int
        /// Valid UTF-8 (unless the reader's `validatesUTF8` is off); a view into the reader's
        /// buffer until the next call to `next()`.
        public let bytes: ArraySlice<UInt8>
        /// Whether the line ended with `\r\n` rather than `\n` (or the end of the input), for
        /// formats that keep line breaks inside a value (a quoted CSV field).
        public let endedWithCR: Bool

        /// The line's bytes decoded as UTF-8, without its line ending.
        public var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// 4 MiB: far above any real reminder, far below trouble.
    public static let defaultMaxLineLength = 4 << 20
    static let chunkSize = 64 << 10

    /// The longest line accepted, in bytes; a longer one throws instead of growing without bound.
    public let maxLineLength: Int
    /// The number of the line `next()` returned last.
    public private(set) var lineNumber = 0
    /// Whether each line is checked to be UTF-8. iCalendar turns it off and checks after
    /// unfolding, as a fold may fall inside a multi-byte character.
    public var validatesUTF8 = true

    private let handle: FileHandle?
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    /// Where to resume looking for `\n`; everything in start..<scanned has none.
    private var scanned = 0
    private var atEndOfInput: Bool
    private var checkedBOM = false

    /// Reads from an open file or pipe, such as `FileHandle.standardInput`.
    public init(fileHandle: FileHandle, maxLineLength: Int = defaultMaxLineLength) {
        self.handle = fileHandle
        self.maxLineLength = maxLineLength
        self.buffer = []
        self.atEndOfInput = false
    }

    /// Reads bytes already in memory.
    public init(bytes: some Sequence<UInt8>, maxLineLength: Int = defaultMaxLineLength) {
        self.handle = nil
        self.maxLineLength = maxLineLength
        self.buffer = Array(bytes)
        self.end = buffer.count
        self.atEndOfInput = true
    }

    /// A reader over the lines of `string`.
    public init(string: String, maxLineLength: Int = defaultMaxLineLength) {
        self.init(bytes: string.utf8, maxLineLength: maxLineLength)
    }

    /// Opens a file, or standard input when `path` is `-`.
    ///
    /// - Throws: `FormatError` naming the path and the system's reason when it cannot be opened.
    public init(path: String, maxLineLength: Int = defaultMaxLineLength) throws {
        if path == "-" {
            self.init(fileHandle: .standardInput, maxLineLength: maxLineLength)
            return
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw FormatError(
                file: path, problem: "cannot open the file: \(String(cString: strerror(errno)))",
                remedy: "Check the path and that you may read it, or pass - to read standard input.")
        }
        self.init(
            fileHandle: FileHandle(fileDescriptor: descriptor, closeOnDealloc: true),
            maxLineLength: maxLineLength)
    }

    /// The next line, or nil at the end of the input.
    ///
    /// - Throws: `FormatError` for a line that is not UTF-8, a line over `maxLineLength`,
    ///   or a read error.
    public mutating func next() throws -> Line? {
        if !checkedBOM {
            try fill(atLeast: 3)
            checkedBOM = true
            if end - start >= 3, buffer[start] == 0xEF, buffer[start + 1] == 0xBB, buffer[start + 2] == 0xBF {
                start += 3
                scanned = start
            }
        }
        while true {
            if let newline = findNewline() {
                return try emit(upTo: newline, consuming: newline + 1)
            }
            if end - start > maxLineLength { throw tooLong() }
            if atEndOfInput {
                guard start < end else { return nil }
                return try emit(upTo: end, consuming: end)
            }
            try fill(atLeast: end - start + 1)
        }
    }

    private mutating func findNewline() -> Int? {
        guard scanned < end else { return nil }
        let found = buffer.withUnsafeBufferPointer { buffer -> Int? in
            let base = buffer.baseAddress! + scanned
            guard let hit = memchr(base, 0x0A, end - scanned) else { return nil }
            return scanned + (UnsafeRawPointer(hit) - UnsafeRawPointer(base))
        }
        scanned = found ?? end
        return found
    }

    private mutating func emit(upTo lineEnd: Int, consuming next: Int) throws -> Line {
        var contentEnd = lineEnd
        var endedWithCR = false
        if contentEnd > start, buffer[contentEnd - 1] == 0x0D, lineEnd < next {
            contentEnd -= 1
            endedWithCR = true
        } else if contentEnd > start, buffer[contentEnd - 1] == 0x0D {
            contentEnd -= 1
        }
        guard contentEnd - start <= maxLineLength else { throw tooLong() }
        lineNumber += 1
        let lineStart = start
        let invalid = !validatesUTF8 ? nil : buffer.withUnsafeBufferPointer { buffer in
            UTF8Validation.firstInvalidOffset(in: UnsafeBufferPointer(rebasing: buffer[lineStart..<contentEnd]))
        }
        if let invalid {
            let column = buffer.withUnsafeBufferPointer {
                UTF8Validation.column(ofOffset: invalid, in: UnsafeBufferPointer(rebasing: $0[lineStart..<contentEnd]))
            }
            let byte = String(buffer[lineStart + invalid], radix: 16, uppercase: true)
            throw FormatError(
                line: lineNumber, column: column,
                problem: "the text is not valid UTF-8 (byte 0x\(byte))",
                remedy: "Save the file as UTF-8 (most editors offer this under Save As or Encoding) and try again.")
        }
        start = next
        scanned = next
        return Line(number: lineNumber, bytes: buffer[lineStart..<contentEnd], endedWithCR: endedWithCR)
    }

    private func tooLong() -> FormatError {
        FormatError(
            line: lineNumber + 1,
            problem: "the line is longer than \(maxLineLength) bytes",
            remedy: "Check that this is a text file in the expected format; split very long notes.")
    }

    /// Reads until at least `count` bytes are buffered past `start`, or the input ends.
    private mutating func fill(atLeast count: Int) throws {
        guard let handle else { return }
        while end - start < count, !atEndOfInput {
            if start > 0, start == end {
                start = 0
                end = 0
                scanned = 0
            } else if start > 0, buffer.count - end < Self.chunkSize {
                // NB: slide the partial line down rather than grow, so the buffer stays near one line + one chunk.
                let kept = end - start
                buffer.withUnsafeMutableBufferPointer { buffer in
                    let base = buffer.baseAddress!
                    base.update(from: base + start, count: kept)
                }
                scanned -= start
                start = 0
                end = kept
            }
            if buffer.count - end < Self.chunkSize {
                buffer.append(contentsOf: repeatElement(0, count: Self.chunkSize - (buffer.count - end)))
            }
            let got = try buffer.withUnsafeMutableBufferPointer { buffer in
                try Self.read(handle.fileDescriptor, into: buffer.baseAddress! + end, count: Self.chunkSize)
            }
            if got == 0 { atEndOfInput = true } else { end += got }
        }
    }

    private static func read(_ descriptor: Int32, into pointer: UnsafeMutablePointer<UInt8>, count: Int) throws -> Int {
        while true {
            #if canImport(Glibc)
            let got = Glibc.read(descriptor, pointer, count)
            #else
            let got = Darwin.read(descriptor, pointer, count)
            #endif
            if got >= 0 { return got }
            if errno == EINTR { continue }
            throw FormatError(
                problem: "reading failed: \(String(cString: strerror(errno)))",
                remedy: "Check that the file is still there and readable, then try again.")
        }
    }
}
