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
        /// By a column of the app's table.
        case column(String, descending: Bool = false)
    }
}
