extension InteractiveState {
    /// Moves the selection, stopping at the first and last rows.
    ///
    /// A move past the last loaded row while more rows may come (a next page, or an answer
    /// still to come for the text) is kept in ``pendingMove`` and finished as the rows arrive:
    /// 300 PageDowns sent at once move 300 pages, or to the last match.
    mutating func moveSelection(by delta: Int) -> [Action] {
        guard let rows = page?.rows, !rows.isEmpty else {
            // NB: no rows yet (the first answer is still to come): a move down waits for them.
            if page == nil || !showsFinalAnswer { pendingMove = max(pendingMove + delta, 0) }
            return [.render]
        }
        moveSelection(to: selectedIndex + pendingMove + delta, in: rows)
        return [.render] + moreRowsIfNeeded() + previewActions()
    }

    /// Puts the selection on row `target`, or on the last loaded row with the rest of the move
    /// kept for the rows still to come.
    private mutating func moveSelection(to target: Int, in rows: [ResultRow]) {
        let last = rows.count - 1
        if target > last, mayGetMoreRows {
            selectedIndex = last
            pendingMove = target - last
        } else {
            selectedIndex = min(max(target, 0), last)
            pendingMove = 0
        }
        keepSelectionVisible()
        // NB: on a page for older text the row is about to be replaced: keep the row number only.
        // On the current text's page (even a provisional one) the person chose this reminder.
        selection = pageGeneration == generation ? .reminder(rows[selectedIndex].id) : .position(selectedIndex)
    }

    /// True while rows below the loaded ones may still come: a next page, or the final answer
    /// to the text on screen.
    var mayGetMoreRows: Bool {
        page?.next != nil || !showsFinalAnswer
    }

    /// Finishes the moves that went past the last loaded row, now that more rows came.
    mutating func applyPendingMove() {
        guard pendingMove > 0, let rows = page?.rows, !rows.isEmpty else {
            if !mayGetMoreRows { pendingMove = 0 }
            return
        }
        moveSelection(to: selectedIndex + pendingMove, in: rows)
    }

    /// Puts the selection back on its reminder (or row number) after the rows changed.
    ///
    /// A followed reminder that is no longer among the rows leaves the selection on the row
    /// that took its place, unless more rows are being fetched in which it may turn up; an Enter
    /// waiting for it is cancelled rather than acting on another reminder.
    mutating func resolveSelection() {
        guard let rows = page?.rows, !rows.isEmpty else {
            selectedIndex = 0
            scrollOffset = 0
            return
        }
        switch selection {
        case .reminder(let id):
            if let index = rows.firstIndex(where: { $0.id == id }) {
                selectedIndex = index
            } else {
                selectedIndex = min(selectedIndex, rows.count - 1)
                if !isRefilling {
                    cancelPendingEnter(because: "the selected reminder is no longer among the results")
                    selection = .position(selectedIndex)
                }
            }
        case .position(let index):
            selectedIndex = min(max(index, 0), rows.count - 1)
        }
        // NB: once the final rows of the current text are on screen, the selection is the
        // reminder the person sees highlighted, and it stays on it through live updates.
        if showsFinalAnswer, !isRefilling || rows[selectedIndex].id == selectedReminderID {
            selection = .reminder(rows[selectedIndex].id)
        }
        keepSelectionVisible()
    }

    /// The followed reminder, if the selection follows one.
    var selectedReminderID: Int64? {
        if case .reminder(let id) = selection { return id }
        return nil
    }

    /// True while rows beyond the first page are being fetched again after a refresh.
    var isRefilling: Bool {
        refillTo > (page?.rows.count ?? 0) && page?.next != nil
    }

    /// How many rows PageUp/PageDown move: the rows that fit in the list from the top shown row.
    var pageStep: Int {
        guard let rows = page?.rows else { return 1 }
        var used = 0
        var fitting = 0
        for row in rows[min(scrollOffset, rows.count)...] {
            used += ScreenLayout.lineCount(of: row)
            if used > layout.listLines { break }
            fitting += 1
        }
        return max(fitting, 1)
    }

    /// Clamps the selection to the rows and scrolls so that it is on screen.
    mutating func keepSelectionVisible() {
        let rows = page?.rows ?? []
        guard !rows.isEmpty else {
            selectedIndex = 0
            scrollOffset = 0
            return
        }
        selectedIndex = min(max(selectedIndex, 0), rows.count - 1)
        scrollOffset = min(max(scrollOffset, 0), selectedIndex)
        var shown = rows[scrollOffset...selectedIndex].reduce(0) { $0 + ScreenLayout.lineCount(of: $1) }
        while scrollOffset < selectedIndex, shown > layout.listLines {
            shown -= ScreenLayout.lineCount(of: rows[scrollOffset])
            scrollOffset += 1
        }
    }

    // MARK: - Marks

    /// True when the reminder is marked.
    func isMarked(_ id: Int64) -> Bool {
        marked.contains { $0.id == id }
    }

    /// Tab / Shift-Tab: marks the selected reminder, or unmarks it, then moves down or up.
    mutating func toggleMark(thenMoveBy delta: Int) -> [Action] {
        guard let row = selectedRow else { return [] }
        if let index = marked.firstIndex(where: { $0.id == row.id }) {
            marked.remove(at: index)
        } else {
            marked.append(row)
        }
        return moveSelection(by: delta)
    }
}
