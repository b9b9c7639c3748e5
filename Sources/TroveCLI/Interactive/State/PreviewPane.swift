/// The preview pane's state: whether it is open, which reminder was asked for, what came.
struct PreviewPane: Sendable, Hashable {
    var isOpen = false
    /// The reminder last asked for with `.loadPreview`.
    var requested: Int64?
    /// The reminder shown; it may lag `requested` by one read.
    var content: ReminderPreview?
    /// Wrapped lines scrolled past at the top (Shift-Down/Shift-Up); 0 for each new reminder.
    var scroll = 0
    /// How many lines ``content`` wraps to at a width, kept so that scrolling a long note does
    /// not wrap all of it again on every key; nil once the content changes.
    var measured: (width: Int, lines: Int)? {
        get { measuredWidth.map { ($0, measuredLines) } }
        set {
            measuredWidth = newValue?.width
            measuredLines = newValue?.lines ?? 0
        }
    }
    private var measuredWidth: Int?
    private var measuredLines = 0

    /// The shown reminder's lines wrapped to `width` columns (one of margin taken), as drawn.
    func wrappedLines(width: Int) -> [String] {
        guard let content, width > 1 else { return [] }
        return content.lines.flatMap { ScreenRenderer.wrap($0, width: width - 1) }
    }
}
