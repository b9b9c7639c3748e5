/// What `ReminderStore.update(id:_:)` changes; nil (or empty) leaves a field as it is.
///
/// ```swift
/// try await store.update(id: 7, ReminderChanges(title: "Buy oat milk", due: .some(nil), addTags: ["errand"]))
/// // UPDATE "reminders" SET "title" = ?, "due_date" = ?, "updated_at" = ? WHERE ("reminders"."id" = ?)
/// // INSERT INTO "reminder_tags" ("reminder_id", "tag_id") VALUES (?, ?) ON CONFLICT DO NOTHING
/// ```
public struct ReminderChanges: Sendable, Hashable {
    /// A new title; must not be empty.
    public var title: String?
    /// New notes; `""` clears them.
    public var notes: String?
    /// Moves the reminder to this list, creating it when there is none of that name.
    public var list: String?
    /// A new priority.
    public var priority: Priority?
    /// `.some(nil)` clears the due date; `nil` leaves it.
    public var due: DueDate??
    /// Flags or unflags it.
    public var isFlagged: Bool?
    /// `.some(nil)` stops it repeating; `nil` leaves it.
    public var `repeat`: RepeatRule??
    /// Tags to add, created when new; ones the reminder already has are skipped.
    public var addTags: [String]
    /// Tags to take off; ones the reminder does not have are skipped.
    public var removeTags: [String]

    /// Changes to make; every parameter left out leaves its field as it is.
    public init(
        title: String? = nil, notes: String? = nil, list: String? = nil, priority: Priority? = nil,
        due: DueDate?? = nil, isFlagged: Bool? = nil, repeat: RepeatRule?? = nil, addTags: [String] = [], removeTags: [String] = []
    ) {
        self.title = title
        self.notes = notes
        self.list = list
        self.priority = priority
        self.due = due
        self.isFlagged = isFlagged
        self.repeat = `repeat`
        self.addTags = addTags
        self.removeTags = removeTags
    }
}
