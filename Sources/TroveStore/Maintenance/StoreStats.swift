/// Counts and sizes, as `ReminderStore.stats()` returns them.
public struct StoreStats: Hashable, Sendable {
    /// How many reminders there are, open and completed.
    public var reminders: Int
    /// How many reminders are not completed.
    public var open: Int
    /// How many reminders are completed.
    public var completed: Int
    /// How many lists there are.
    public var lists: Int
    /// How many distinct tags there are.
    public var tags: Int
    /// `page_count × page_size`: the main file's size, free pages included (not the WAL).
    public var databaseBytes: Int
    /// Pages used by the full-text index's shadow tables (`reminders_fts_*`), from `dbstat`;
    /// when this SQLite has no `dbstat`, the bytes of their stored blobs (see `indexBytesAreEstimated`).
    public var indexBytes: Int
    /// True when `indexBytes` is the blob-size estimate rather than `dbstat`'s page count.
    public var indexBytesAreEstimated: Bool

    /// Statistics with these values; ``ReminderStore/stats()`` measures the real ones.
    public init(
        reminders: Int, open: Int, completed: Int, lists: Int, tags: Int, databaseBytes: Int, indexBytes: Int,
        indexBytesAreEstimated: Bool
    ) {
        self.reminders = reminders
        self.open = open
        self.completed = completed
        self.lists = lists
        self.tags = tags
        self.databaseBytes = databaseBytes
        self.indexBytes = indexBytes
        self.indexBytesAreEstimated = indexBytesAreEstimated
    }
}
