/// What `ReminderStore.check()` found, each problem said with what to do about it.
public struct CheckReport: Hashable, Sendable {
    /// What `PRAGMA integrity_check` said, without its lone "ok".
    public var databaseProblems: [String]
    /// Set when the file is damaged where SQLite's own check (or the schema) is read, so that
    /// the check itself stopped: what SQLite said.
    public var databaseCheckStopped: String?
    /// How the schema differs from this Trove's (``SchemaDefinition``): missing or redefined
    /// objects, index options, FTS5 settings.
    public var schemaProblems: [SchemaDefinition.Problem]
    /// What FTS5's `integrity-check` said, empty when the index matches the reminders.
    public var indexProblems: [String]
    /// Rows whose stored copies disagree: `reminders.tags` against `reminder_tags` (or left
    /// marked in `tag_text_written`, schema 5), or uids that are missing or shared.
    public var dataProblems: [String]
    /// False when the index could not be checked: FTS5 spells its check as an INSERT, which a
    /// store opened read-only may not run.
    public var indexChecked: Bool
    /// True when another process held the write lock for the whole wait, so FTS5's check,
    /// which needs it, did not run; the rest did.
    public var indexLocked: Bool

    public init(
        databaseProblems: [String], indexProblems: [String], indexChecked: Bool = true,
        databaseCheckStopped: String? = nil, schemaProblems: [SchemaDefinition.Problem] = [], dataProblems: [String] = [],
        indexLocked: Bool = false
    ) {
        self.databaseProblems = databaseProblems
        self.dataProblems = dataProblems
        self.indexProblems = indexProblems
        self.indexChecked = indexChecked
        self.databaseCheckStopped = databaseCheckStopped
        self.schemaProblems = schemaProblems
        self.indexLocked = indexLocked
    }

    /// Whether every check that ran passed.
    public var isOK: Bool {
        databaseProblems.isEmpty && databaseCheckStopped == nil && schemaProblems.isEmpty && dataProblems.isEmpty
            && indexProblems.isEmpty
    }

    /// Whether the file itself (not only what `trove rebuild` recreates) is damaged.
    public var isFileDamaged: Bool {
        !databaseProblems.isEmpty || databaseCheckStopped != nil || schemaProblems.contains { $0.repairedBy == nil }
    }

    /// What to do next: `trove rebuild` when only derived objects are wrong; when the file is
    /// damaged, save what can be read, then restore or import.
    public var advice: String? {
        if isFileDamaged {
            return "The database file itself is damaged, which `trove rebuild` cannot repair. Copy it aside, save every "
                + "reminder that can still be read with `trove export --salvage -o rescue.jsonl`, then restore a backup "
                + "or import rescue.jsonl into a new database (`trove import rescue.jsonl --db new.db`)."
        }
        if !isOK {
            return "Run `trove rebuild` to recreate the search index from the reminders; your reminders themselves are intact."
        }
        return nil
    }

    /// Every problem found, one line each; `["ok"]` when there are none.
    public var messages: [String] {
        let skipped = indexChecked ? [] : [
            "search index: not checked, as the store is open read-only. Run the check without --read-only to include it.",
        ]
        guard !isOK else { return skipped.isEmpty ? ["ok"] : skipped }
        var lines = skipped
        if let stopped = databaseCheckStopped {
            lines.append("database: damaged so that SQLite's own check stopped (\(stopped)).")
        }
        lines += databaseProblems.prefix(20).map { "database: \($0)." }
        if databaseProblems.count > 20 { lines.append("database: … and \(databaseProblems.count - 20) more.") }
        lines += schemaProblems.map { "schema: \($0)." }
        lines += dataProblems.map { "reminders: \($0)." }
        lines += indexProblems.map { "search index: \($0)." }
        return lines
    }
}
