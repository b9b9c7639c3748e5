#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The first 100 bytes of an SQLite file, read with plain `read(2)`, without SQLite: what
/// ``Migrator/status(of:path:)`` would learn from `PRAGMA application_id` and
/// `PRAGMA user_version`, for the common case of a current Trove file.
///
/// ```swift
/// DatabaseHeader(path: "trove.db")?.userVersion   // 6
/// DatabaseHeader(path: "notes.txt")               // nil: not an SQLite file
/// ```
///
/// NB: a connection that only looked (`ReminderStore.open`'s read-only probe) cost ~1.5 ms of
/// every command's start, most of it parsing the schema. The header in the file can be older
/// than the database it stands for (a change to page 1 still in the `-wal`), so only the
/// answer "Trove's, current" is taken from it; anything else is asked of SQLite as before.
/// See https://www.sqlite.org/fileformat.html#the_database_header
struct DatabaseHeader: Hashable, Sendable {
    /// Offset 60: `PRAGMA user_version`, Trove's schema version.
    var userVersion: Int32
    /// Offset 68: `PRAGMA application_id`.
    var applicationID: Int32

    /// The header of the regular file at `path`; nil when it cannot be read or is not SQLite's.
    ///
    /// NB: anything but a regular file (a FIFO would block the read for ever) is left to the
    /// checks that say what is wrong with it.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size >= 100 else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 100)
        let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 100, 0) }
        guard count == 100, bytes.starts(with: Array("SQLite format 3\0".utf8)) else { return nil }
        func bigEndian(at offset: Int) -> Int32 {
            Int32(bitPattern: bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) })
        }
        userVersion = bigEndian(at: 60)
        applicationID = bigEndian(at: 68)
    }

    /// Whether the file says it is Trove's at `migrator`'s latest version.
    func isCurrent(for migrator: Migrator) -> Bool {
        applicationID == Migrator.applicationID && Int(userVersion) == migrator.latestVersion
    }
}
