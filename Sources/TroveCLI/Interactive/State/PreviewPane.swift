/// The preview pane's state: whether it is open, which reminder was asked for, what came.
struct PreviewPane: Sendable, Hashable {
    var isOpen = false
    /// The reminder last asked for with `.loadPreview`.
    var requested: Int64?
    /// The reminder shown; it may lag `requested` by one read.
    var content: ReminderPreview?
}
