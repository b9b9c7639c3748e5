/// What `ReminderStore.check()` found.
public struct CheckReport: Hashable, Sendable {
    /// What `PRAGMA integrity_check` said, without its lone "ok".
    public var databaseProblems: [String]
    /// What FTS5's `integrity-check` said, empty when the index matches the reminders.
    public var indexProblems: [String]

    public init(databaseProblems: [String], indexProblems: [String]) {
        self.databaseProblems = databaseProblems
        self.indexProblems = indexProblems
    }

    /// Whether both checks passed.
    public var isOK: Bool { databaseProblems.isEmpty && indexProblems.isEmpty }

    /// Every problem, each with what to do; `["ok"]` when there are none.
    public var messages: [String] {
        guard !isOK else { return ["ok"] }
        return databaseProblems.map { "database: \($0). Restore a backup or export what can be read." }
            + indexProblems.map { "search index: \($0). Run `trove rebuild-index` to rebuild it from the reminders." }
    }
}
