/// What `ReminderStore.check()` found, each problem said with what to do about it.
///
/// ```swift
/// let report = try await store.check()
/// if !report.isOK { report.messages.forEach { print($0) }; print(report.advice ?? "") }
/// ```
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

    /// A report with these findings; ``ReminderStore/check(lockWait:)`` makes the real ones.
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

    /// Whether the file itself (not only what ``ReminderStore/rebuildIndex()`` recreates) is damaged.
    public var isFileDamaged: Bool {
        !databaseProblems.isEmpty || databaseCheckStopped != nil || schemaProblems.contains { $0.repairedBy == nil }
    }

    /// What to do next, in library terms: ``ReminderStore/rebuildIndex()`` when only derived
    /// objects are wrong; when the file is damaged, save what can be read
    /// (``ReminderStore/exportSalvaging(to:includeCompleted:)``), then restore or import. Nil
    /// when every check passed. (`trove check` prints its own `trove …` advice instead.)
    public var advice: String? {
        if isFileDamaged {
            return "The database file itself is damaged, which `rebuildIndex()` cannot repair. Copy it aside, save every "
                + "reminder that can still be read with `exportSalvaging(to:)`, then restore a backup or import what "
                + "was saved into a new database with `importRecords(_:source:)`."
        }
        if !isOK {
            return "Call `rebuildIndex()` to recreate the search index from the reminders; your reminders themselves are intact."
        }
        return nil
    }

    /// How ``dataProblems`` name the repair, "`rebuildIndex()`", kept in one place so that a
    /// front end can say the same in its own terms (`trove check` says "`trove rebuild`").
    public static let rebuildName = "`rebuildIndex()`"

    /// The advice most ``dataProblems`` end with: "call `rebuildIndex()`".
    public static let rebuildCall = "call \(rebuildName)"

    /// The line ``messages`` starts with when the index was not checked (``indexChecked`` is false).
    public static let indexNotCheckedMessage =
        "search index: not checked, as the store is open read-only. Open it for writing to include it."

    /// Every problem found, one line each; `["ok"]` when there are none.
    public var messages: [String] {
        let skipped = indexChecked ? [] : [Self.indexNotCheckedMessage]
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
