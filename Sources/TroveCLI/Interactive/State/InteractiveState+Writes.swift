extension InteractiveState {
    /// The key that reverts the session's last write, as the header names it.
    static let undoKeyName = "Ctrl-Z"

    /// The done key: completes the marked reminders (or the selected one), or reopens them
    /// when every one is completed already. The selected row shows the change at once.
    mutating func toggleDone() -> [Action] {
        let targets = marked.isEmpty ? selectedRow.map { [$0] } ?? [] : marked
        guard !targets.isEmpty else { return [] }
        let completed = !targets.allSatisfy(\.isCompleted)
        if var newPage = page, newPage.rows.indices.contains(selectedIndex),
            targets.contains(where: { $0.id == newPage.rows[selectedIndex].id })
        {
            newPage.rows[selectedIndex].isCompleted = completed
            page = newPage
        }
        marked.removeAll()
        return [.write(.setCompleted(ids: targets.map(\.id), completed: completed)), .render]
    }

    /// The undo key: reverts this session's newest write, if it is still the newest change.
    mutating func undoLast() -> [Action] {
        guard let entry = undoable.last else {
            notice = Notice(text: "nothing to undo in this search; `trove undo` reverts earlier commands")
            return [.render]
        }
        return [.write(.undo(entry: entry))]
    }

    /// Shows how a write went, remembers what the undo key may revert, and searches again
    /// when the data changed.
    mutating func written(_ result: WriteResult) -> [Action] {
        if let forgotten = result.forgotten { undoable.removeAll { $0 == forgotten } }
        var text = result.message
        if let recorded = result.recorded {
            undoable.append(recorded)
            text += " — \(Self.undoKeyName) to undo"
        }
        notice = Notice(text: text, isError: result.isError)
        preview.requested = nil
        return result.changed ? search(debounced: false) : [.render]
    }

    // MARK: - Preview

    /// The preview key: opens or closes the pane, and redraws around it.
    mutating func togglePreview() -> [Action] {
        preview.isOpen.toggle()
        layout.showsPreview = preview.isOpen
        keepSelectionVisible()
        return [.redraw] + previewActions()
    }

    /// Scrolls the preview pane by `lines`, no further than its last line showing at the bottom.
    mutating func scrollPreview(by lines: Int) -> [Action] {
        guard preview.isOpen, preview.content != nil, let pane = layout.previewSize else { return [] }
        if preview.measured?.width != pane.columns {
            preview.measured = (pane.columns, preview.wrappedLines(width: pane.columns).count)
        }
        let total = preview.measured?.lines ?? 0
        let scroll = min(max(preview.scroll + lines, 0), max(total - pane.lines, 0))
        guard scroll != preview.scroll else { return [] }
        preview.scroll = scroll
        return [.render]
    }

    /// Asks for the selected reminder when the pane is open and does not show it yet.
    mutating func previewActions() -> [Action] {
        guard preview.isOpen, let id = selectedRow?.id, preview.requested != id else { return [] }
        preview.requested = id
        return [.loadPreview(id: id)]
    }
}
