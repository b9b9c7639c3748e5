public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A database that could not be opened, with what went wrong and what to do about it.
///
/// ```swift
/// do { _ = try SQLConnection(path: "/nowhere/trove.db") } catch let error as OpenError {
///     error.kind  // .missingDirectory
///     "\(error)"  // cannot open the database at /nowhere/trove.db: the folder /nowhere does not
///                 // exist; create the folder, or open a path in one that exists
/// }
/// ```
///
/// See https://www.sqlite.org/c3ref/open.html
public struct OpenError: Error, Sendable, CustomStringConvertible {
    /// Why the database could not be opened; classify by this, never by the message.
    public enum Kind: Sendable, Hashable {
        /// The folder that should hold the file does not exist.
        case missingDirectory
        /// The path names a folder.
        case isDirectory
        /// The path names something that is neither a file nor a folder: a FIFO, a device or a
        /// socket. SQLite would block reading a FIFO for ever, or write into the device.
        case notARegularFile
        /// Opening read-only, and there is no file.
        case fileNotFound
        /// The file is not a SQLite database, or is encrypted or corrupt (`SQLITE_NOTADB`, `SQLITE_CORRUPT`).
        case notADatabase
        /// Writing is needed but the file (or its folder) is read-only.
        case readOnly
        /// Another connection held a lock for longer than the busy timeout.
        case locked
        /// The linked SQLite was built without FTS5.
        case fts5Unavailable
        /// Anything else SQLite refused; see `underlying`.
        case cannotOpen
    }

    /// What went wrong.
    public var kind: Kind
    /// The path as given.
    public var path: String
    /// SQLite's error, when SQLite reported one.
    public var underlying: SQLiteError?

    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - path: The path as given.
    ///   - underlying: SQLite's error, when SQLite reported one.
    public init(_ kind: Kind, path: String, underlying: SQLiteError? = nil) {
        self.kind = kind
        self.path = path
        self.underlying = underlying
    }

    /// What went wrong and what to do, in one sentence: ``problem``, then ``advice``.
    public var description: String {
        problem + "; " + advice
    }

    /// What went wrong, naming the path: `cannot open the database at X: it is a folder, not a file`.
    public var problem: String {
        switch kind {
        case .missingDirectory:
            return "cannot open the database at \(path): the folder \(Self.folder(of: path)) does not exist"
        case .isDirectory:
            return "cannot open the database at \(path): it is a folder, not a file"
        case .notARegularFile:
            return "cannot open the database at \(path): it is \(Self.kindOfFile(at: path)), not a database file"
        case .fileNotFound:
            return "there is no database at \(path) to open read-only"
        case .notADatabase:
            return "\(path) is not a SQLite database (or is encrypted/corrupt)"
        case .readOnly:
            return "cannot write to the database at \(path): the file or its folder is read-only"
        case .locked:
            return "the database at \(path) is locked by another process"
        case .fts5Unavailable:
            return "the linked SQLite \(SQLiteLibrary.version) was built without FTS5, which Trove needs for searching"
        case .cannotOpen:
            let reason = underlying.map { "\($0.message) (\($0.extendedCode.name))" } ?? "unknown reason"
            return "cannot open the database at \(path): \(reason)"
        }
    }

    /// What an app (or its user) can do about it. A command-line tool puts its own advice
    /// in its place, naming its options (`trove` says "pass another --db").
    public var advice: String {
        switch kind {
        case .missingDirectory:
            return "create the folder, or open a path in one that exists"
        case .isDirectory, .notARegularFile:
            return "open the path of a database file"
        case .fileNotFound:
            return "check the path, or open it once for writing to create it"
        case .notADatabase:
            return "check the path, or move it aside"
        case .readOnly:
            return "make the file and its folder writable, or open it with `readOnly: true` to read it"
        case .locked:
            return "try again when it has finished"
        case .fts5Unavailable:
            return "install a SQLite with FTS5 (Debian: libsqlite3-0)"
        case .cannotOpen:
            return "check the path and its permissions "
                + "(a read-only open of a WAL database also needs its -shm file, or a writable folder)"
        }
    }

    /// `a FIFO (named pipe)`, `a character device`, …: what `path` is, for messages.
    static func kindOfFile(at path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "not a regular file" }
        switch info.st_mode & S_IFMT {
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

extension OpenError: LocalizedError {
    /// ``description``, as `localizedDescription` (what an app's alert shows) gives it.
    public var errorDescription: String? { description }
}
