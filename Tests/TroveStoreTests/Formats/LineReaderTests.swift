import Foundation
import Testing
import TroveStore

@Suite struct LineReaderTests {
    private func lines(_ reader: LineReader) throws -> [(Int, String)] {
        var reader = reader
        var result: [(Int, String)] = []
        while let line = try reader.next() { result.append((line.number, line.text)) }
        return result
    }

    @Test(arguments: [
        ("a\nb\nc", ["a", "b", "c"]),
        ("a\nb\n", ["a", "b"]),
        ("a\r\nb\r\n", ["a", "b"]),
        ("\u{FEFF}a\nb", ["a", "b"]),
        ("a\n\nb", ["a", "", "b"]),
        ("a\rb\n", ["a\rb"]),
        ("", []),
        ("\u{FEFF}", []),
        ("x\u{FEFF}", ["x\u{FEFF}"]),
    ])
    func splitsOnNewlineDroppingCarriageReturnAndLeadingBOM(input: String, expected: [String]) throws {
        let read = try lines(LineReader(string: input))
        #expect(read.map(\.1) == expected)
        #expect(read.map(\.0) == (0..<expected.count).map { $0 + 1 })
    }

    @Test(arguments: [
        ([0x61, 0x0A, 0x62, 0xFF, 0x0A] as [UInt8], 2, 2),  // 0xFF never appears in UTF-8
        ([0xC0, 0x80], 1, 1),  // overlong NUL
        ([0x61, 0x62, 0xED, 0xA0, 0x80], 1, 3),  // UTF-16 surrogate encoded
        ([0x61, 0xE2, 0x82], 1, 2),  // cut off in the middle of "€"
        ([0xF4, 0x90, 0x80, 0x80], 1, 1),  // past U+10FFFF
    ])
    func rejectsInvalidUTF8NamingLineAndColumn(bytes: [UInt8], line: Int, column: Int) {
        var reader = LineReader(bytes: bytes)
        #expect {
            while try reader.next() != nil {}
        } throws: { error in
            let error = error as! FormatError
            return error.line == line && error.column == column && error.description.contains("not valid UTF-8")
        }
    }

    @Test func acceptsValidMultibyteText() throws {
        let text = "é € 😀 𝄞 日本 – ok"
        #expect(try lines(LineReader(string: text)).map(\.1) == [text])
    }

    @Test func rejectsATenMegabyteLineInsteadOfBufferingIt() throws {
        let huge = [UInt8](repeating: UInt8(ascii: "a"), count: 10_000_000)
        var reader = LineReader(bytes: Array("ok\n".utf8) + huge + [0x0A])
        #expect(try reader.next()?.text == "ok")
        #expect {
            _ = try reader.next()
        } throws: { error in
            let error = error as! FormatError
            return error.line == 2 && error.description.contains("longer than \(LineReader.defaultMaxLineLength) bytes")
        }
    }

    @Test func stopsReadingAFileOnceALineExceedsTheLimit() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trove-long-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(repeating: UInt8(ascii: "a"), count: 300_000).write(to: url)
        var reader = try LineReader(path: url.path, maxLineLength: 1000)
        #expect(throws: FormatError.self) { _ = try reader.next() }
    }

    @Test func readsAFileLargerThanOneChunkWithLinesAcrossChunkBoundaries() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trove-lines-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: url) }
        // 7-byte and 3-byte characters make lines of odd lengths, so some straddle each 64 KiB boundary.
        let expected = (1...30_000).map { "line \($0) é€" + String(repeating: "x", count: $0 % 17) }
        try Data(("\u{FEFF}" + expected.joined(separator: "\r\n") + "\r\n").utf8).write(to: url)
        let read = try lines(LineReader(path: url.path))
        #expect(read.map(\.1) == expected)
        #expect(read.last?.0 == 30_000)
    }

    @Test func readsAPipeLikeStandardInput() throws {
        let pipe = Pipe()
        let payload = Data((0..<20_000).map { "row \($0)\n" }.joined().utf8)
        let writer = Thread {
            pipe.fileHandleForWriting.write(payload)
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let read = try lines(LineReader(fileHandle: pipe.fileHandleForReading))
        #expect(read.count == 20_000)
        #expect(read.last?.1 == "row 19999")
    }

    @Test func namesTheFileAndReasonWhenItCannotBeOpened() {
        #expect {
            _ = try LineReader(path: "/nonexistent/trove/tasks.jsonl")
        } throws: { error in
            let description = String(describing: error)
            return description.contains("/nonexistent/trove/tasks.jsonl") && description.contains("No such file")
        }
    }
}
