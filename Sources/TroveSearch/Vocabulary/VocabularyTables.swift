/// The FTS5 table whose words a vocabulary reads, and the `fts5vocab` table over it: the
/// reminders' own, or a ``SearchIndex``'s.
///
/// ```swift
/// VocabularyTables.reminders                     // "reminders_fts", "reminders_vocab"
/// VocabularyTables(index: notes)                 // "trove_notes_fts", "trove_notes_vocab"
/// ```
struct VocabularyTables: Hashable, Sendable {
    /// The FTS5 table.
    var fts: String
    /// The `fts5vocab` table of type `row` over it: one row per word, with its row count.
    var vocabulary: String

    /// Schema 6's tables over the reminders.
    static let reminders = VocabularyTables(fts: "reminders_fts", vocabulary: "reminders_vocab")

    /// The tables a search index's migration makes.
    init(index: SearchIndex) {
        self.init(fts: index.ftsTable, vocabulary: index.vocabularyTable)
    }

    init(fts: String, vocabulary: String) {
        self.fts = fts
        self.vocabulary = vocabulary
    }

    /// Whether these are the reminders' tables, whose searches also have lists and tags.
    var isReminders: Bool { self == .reminders }
}
