/// What `ReminderStore.check()` found.
public struct CheckReport: Hashable, Sendable {
    /// What `PRAGMA integrity_check` said, without its lone "ok".
    public var databaseProblems: [String]
    /// What FTS5's `integrity-check` said, empty when the index matches the reminders.
    public var indexProblems: [String]
    /// Rows whose stored copies disagree: `reminders.tags` against `reminder_tags`, or uids
    /// that are missing or shared.
    public var dataProblems: [String]
    /// False when the index could not be checked: FTS5 spells its check as an INSERT, which a
    /// store opened read-only may not run.
    public var indexChecked: Bool

    public init(databaseProblems: [String], indexProblems: [String], dataProblems: [String] = [], indexChecked: Bool = true) {
        self.databaseProblems = databaseProblems
        self.dataProblems = dataProblems
        self.indexProblems = indexProblems
        self.indexChecked = indexChecked
    }

    /// Whether every check passed.
    public var isOK: Bool { databaseProblems.isEmpty && indexProblems.isEmpty && dataProblems.isEmpty }

    /// Every problem, each with what to do; `["ok"]` when there are none.
    public var messages: [String] {
        let skipped = indexChecked ? [] : [
            "search index: not checked, as the store is open read-only. Run the check without --read-only to include it.",
        ]
        guard !isOK else { return skipped.isEmpty ? ["ok"] : skipped }
        return skipped + databaseProblems.map { "database: \($0). Restore a backup or export what can be read." }
            + indexProblems.map { "search index: \($0). Run `trove rebuild` to rebuild it from the reminders." }
            + dataProblems.map { "reminders: \($0)." }
    }
}
