import TroveSearch

/// The results of one query, as the search layer hands them to the interactive screen.
///
/// ```swift
/// ResultPage(rows: rows, total: 12, completedCount: 3, queryText: "milk")
/// // header: "2 of 12 (3 completed)"
/// ```
struct ResultPage: Sendable, Hashable {
    /// The best matches, in rank order; usually fewer than `total`.
    var rows: [ResultRow]
    /// How many reminders match in all (within the current completed filter).
    var total: Int
    /// How many matching reminders are completed (shown or hidden by Tab).
    var completedCount: Int
    /// How many of `total` matched only with a typo.
    var typoCount = 0
    /// How many of `total` matched only by another form of a query word (`libraries` → library).
    var wordFormCount = 0
    /// The query these results answer, for diagnostics; the session tracks freshness by generation.
    var queryText: String
    /// A quick first answer from the newest matches (see `ResultSet.isProvisional`): the counts
    /// are lower bounds, and the fully ranked page follows.
    var isProvisional: Bool
    /// True when the rows are the final answer's, in its order, even if the counts are still
    /// to come: always for a final page, and for the provisional page of a search without words
    /// (filters only), whose rows come straight from the index in the final order.
    var rowsAreFinal: Bool
    /// Where the next page starts (a keyset cursor after the last row); nil on the last page
    /// and on a provisional page.
    var next: SearchCursor?
    /// What a provisional page is waiting for: "ranking…"; "counting…" when its rows are
    /// already final (a search with filters but no words); "searching…" when it has none yet
    /// (nothing matched so far, or nothing at all and did-you-mean is being looked up).
    var pendingWork = "ranking…"
    /// What to change in the query (`is:banana — expected open, …`), or the nearest indexed
    /// words when nothing matched (`did you mean: dentist?`); nil when all is well.
    var hint: String?

    init(
        rows: [ResultRow], total: Int? = nil, completedCount: Int = 0, queryText: String = "",
        isProvisional: Bool = false, rowsAreFinal: Bool? = nil, next: SearchCursor? = nil, hint: String? = nil
    ) {
        self.rows = rows
        self.total = total ?? rows.count
        self.completedCount = completedCount
        self.queryText = queryText
        self.isProvisional = isProvisional
        self.rowsAreFinal = rowsAreFinal ?? !isProvisional
        self.next = next
        self.hint = hint
    }
}
