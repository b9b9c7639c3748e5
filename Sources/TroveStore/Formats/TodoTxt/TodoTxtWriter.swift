import Foundation

/// Writes todo.txt, one task per line.
///
/// ```swift
/// // (A) 2026-02-20 Call Mum +Family @phone due:2026-03-05 note:Ask%20about%20Sunday
/// // x 2026-03-01 2026-02-20 Buy milk +Groceries pri:C
/// ```
///
/// Priority high → `(A)`, medium → `(B)`, low → `(C)`; on completed tasks as `pri:X`, as the
/// format suggests. Dates are written as UTC days: a due time or the time of day of creation or
/// completion is dropped (counted in `warnings`). Notes go in one `note:` token and the list and
/// tags in `+list` and `@tag`, percent-encoded (`%20` for a space) so the reader gets them back;
/// a tag that starts with `+` (a second project, as `TodoTxtReader` reads it) is written as the
/// project `+Urgent`. The default list (Reminders) is left out unless such a tag follows, which
/// the reader would otherwise take for the list.
/// Line breaks and tabs in a title become spaces. Title words that would be read back as
/// something else are escaped with a backslash (see `TodoTxtEscaping`). The repeat is `rec:+Nw`
/// when the rule is a plain interval (or `rec:` as the file spelled it, kept as `X-TROVE-REC`),
/// else `rrule:` with the RRULE; the uid is `uid:`.
/// Completed occurrences, kept iCalendar properties and `updatedAt` have no place in todo.txt
/// and are left out (counted in `warnings`).
public struct TodoTxtWriter: ReminderWriter {
    private let sink: ByteSink
    private var droppedTimes = 0
    private var droppedCreationDates = 0
    private var droppedExtras = 0

    /// A writer of one todo.txt line per reminder to `sink`.
    public init(_ sink: ByteSink) {
        self.sink = sink
    }

    /// What todo.txt cannot hold, said once each with how many reminders lost it.
    public var warnings: [String] {
        var warnings: [String] = []
        if droppedTimes > 0 {
            warnings.append("\(droppedTimes) date(s) lost their time of day; todo.txt stores days only")
        }
        if droppedCreationDates > 0 {
            warnings.append("\(droppedCreationDates) completed reminder(s) without a completion date lost their creation date; todo.txt needs the completion date first")
        }
        if droppedExtras > 0 {
            warnings.append("\(droppedExtras) reminder(s) lost their completed occurrences or kept iCalendar properties; todo.txt has no place for them (JSON Lines, CSV and iCalendar keep them)")
        }
        return warnings
    }

    /// Writes one reminder as one todo.txt line.
    /// - Throws: `FormatError` when the sink cannot be written.
    public mutating func write(_ record: ReminderRecord) throws {
        var words: [String] = []
        if record.isCompleted {
            words.append("x")
            if let completedAt = record.completedAt {
                words.append(day(completedAt))
                if let createdAt = record.createdAt { words.append(day(createdAt)) }
            } else if record.createdAt != nil {
                droppedCreationDates += 1
            }
        } else {
            if let letter = Self.letter(record.priority) { words.append("(\(letter))") }
            if let createdAt = record.createdAt { words.append(day(createdAt)) }
        }
        words += TodoTxtEscaping.escape(Self.titleWords(record.title), first: true)
        let projectTags = record.tags.filter(Self.isProject)
        // NB: the default list is no project the line had; a project tag alone would be read
        // back as the list, so then the list is written first.
        if let list = record.list, list != StoreNames.defaultList || !projectTags.isEmpty {
            words.append("+" + TodoTxtToken.encode(list))
        }
        for tag in record.tags {
            words.append(Self.isProject(tag) ? "+" + TodoTxtToken.encode(String(tag.dropFirst())) : "@" + TodoTxtToken.encode(tag))
        }
        switch record.due {
        case nil: break
        case .day(let day): words.append("due:\(day)")
        case .time(let date): words.append("due:" + day(date))
        }
        if let rule = record.repeat {
            if let kept = Self.keptRecurrence(of: record), TodoTxtReader.recurrence(Substring(kept)) == rule {
                words.append("rec:" + kept)
            } else if let plain = Self.recurrence(rule) {
                words.append("rec:" + plain)
            } else {
                words.append("rrule:" + TodoTxtToken.encode(rule.rrule))
            }
        }
        if record.isCompleted, let letter = Self.letter(record.priority) { words.append("pri:\(letter)") }
        if record.isFlagged { words.append("flagged:yes") }
        if !record.notes.isEmpty { words.append("note:" + TodoTxtToken.encode(record.notes)) }
        if let uid = record.uid { words.append("uid:" + TodoTxtToken.encode(uid)) }
        if !record.completions.isEmpty || record.icalendar.contains(where: { !$0.hasPrefix(Self.keptRecurrence) }) { droppedExtras += 1 }
        sink.append(words.joined(separator: " "))
        sink.append(UInt8(ascii: "\n"))
        try sink.flushIfFull()
    }

    /// The kept property that holds a `rec:` value as the file spelled it: `X-TROVE-REC:1w`.
    static let keptRecurrence = "X-TROVE-REC:"

    /// `+2w`: how a plain interval rule is written when the file gave no other spelling; nil
    /// for a rule `rec:` cannot say.
    static func recurrence(_ rule: RepeatRule) -> String? {
        guard rule.byDay.isEmpty, rule.byMonthDay.isEmpty, rule.end == nil else { return nil }
        let unit = switch rule.frequency {
        case .daily: "d"
        case .weekly: "w"
        case .monthly: "m"
        case .yearly: "y"
        }
        return "+\(rule.interval)\(unit)"
    }

    /// The `rec:` value the file spelled, when the reader kept one.
    static func keptRecurrence(of record: ReminderRecord) -> String? {
        record.icalendar.last { $0.hasPrefix(keptRecurrence) }.map { String($0.dropFirst(keptRecurrence.count)) }
    }

    /// Whether a tag is a further `+project` of a todo.txt line.
    static func isProject(_ tag: String) -> Bool { tag.count > 1 && tag.hasPrefix("+") }

    /// A title's words as the line holds them: line breaks, tabs and runs of spaces are one
    /// space (what `FormatLimits.todoTxt.title(_:)` says a re-import gives back).
    static func titleWords(_ title: String) -> [Substring] {
        title.split(whereSeparator: { $0.isNewline || $0 == "\t" || $0 == " " })
    }

    /// Flushes the sink.
    /// - Throws: `FormatError` when the sink cannot be written.
    public mutating func finish() throws {
        try sink.flush()
    }

    /// The UTC day, counting a dropped time of day.
    private mutating func day(_ date: Date) -> String {
        let millis = Timestamp.millis(date)
        if millis % 86_400_000 != 0 { droppedTimes += 1 }
        return CalendarDay(daysSince1970: Int64((Double(millis) / 86_400_000).rounded(.down))).description
    }

    private static func letter(_ priority: Priority) -> String? {
        switch priority {
        case .none: nil
        case .high: "A"
        case .medium: "B"
        case .low: "C"
        }
    }
}
