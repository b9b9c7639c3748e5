/// What the interactive search reads and writes besides searching: the preview pane's text,
/// the done and undo keys, and the form the editor key opens. ``StoreBridge`` is the real one;
/// tests pass a fake that records what was asked.
protocol InteractiveStore: Sendable {
    /// The preview pane's text for a reminder (or why it cannot be read).
    func preview(id: Int64) async -> ReminderPreview
    /// Carries out a write; failures come back as a result with `isError`, never thrown.
    func write(_ request: WriteRequest) async -> WriteResult
    /// The text form `$EDITOR` opens for a reminder.
    /// - Throws: When the reminder cannot be read (deleted meanwhile).
    func form(id: Int64) async throws -> String
    /// Saves an edited form, given the form as it was opened.
    func save(form edited: String, original: String, id: Int64) async -> FormSave
}

/// What saving an edited form came to.
enum FormSave: Sendable, Hashable {
    /// Written (or nothing to write, or the form was emptied to cancel): say how it went.
    case done(WriteResult)
    /// The form does not read: reopen it with this message, or keep it for the person.
    case invalid(String)
}

/// Runs a text editor on a file on the terminal, and returns when it exits.
protocol TextEditor: Sendable {
    /// - Throws: ``EditorError`` when the editor cannot start or fails.
    func edit(file path: String) async throws
}
