extension InteractiveState {
    /// Asks for the next page when the selection nears the last loaded row, or when rows beyond
    /// the first page must be loaded again after a refresh. One page is fetched at a time.
    ///
    /// The next page starts after the last row with the page's keyset cursor (not an offset),
    /// so rows inserted or completed meanwhile neither repeat nor go missing.
    mutating func moreRowsIfNeeded() -> [Action] {
        guard showsFinalAnswer, loadingMore == nil, let page, let next = page.next else { return [] }
        let limit: Int
        let margin = max(pageStep * 2, 10)
        if isRefilling {
            limit = refillTo - page.rows.count
        } else if pendingMove > 0 {
            // NB: moves queued past the loaded rows: one page that reaches where they end,
            // up to the most one page holds, instead of a round trip per 100 rows.
            limit = min(max(pendingMove + margin, Self.pageSize), Self.maxPageSize)
        } else if selectedIndex + margin >= page.rows.count {
            limit = Self.pageSize
        } else {
            return []
        }
        loadingMore = next
        return [.loadMore(text: requestedText, includeCompleted: includeCompleted, after: next, limit: limit, generation: generation)]
    }
}
