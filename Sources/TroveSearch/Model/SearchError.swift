public import Foundation

/// Why a search could not run, with what to do about it.
public enum SearchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `!name` named no registered engine.
    case unknownEngine(String, known: [String])
    /// The `!raw` text is not a valid FTS5 query; `near` is the token SQLite stopped at.
    case invalidRawQuery(message: String, near: String?)
    /// A ``SearchCursor`` that is damaged or belongs to another sort, or one among typo
    /// matches passed back with typos off.
    case invalidCursor
    /// The database has no Trove reminders to search (no `reminders` or `reminders_fts`
    /// table): the built-in engines and ``SearchProvider`` search the reminders schema, which
    /// `ReminderStore` makes. An app's own table is searched through a ``SearchIndex``.
    case noReminders

    /// One sentence: what is wrong with the search and what to type instead.
    public var description: String {
        switch self {
        case .unknownEngine(let name, let known):
            "there is no search engine named !\(name); use one of " + known.map { "!" + $0 }.joined(separator: ", ")
        case .invalidRawQuery(_, let near):
            // NB: SQLite reports the end of the text as `near ""`, which points at nothing.
            (near.map { $0.isEmpty
                ? "the !raw query has an FTS5 syntax error at its end: an operator or bracket there lacks what follows it"
                : "the !raw query has an FTS5 syntax error near \"\($0)\"" }
                // NB: not SQLite's own words ("no such column: due"), which a person should not
                // need to read; `trove --verbose` shows them (``rawMessage``).
                ?? "the !raw query is not valid FTS5 (a column filter names a column other than title, notes or tags, or an operator is misplaced)")
                + "; check its quotes, parentheses and operators, or leave out !raw to search the words as typed"
        case .invalidCursor:
            "the page cursor is damaged, was made for another sort, or points among typo matches while typos are off; "
                + "start again from the first page"
        case .noReminders:
            "this database has no Trove reminders to search (no reminders_fts table); open it with ReminderStore, "
                + "which makes the reminders schema, or search your own table with a SearchIndex "
                + "(its search(_:in:) or results(for:in:live:))"
        }
    }

    /// SQLite's own message for an invalid `!raw` query, for `--verbose`; nil otherwise.
    public var rawMessage: String? {
        if case .invalidRawQuery(let message, _) = self { return message }
        return nil
    }
}

extension SearchError: LocalizedError {
    /// ``description``, as `localizedDescription` (what an app's alert shows) gives it.
    public var errorDescription: String? { description }
}
