extension InteractiveState {
    /// Asks for the next page when the selection nears the last loaded row, or when rows beyond
    /// the first page must be loaded again after a refresh. One page is fetched at a time.
    ///
    /// The next page starts after the last row with the page's keyset cursor (not an offset),
    /// so rows inserted or completed meanwhile neither repeat nor go missing.
    mutating func moreRowsIfNeeded() -> [Action] {
        guard showsFinalAnswer, loadingMore == nil, let page, let next = page.next else { return [] }
        let limit: Int
        if isRefilling {
            limit = refillTo - page.rows.count
        } else if selectedIndex + max(pageStep * 2, 10) >= page.rows.count {
            limit = Self.pageSize
        } else {
            return []
        }
        loadingMore = next
        return [.loadMore(text: requestedText, includeCompleted: includeCompleted, after: next, limit: limit, generation: generation)]
    }
}
