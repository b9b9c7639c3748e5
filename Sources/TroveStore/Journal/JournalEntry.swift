public import Foundation

/// One command in the undo journal, as `trove log` lists it and `trove undo` reports it.
public struct JournalEntry: Hashable, Sendable, Identifiable {
    /// The entry's id in `journal`: `undo(entry:)` takes it.
    public var id: Int64
    /// When the command committed.
    public var at: Date
    /// The kind of command: `add`, `edit`, `done`, `undone`, `flag`, `rm`, `import`, …
    public var command: String
    /// What it did, such as `completed 3 "Buy milk"`.
    public var summary: String

    /// An entry with these values; ``ReminderStore/log(limit:)`` reads the real ones.
    public init(id: Int64, at: Date, command: String, summary: String) {
        self.id = id
        self.at = at
        self.command = command
        self.summary = summary
    }
}
