/// A change the interactive search asks the driver to make in the database.
enum WriteRequest: Sendable, Hashable {
    /// Complete the reminders (`completed` true) or reopen them: the done key.
    case setCompleted(ids: [Int64], completed: Bool)
    /// Revert the journal entry a write of this session recorded, only if it is still the
    /// newest: the undo key.
    case undo(entry: Int64)
}

/// How a write (or an edit in `$EDITOR`) went, for the state to show and remember.
///
/// ```swift
/// WriteResult(message: "Completed ‘Call the plumber’", recorded: 41, changed: true)
/// // header: "Completed ‘Call the plumber’ — Ctrl-Z to undo"
/// ```
struct WriteResult: Sendable, Hashable {
    /// One line for the header.
    var message: String
    var isError = false
    /// The journal entry the write recorded, which the undo key can revert.
    var recorded: Int64?
    /// A journal entry of this session that was reverted, or can no longer be.
    var forgotten: Int64?
    /// Whether the database changed, so the results must be searched again.
    var changed = false
}
