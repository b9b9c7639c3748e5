import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One sentence, with what to do, for an error number the file system or the kernel gave
/// (through SQLite's `sqlite3_system_errno`, or Foundation): classified by the number, never by
/// its text.
///
/// ```swift
/// SystemErrorSentence.sentence(errno: EMFILE, path: "t.db")
/// // "Trove ran out of file descriptors (the limit is 16; see `ulimit -n`) opening t.db; raise it, e.g. `ulimit -n 1024`, and try again."
/// ```
enum SystemErrorSentence {
    static func sentence(errno code: Int32, path: String) -> String? {
        switch code {
        case EMFILE, ENFILE:
            var limit = rlimit()
            let soft = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 ? " (the limit is \(limit.rlim_cur); see `ulimit -n`)" : ""
            return "Trove ran out of file descriptors\(soft) opening \(path); raise the limit, e.g. `ulimit -n 1024`, and try again."
        case EACCES, EPERM:
            return "Permission denied on \(path); check the permissions of the file and of its folder (or pass another --db)."
        case EROFS:
            return "\(path) is on a read-only file system; copy the database somewhere writable, or pass another --db."
        case ENOSPC, EDQUOT:
            return "The disk holding \(path) is full (or over quota); free some space and try again. Nothing was changed."
        case ENOMEM:
            return "Trove ran out of memory working on \(path); close other programs or raise the memory limit (`ulimit -v`), and try again."
        case EIO:
            return "The disk reported an I/O error on \(path); check the disk, then run `trove check`."
        case ENOTDIR:
            return "A part of \(path) is a file, not a folder; check the path, or pass another --db."
        case ELOOP:
            return "\(path) goes through a loop of symbolic links; check the path, or pass another --db."
        case ENAMETOOLONG:
            return "The path \(path) is too long for the file system; use a shorter one."
        case ENOENT:
            return "\(path), or a folder on its way, does not exist; check the path, or pass another --db."
        default:
            return nil
        }
    }

    /// A short reason for a file-system error number, to end a sentence: `permission denied`.
    static func reason(errno code: Int32) -> String? {
        switch code {
        case EACCES, EPERM: "permission denied"
        case EROFS: "the file system is read-only"
        case ENOSPC, EDQUOT: "the disk is full"
        case ENOTDIR, EEXIST: "a file is in the way where a folder should be"
        case EMFILE, ENFILE: "too many files are open (`ulimit -n`)"
        case ENAMETOOLONG: "the path is too long"
        case ELOOP: "the path loops through symbolic links"
        default: nil
        }
    }

    /// The error number inside a Foundation error (`CocoaError` from `FileManager`, `POSIXError`), if any.
    static func errno(of error: any Error) -> Int32? {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Int32(underlying.code)
        }
        return nil
    }
}
