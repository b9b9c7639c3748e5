import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `trove` keeps its database: `--db PATH`, else `$TROVE_DB`, else
/// `$XDG_DATA_HOME/trove/trove.db`, else `~/.local/share/trove/trove.db`.
struct DatabaseLocation: Equatable {
    var path: String
    /// True for the XDG default, whose folder `trove` may create on the first write. A folder
    /// named with --db or TROVE_DB is never created: a typo there should be an error.
    var isDefault: Bool

    static func resolve(flag: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> DatabaseLocation {
        if let flag, !flag.isEmpty { return DatabaseLocation(path: expandTilde(flag), isDefault: false) }
        if let variable = environment["TROVE_DB"], !variable.isEmpty {
            return DatabaseLocation(path: expandTilde(variable), isDefault: false)
        }
        // NB: the XDG Base Directory spec: an empty or relative XDG_DATA_HOME is invalid and
        // ignored (a relative one used to put the database under whatever folder trove ran in).
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
        return DatabaseLocation(path: dataHome + "/trove/trove.db", isDefault: true)
    }

    static func expandTilde(_ path: String) -> String {
        path.hasPrefix("~/") ? NSHomeDirectory() + path.dropFirst() : path
    }

    var exists: Bool { FileManager.default.fileExists(atPath: path) }

    /// Creates the default folder before the first write.
    ///
    /// - Throws: `CLIError.cannotCreateFolder` with the reason (a file in the way, permissions,
    ///   a read-only or full disk).
    func prepareForWriting() throws {
        guard isDefault else { return }
        // NB: never NSString's deletingLastPathComponent, which traps on a one-character path.
        let folder = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        if let code = Self.makeFolders(folder) {
            let reason = SystemErrorSentence.reason(errno: code) ?? String(cString: strerror(code))
            throw CLIError.cannotCreateFolder(path: folder, reason: reason)
        }
    }

    /// `mkdir -p` with mode 0700 (as the XDG spec asks for folders it creates); the error
    /// number of the step that failed, or nil.
    static func makeFolders(_ folder: String) -> Int32? {
        var prefix = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) == 0 { continue }
            let code = errno
            var info = stat()
            if code == EEXIST, stat(prefix, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { continue }
            return code == EEXIST ? ENOTDIR : code
        }
        return nil
    }
}
