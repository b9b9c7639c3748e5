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
    /// The terminal session of the process that wrote it (`getsid(0)`, what `ps -o sess`
    /// shows); nil when unknown: written before schema 16, or where there are no sessions.
    public var session: Int64?

    /// An entry with these values; ``ReminderStore/log(limit:)`` reads the real ones.
    public init(id: Int64, at: Date, command: String, summary: String, session: Int64? = nil) {
        self.id = id
        self.at = at
        self.command = command
        self.summary = summary
        self.session = session
    }
}
