/// What an import did, once it has committed.
public struct ImportSummary: Sendable, Hashable {
    /// Reminders added (new uids, or `--on-conflict duplicate` copies).
    public var imported: Int
    /// Reminders whose uid matched one already stored and whose fields differed: updated in place.
    public var updated: Int
    /// Reminders whose uid matched one already stored with the same fields, or that had no
    /// uid and said the same as a stored reminder (counted again in ``matchedOnContent``).
    public var unchanged: Int
    /// Of ``unchanged``, the records without uid that matched a stored reminder on content.
    public var matchedOnContent = 0
    /// Reminders whose uid matched and that `--on-conflict skip` left alone.
    public var skipped: Int
    /// Completed occurrences of repeating to-dos (iCalendar RECURRENCE-ID) recorded as
    /// completions of their reminder rather than as reminders.
    public var occurrences: Int
    /// Lists the import created, in the order it met them.
    public var listsCreated: [String]
    /// Tags the import created.
    public var tagsCreated: Int
    /// What the reader skipped or could not hold, each said once, such as unknown fields.
    public var warnings: [String]
    /// How long the import took, from the first row read to the commit: reading, writing, and
    /// the indexes and counts made before the commit.
    public var elapsed: Duration

    /// A summary with these counts; `ReminderStore.importRecords` makes the real ones.
    public init(
        imported: Int, updated: Int = 0, unchanged: Int = 0, skipped: Int = 0, occurrences: Int = 0,
        listsCreated: [String], tagsCreated: Int, warnings: [String], elapsed: Duration
    ) {
        self.imported = imported
        self.updated = updated
        self.unchanged = unchanged
        self.skipped = skipped
        self.occurrences = occurrences
        self.listsCreated = listsCreated
        self.tagsCreated = tagsCreated
        self.warnings = warnings
        self.elapsed = elapsed
    }

    /// Every record the file held, whatever happened to it.
    public var records: Int { imported + updated + unchanged + skipped + occurrences }

    /// `3 added, 1 updated, 0 unchanged`, with `, 2 skipped` and occurrences only when there are
    /// any, and how the unchanged ones matched when some had no uid: `3 unchanged (matched on
    /// content)`, `5 unchanged (3 matched on content)`.
    public var counts: String {
        var unchangedText = "\(unchanged) unchanged"
        if matchedOnContent > 0 {
            unchangedText += matchedOnContent == unchanged ? " (matched on content)" : " (\(matchedOnContent) matched on content)"
        }
        var parts = ["\(imported) added", "\(updated) updated", unchangedText]
        if skipped > 0 { parts.append("\(skipped) skipped") }
        if occurrences > 0 {
            parts.append("\(occurrences) completed occurrence\(occurrences == 1 ? "" : "s") recorded")
        }
        return parts.joined(separator: ", ")
    }
}

/// What an import does with a reminder whose uid is already in the database.
///
/// A record without uid that says the same as a stored reminder is that reminder, unchanged,
/// under `update` and `skip`; `duplicate` adds it again.
public enum ImportConflictPolicy: String, Sendable, CaseIterable {
    /// Update it in place to match the file (the default); an identical one is left unchanged.
    case update
    /// Leave the stored one as it is.
    case skip
    /// Add the file's one as a new reminder with a new uid; a record without uid is added even
    /// when a stored reminder says the same.
    case duplicate
}
