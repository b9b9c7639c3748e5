import TroveQuery
import TroveSQLite

extension SearchIndex {
    /// The order of a search index's hits; ties go to the key, ascending.
    ///
    /// ```swift
    /// .rank                                       // ORDER BY "score" ASC, "notes"."id" ASC
    /// .column("updated_at", descending: true)     // ORDER BY "notes"."updated_at" DESC, "notes"."id" ASC
    /// ```
    public enum Sort: Hashable, Sendable {
        /// Best match first (``TroveRanking``); by key when the query has no words.
        case rank
        /// By a column of the app's table, then the ``SearchIndex/tiebreakers``. `nullsLast`
        /// puts NULL after every value (true) or before (false); nil leaves SQLite's order, in
        /// which NULL is the smallest value (first ascending, last descending).
        ///
        /// ```swift
        /// .column("due_date", nullsLast: true)   // ORDER BY ("tasks"."due_date" IS NULL) ASC, "tasks"."due_date" ASC, …
        /// ```
        case column(String, descending: Bool = false, nullsLast: Bool? = nil)
    }
}

extension SearchIndex {
    /// The same index in another order, for the searches that want it: a list newest first
    /// where the search box ranks. The sort is read when searching, so the copy needs no
    /// migration and uses the same FTS5 index.
    ///
    /// ```swift
    /// let newest = try notes.sorted(by: .column("updated_at", descending: true))
    /// try newest.search("bread", on: db)
    /// // … ORDER BY "notes"."updated_at" DESC, "notes"."id" ASC LIMIT 20 OFFSET 0
    /// ```
    /// A page cursor belongs to its order: one from `notes` is refused by `newest`
    /// (``SearchIndexError/cursorNotForThisSearch(index:)``).
    /// - Throws: ``SearchIndexError/invalidName(_:role:)`` when the sort column is not a plain
    ///   SQL identifier. A column the table does not have is
    ///   ``SearchIndexError/missingColumn(index:table:column:)`` when searching.
    public func sorted(by sort: Sort) throws(SearchIndexError) -> SearchIndex {
        if case .column(let column, _, _) = sort { try SearchIndex.checkIdentifier(column, role: "the sort column") }
        var copy = self
        copy.sort = sort
        return copy
    }

    /// The same index counting only some of its facets, or none, for the searches that show no
    /// counts: a one-letter search over many rows spends most of its time counting. The facets
    /// are read when searching, so the copy needs no migration and uses the same FTS5 index,
    /// and its cursors are the original's.
    ///
    /// ```swift
    /// let plain = try notes.faceted(by: [])
    /// try plain.search("b", on: db).facets   // [:] — no GROUP BY over the matches
    /// ```
    /// - Throws: ``SearchIndexError/undeclaredFacet(index:column:declared:)`` for a column the
    ///   declaration does not count (migrate checked those).
    public func faceted(by columns: [String]) throws(SearchIndexError) -> SearchIndex {
        let declared = Set(facets.map { $0.lowercased() })
        for column in columns where !declared.contains(column.lowercased()) {
            throw .undeclaredFacet(index: name, column: column, declared: facets)
        }
        // NB: in the declaration's order, whatever the order asked: the first facet's counts
        // come with the total, in one pass.
        let asked = Set(columns.map { $0.lowercased() })
        var copy = self
        copy.facets = facets.filter { asked.contains($0.lowercased()) }
        return copy
    }

    /// Which of the ``SearchIndex/demoted`` rows a search lists: a "show done tasks" switch, or `trove
    /// search --all` / `--open`. A filter that decides on them (`is:done`, a deadline's
    /// `overdue`) always wins.
    public enum DemotedRows: Hashable, Sendable {
        /// As the declaration says: ranked lower, and left out of a search without words when
        /// ``SearchIndex/hidesDemotedWhenBrowsing``.
        case asDeclared
        /// Listed by every search, ranked lower.
        case listed
        /// Left out of every search, and counted in ``IndexResultSet/demotedCount``.
        case hidden
    }

    /// The same index listing its ``SearchIndex/demoted`` rows or leaving them out, whatever the query;
    /// read when searching, so the copy needs no migration and uses the same FTS5 index.
    ///
    /// ```swift
    /// try tasks.showing(demoted: .hidden).search("call", on: db)
    /// // … WHERE ("trove_tasks_fts" MATCH '"call"*') AND ((ifnull("tasks"."done", 0) = 0)) …
    /// // results.demotedCount: the done tasks that match, not listed
    /// try tasks.showing(demoted: .listed).search("", on: db)   // every task, the done ones last
    /// ```
    /// An index without a ``SearchIndex/demoted`` column lists every row either way.
    public func showing(demoted rows: DemotedRows) -> SearchIndex {
        var copy = self
        copy.demotedRows = rows
        return copy
    }

    /// `(ifnull("notes"."is_done", 0) <> 0)`: 1 for the rows ``demoted`` ranks lower, never
    /// NULL; nil without a demoted column. What the ranking, the counts and the copy's reads
    /// test.
    var demotedTest: SQLFragment? {
        demoted.map { "(ifnull(\(SQLColumn<Int64>($0, table: table)), 0) <> 0)" }
    }

    /// The same index matching other forms of a word or not (``wordForms``), for one search:
    /// `trove search --word-forms off`. Read when searching, so the copy needs no migration.
    ///
    /// ```swift
    /// try notes.matching(wordForms: .off).search("libraries", on: db)   // "Library card" not found
    /// ```
    public func matching(wordForms: WordFormMatching) -> SearchIndex {
        var copy = self
        copy.wordForms = wordForms
        return copy
    }

    /// Throws ``SearchIndexError/missingColumn(index:table:column:)`` when the sort is by a
    /// column the table lacks (a ``sorted(by:)`` copy's; `migrate` checked the declaration's).
    func checkSortColumn(_ db: SQLConnection) throws {
        guard case .column(let column, _, _) = sort else { return }
        let found = try db.fetchValue(
            "SELECT count(*) FROM pragma_table_info(\(table)) WHERE \"name\" = \(column) COLLATE NOCASE", as: Int.self)
        guard found ?? 0 > 0 else { throw SearchIndexError.missingColumn(index: name, table: table, column: column) }
    }
}

extension SearchIndex {
    /// A column that orders the hits the sort leaves tied, before the key does: what
    /// Meilisearch calls a custom ranking rule. Ranked hits with the same score, or every hit of
    /// a search without words (which has no score), go by the tiebreakers in order, then by key.
    ///
    /// ```swift
    /// tiebreakers: [.ascending("due_date"), .descending("priority"), .descending("created_at")]
    /// // ORDER BY "score" ASC,
    /// //   ("reminders"."due_date" IS NULL) ASC, "reminders"."due_date" ASC,
    /// //   ("reminders"."priority" IS NULL) ASC, "reminders"."priority" DESC,
    /// //   ("reminders"."created_at" IS NULL) ASC, "reminders"."created_at" DESC, "reminders"."id" ASC
    /// ```
    /// NULL comes after every value by default, whichever the direction ("soonest due, none
    /// last"); `nullsLast: false` puts it first.
    public struct Tiebreaker: Hashable, Sendable {
        /// The column of the index's table.
        public var column: String
        /// Largest first.
        public var descending: Bool
        /// NULL after every value (true), or before.
        public var nullsLast: Bool

        /// Smallest first: `.ascending("due_date")`.
        public static func ascending(_ column: String, nullsLast: Bool = true) -> Tiebreaker {
            Tiebreaker(column: column, descending: false, nullsLast: nullsLast)
        }

        /// Largest first: `.descending("priority")`.
        public static func descending(_ column: String, nullsLast: Bool = true) -> Tiebreaker {
            Tiebreaker(column: column, descending: true, nullsLast: nullsLast)
        }

        /// How a cursor names it: `due_date`, `-priority`, `due_date nulls first`.
        var name: String {
            (descending ? "-" : "") + column + (nullsLast ? "" : " nulls first")
        }
    }
}
