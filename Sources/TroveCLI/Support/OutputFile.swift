import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `trove export -o PATH` writes.
///
/// A new path, or a regular file, is written to a temporary file beside it and renamed over it
/// when complete, so an interrupted export never leaves half a file under the real name (a
/// symbolic link to a regular file stays a link: its target is replaced). Anything else that
/// exists (a device such as `/dev/null`, a FIFO, a socket, `/dev/stdout`, or a link to one) is
/// opened and written in place, never renamed over: before issue 15, `trove export -o
/// /dev/null` run as root replaced the machine's `/dev/null` with a regular file.
///
/// ```swift
/// let output = try OutputFile.open("backup.jsonl")   // writes .backup.jsonl.trove-1234, then renames
/// try write(to: output.handle)
/// try output.commit()
/// ```
struct OutputFile {
    enum Mode: Equatable {
        /// Written to `temporary`, renamed over `target` on commit.
        case replace(temporary: String, target: String)
        /// Written where it is.
        case inPlace
    }

    let path: String
    let handle: FileHandle
    let mode: Mode

    /// Opens `path` for an export, as described above.
    ///
    /// - Throws: `CLIError.cannotWrite` with the reason (a folder, a missing folder,
    ///   permissions, a full disk, the descriptor limit).
    static func open(_ path: String) throws -> OutputFile {
        var info = stat()
        let exists = lstat(path, &info) == 0
        var followed = stat()
        let resolves = exists && stat(path, &followed) == 0
        if resolves, (followed.st_mode & S_IFMT) == S_IFDIR {
            throw CLIError.cannotWrite(path: path, reason: "it is a folder; give a file name")
        }
        let isSpecialPath = path.hasPrefix("/dev/") || path.hasPrefix("/proc/")
        if resolves, (followed.st_mode & S_IFMT) != S_IFREG || isSpecialPath {
            let flags = O_WRONLY | O_NOCTTY | ((followed.st_mode & S_IFMT) == S_IFREG ? O_TRUNC : 0)
            let descriptor = Glibc.open(path, flags)
            guard descriptor >= 0 else { throw cannotWrite(path, errno) }
            return OutputFile(path: path, handle: FileHandle(fileDescriptor: descriptor, closeOnDealloc: true), mode: .inPlace)
        }
        // NB: a link to a regular file: replace the file it points to, and keep the link.
        let target = exists && (info.st_mode & S_IFMT) == S_IFLNK ? (realpathString(path) ?? path) : path
        // NB: split by hand: NSString's deletingLastPathComponent traps on a one-character path
        // ("a", "-") in swift-corelibs-foundation; the argv fuzz test found `export -o -` crash.
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        let temporary = folder + ".\(name).trove-\(getpid())"
        // NB: the new file takes the old one's permissions, so a private (0600) backup stays private.
        let permissions = resolves ? followed.st_mode & 0o7777 : 0o666
        let descriptor = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOCTTY, mode_t(permissions))
        guard descriptor >= 0 else { throw cannotWrite(path, errno) }
        if resolves { fchmod(descriptor, permissions) }
        return OutputFile(
            path: path, handle: FileHandle(fileDescriptor: descriptor, closeOnDealloc: true),
            mode: .replace(temporary: temporary, target: target))
    }

    /// Closes the file and, for a replaced one, renames it into place.
    func commit() throws {
        try handle.synchronizeIfRegular()
        try handle.close()
        guard case .replace(let temporary, let target) = mode else { return }
        guard rename(temporary, target) == 0 else {
            let code = errno
            unlink(temporary)
            throw Self.cannotWrite(path, code)
        }
    }

    /// Removes the temporary file of an export that failed.
    func discard() {
        try? handle.close()
        if case .replace(let temporary, _) = mode { unlink(temporary) }
    }

    private static func cannotWrite(_ path: String, _ code: Int32) -> CLIError {
        let reason: String = switch code {
        case ENOENT: "the folder does not exist"
        case EACCES, EPERM: "permission denied; check the folder's and the file's permissions"
        case EROFS: "the file system is read-only"
        case ENOSPC, EDQUOT: "the disk is full"
        case EMFILE, ENFILE: "too many files are open; raise the limit (`ulimit -n`)"
        case ENOTDIR: "a part of the path is not a folder"
        case ENXIO: "nothing is reading from it (a FIFO or socket with no reader)"
        default: String(cString: strerror(code))
        }
        return CLIError.cannotWrite(path: path, reason: reason)
    }

    private static func realpathString(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension FileHandle {
    /// `fsync` for a regular file, so a renamed export is on disk before the rename; nothing for
    /// a device, FIFO or terminal.
    func synchronizeIfRegular() throws {
        var info = stat()
        guard fstat(fileDescriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        try synchronize()
    }
}
