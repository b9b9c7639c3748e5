extension InteractiveState {
    /// Enter: prints the marked reminders, or the selected one of the final answer to the text
    /// on screen. When that answer is not in yet (the rows are an older text's, or provisional),
    /// Enter waits for it, and Esc cancels the wait.
    mutating func enter() -> [Action] {
        if !marked.isEmpty {
            // NB: marks are reminders the person chose by id, whatever text they were found by.
            return [.printSelection(marked, marked: true), .exit(code: 0)]
        }
        if let actions = actOnSelection() { return actions }
        isEnterPending = true
        return [.render]
    }

    /// What a pending Enter does once a page came: act, or keep waiting.
    mutating func pendingEnterActions() -> [Action] {
        guard isEnterPending, let actions = actOnSelection() else { return [] }
        isEnterPending = false
        return actions
    }

    /// Gives up a pending Enter, saying why when there is a reason worth a line.
    mutating func cancelPendingEnter(because reason: String?) {
        guard isEnterPending else { return }
        isEnterPending = false
        if let reason { notice = Notice(text: "Enter cancelled: \(reason)", isError: true) }
    }

    /// The actions for Enter on the selection when the final answer is on screen; nil while it
    /// is not (or the followed reminder is still being looked for among the rows loading).
    private mutating func actOnSelection() -> [Action]? {
        // NB: moves still queued for rows being loaded land the selection elsewhere: wait for them.
        guard showsFinalAnswer, status == .idle, pendingMove == 0,
              !isRefilling || selectedRow?.id == selectedReminderID else {
            return nil
        }
        guard let row = selectedRow else {
            isEnterPending = false
            notice = Notice(text: "nothing to print: no reminder matches", isError: true)
            return [.render]
        }
        return [.printSelection([row], marked: false), .exit(code: 0)]
    }
}
