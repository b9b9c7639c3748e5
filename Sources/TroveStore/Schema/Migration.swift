/// One numbered step of the schema, from `schema/NNN_name.sql`.
///
/// The files in `schema/` are the single source: they are embedded into the binary at build
/// time (see `Plugins/EmbedResources`), so `trove` migrates from any working directory.
public struct Migration: Hashable, Sendable {
    /// The number in the file name; the database's `PRAGMA user_version` after applying it.
    public var version: Int
    /// The rest of the file name, e.g. `initial`.
    public var name: String
    /// The SQL, run as one script inside the migration transaction.
    public var sql: String

    /// A migration written in code; tests use this to inject steps.
    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }

    /// Every migration embedded from `schema/`, in version order.
    public static let all: [Migration] = EmbeddedResources.files.compactMap { file in
        guard file.path.hasPrefix("schema/"), file.path.hasSuffix(".sql") else { return nil }
        let stem = file.path.dropFirst("schema/".count).dropLast(".sql".count)
        guard let underscore = stem.firstIndex(of: "_"), let version = Int(stem[..<underscore]) else {
            return nil
        }
        return Migration(version: version, name: String(stem[stem.index(after: underscore)...]), sql: file.text)
    }.sorted { $0.version < $1.version }

    /// The schema version this build of Trove writes.
    public static var latestVersion: Int { all.last?.version ?? 0 }
}
