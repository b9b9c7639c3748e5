/// What ``ReminderStore/exportSalvaging(to:includeCompleted:)`` saved, and what it could not read.
public struct SalvageReport: Hashable, Sendable {
    /// Reminders written.
    public var written: Int
    /// Reminders known to exist (an index or the table named their id) whose row could not be
    /// read, in id order.
    public var skipped: [Int64]
    /// Stretches of ids where the table itself could not be walked, as (after, before): a
    /// reminder there that no index names is lost without its id being known.
    public var unreadableRanges: [ClosedRange<Int64>]

    /// A report of a salvaging export: how many reminders were written, and which ids and id ranges could not be read.
    public init(written: Int, skipped: [Int64], unreadableRanges: [ClosedRange<Int64>]) {
        self.written = written
        self.skipped = skipped
        self.unreadableRanges = unreadableRanges
    }

    /// Whether every reminder was read.
    public var isComplete: Bool { skipped.isEmpty && unreadableRanges.isEmpty }
}
