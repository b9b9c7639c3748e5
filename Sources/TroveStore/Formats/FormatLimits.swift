/// What a format cannot hold of a reminder, so that a re-import into the store an export came
/// from can tell a value the file changed from one it could only give back cut.
///
/// ```swift
/// FormatLimits.iCalendar.timePrecision       // .seconds
/// FormatLimits.iCalendar.text("a\r\nb\u{7}")  // "a\nb": a line break, the bell dropped
/// FormatLimits.todoTxt.title("Call\tMum")     // "Call Mum"
/// ```
///
/// The import compares each stored value as the file's format would give it back with the
/// file's value; where they are the same, it keeps the stored one (see README, "Import and
/// export").
public enum FormatLimits: Sendable, Hashable {
    /// JSON Lines and CSV: everything Trove stores.
    case none
    /// Whole seconds; text without carriage returns or other control characters but tab.
    case iCalendar
    /// Whole days; titles with single spaces; no completed occurrences or iCalendar properties.
    case todoTxt

    /// How finely the format writes times.
    public var timePrecision: TimePrecision {
        switch self {
        case .none: .milliseconds
        case .iCalendar: .seconds
        case .todoTxt: .days
        }
    }

    /// Whether the format holds completed occurrences and kept iCalendar properties.
    public var holdsOccurrencesAndProperties: Bool { self != .todoTxt }

    /// A text field (notes, list, tag) as the format gives it back.
    public func text(_ stored: String) -> String {
        switch self {
        case .none, .todoTxt: return stored
        case .iCalendar:
            var dropped = 0
            return ICalendarText.unescape(ICalendarText.escape(stored, dropped: &dropped))
        }
    }

    /// A title as the format gives it back.
    public func title(_ stored: String) -> String {
        switch self {
        case .none: stored
        case .iCalendar: text(stored)
        case .todoTxt: TodoTxtWriter.titleWords(stored).joined(separator: " ")
        }
    }
}
