import Foundation

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
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
        return DatabaseLocation(path: dataHome + "/trove/trove.db", isDefault: true)
    }

    static func expandTilde(_ path: String) -> String {
        path.hasPrefix("~/") ? NSHomeDirectory() + path.dropFirst() : path
    }

    var exists: Bool { FileManager.default.fileExists(atPath: path) }

    /// Creates the default folder before the first write.
    func prepareForWriting() throws {
        guard isDefault else { return }
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
}
