/// The bench schema, issue 17's second import baseline: what a plain FTS5 setup of the same
/// data holds, made from Trove's migrated schema by taking away what Trove adds for search
/// and filters.
///
/// Kept: the lists, reminders, tags and reminder_tags tables with their keys and triggers (and
/// the completions table of repeating reminders, which an import does not write), the
/// uid column's values (Trove's importer writes them, so the baseline does too), and the FTS5
/// index with its insert, update and delete triggers, made with `prefix = '2 3'`.
/// Taken away: the one-character prefix index (`prefix = '1 2 3'`), the filter indexes
/// (`reminders_in_due_order`, `reminders_by_list`, `reminders_by_due`), the uid index, and the
/// trigram index of CJK and other unspaced scripts with its triggers.
///
/// ```swift
/// try BenchSchema.reduce(db)   // on a freshly migrated, empty database
/// ```
enum BenchSchema {
    static let statements = [
        "DROP TRIGGER reminders_substrings_insert",
        "DROP TRIGGER reminders_substrings_delete",
        "DROP TRIGGER reminders_substrings_update",
        "DROP TABLE reminders_substrings",
        "DROP VIEW reminders_substring_text",
        "DROP INDEX reminders_with_substring_text",
        "DROP TABLE reminders_vocab",
        "DROP INDEX reminders_in_due_order",
        "DROP INDEX reminders_by_list",
        "DROP INDEX reminders_by_due",
        "DROP INDEX reminders_by_uid",
        "DROP TABLE reminders_fts",
        """
        CREATE VIRTUAL TABLE reminders_fts USING fts5(
            title, notes, tags, content = 'reminders', content_rowid = 'id',
            tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')
        """,
    ]

    /// Turns a freshly migrated, empty Trove database into the bench schema.
    static func reduce(_ db: DirectConnection) throws {
        for statement in statements { try db.execute(statement) }
    }
}
