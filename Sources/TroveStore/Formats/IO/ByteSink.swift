public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a writer's bytes go: a file, standard output, or memory (for tests and previews).
///
/// Output is buffered and written in 64 KiB blocks; call `flush()` (writers' `finish()` does)
/// before closing the file.
///
/// ```swift
/// let sink = ByteSink()
/// var writer = ReminderFormat.jsonl.makeWriter(sink)
/// try writer.write(ReminderRecord(title: "Buy milk"))
/// try writer.finish()
/// sink.text  // {"title":"Buy milk","notes":"",…}\n
/// ```
public final class ByteSink {
    private let handle: FileHandle?
    private(set) var buffer: [UInt8] = []
    static let blockSize = 64 << 10

    /// Collects the bytes in memory; read them with `bytes` or `text`.
    public init() {
        self.handle = nil
    }

    /// Writes to an open file or pipe, such as `FileHandle.standardOutput`.
    public init(fileHandle: FileHandle) {
        self.handle = fileHandle
        buffer.reserveCapacity(Self.blockSize + 4096)
    }

    /// The bytes written so far (memory sinks only; a file sink holds just its unflushed tail).
    public var bytes: [UInt8] { buffer }
    /// The bytes written so far, decoded as UTF-8 (memory sinks; for tests and `--format` output to a string).
    public var text: String { String(decoding: buffer, as: UTF8.self) }

    func append(_ byte: UInt8) {
        buffer.append(byte)
    }

    func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Writes the buffer out once it holds a full block; writers call this after each record.
    func flushIfFull() throws {
        if handle != nil, buffer.count >= Self.blockSize { try flush() }
    }

    /// Writes out everything buffered.
    ///
    /// - Throws: `FormatError` with the system's reason, such as a full disk.
    public func flush() throws {
        guard let handle, !buffer.isEmpty else { return }
        let descriptor = handle.fileDescriptor
        var written = 0
        try buffer.withUnsafeBufferPointer { bytes in
            while written < bytes.count {
                let result = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    throw FormatError(
                        problem: "writing the export failed: \(String(cString: strerror(errno)))",
                        remedy: "Check there is free space and the destination is writable, then export again.")
                }
                written += result
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
