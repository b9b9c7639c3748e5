/// The file formats reminders can be imported from and exported to.
///
/// ```swift
/// ReminderFormat(fileExtension: "ndjson")  // .jsonl
/// ReminderFormat(path: "todo.txt")  // .todotxt
/// ```
public enum ReminderFormat: String, Sendable, CaseIterable {
    /// JSON Lines, the canonical format: one JSON object per line.
    case jsonl
    /// Comma-separated values with a header row.
    case csv
    /// iCalendar (RFC 5545) VTODO components.
    case ics
    /// The todo.txt format, one task per line.
    case todotxt

    /// Recognises `jsonl`/`ndjson`, `csv`, `ics`/`ical`, and `txt` (todo.txt), in any case,
    /// with or without a leading dot.
    public init?(fileExtension: String) {
        var lowered = fileExtension.lowercased()
        if lowered.hasPrefix(".") { lowered.removeFirst() }
        switch lowered {
        case "jsonl", "ndjson": self = .jsonl
        case "csv": self = .csv
        case "ics", "ical", "ifb", "icalendar": self = .ics
        case "txt", "todotxt": self = .todotxt
        default: return nil
        }
    }

    /// The format a path's extension names; nil for `-` or an unknown extension.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(fileExtension: String(path[path.index(after: dot)...]))
    }

    /// A reader over `lines`.
    ///
    /// - Parameters:
    ///   - lines: The input, from `LineReader(path:)` (`-` is standard input) or memory.
    ///   - list: The list for reminders whose record names none (a JSON `list`, CSV column,
    ///     todo.txt `+project` or iCalendar `X-TROVE-LIST` wins over it; it wins over an
    ///     iCalendar file's `X-WR-CALNAME`).
    public func makeReader(_ lines: LineReader, list: String? = nil) -> any ReminderReader {
        switch self {
        case .jsonl: JSONLinesReader(lines, list: list)
        case .csv: CSVReminderReader(lines, list: list)
        case .ics: ICalendarReader(lines, list: list)
        case .todotxt: TodoTxtReader(lines, list: list)
        }
    }

    /// A writer into `sink`.
    ///
    /// - Parameters:
    ///   - sink: Where the file is written.
    ///   - calendarName: iCalendar only: written as `X-WR-CALNAME`, the name calendar apps show.
    public func makeWriter(_ sink: ByteSink, calendarName: String? = nil) -> any ReminderWriter {
        switch self {
        case .jsonl: JSONLinesWriter(sink)
        case .csv: CSVReminderWriter(sink)
        case .ics: ICalendarWriter(sink, calendarName: calendarName)
        case .todotxt: TodoTxtWriter(sink)
        }
    }
}
