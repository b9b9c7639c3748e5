/// What the preview pane shows for one reminder: `trove show`'s text, or why it cannot.
struct ReminderPreview: Sendable, Hashable {
    var id: Int64
    /// The lines of `trove show ID` (fields, then the notes in full).
    var lines: [String]
    var isError = false
}
