import Foundation

extension ReminderRecord {
    /// This record with every value its file could not tell apart from `stored`'s taken from
    /// `stored`: each value the format of `limits` would give back cut (a time to the second
    /// or the day, a title's tabs, a carriage return) and equal to the file's, and, when the
    /// format has no place for them, the stored completed occurrences and iCalendar properties.
    ///
    /// ```swift
    /// // stored createdAt 2025-11-03T22:01:00.250Z, the .ics gives 2025-11-03T22:01:00Z
    /// record.keepingStoredDetail(of: stored, limits: .iCalendar).createdAt
    /// // 2025-11-03T22:01:00.250Z
    /// ```
    ///
    /// NB: so a re-import of Trove's own iCalendar or todo.txt export leaves unchanged what did
    /// not change, and an update of another field keeps the stored milliseconds, times of day,
    /// text, occurrences and properties instead of cutting them to what the file holds.
    func keepingStoredDetail(of stored: Reminder, limits: FormatLimits) -> ReminderRecord {
        guard limits != .none else { return self }
        var record = self
        if !limits.holdsOccurrencesAndProperties {
            record.completions = stored.completions
            // NB: the one property todo.txt carries itself, its `rec:` spelling, comes from the file.
            let isRec = { (line: String) in line.hasPrefix(TodoTxtWriter.keptRecurrence) }
            record.icalendar = stored.icalendar.filter { !isRec($0) } + icalendar.filter(isRec)
        }
        if limits.title(stored.title) == title { record.title = stored.title }
        if limits.text(stored.notes) == notes { record.notes = stored.notes }
        if let list, limits.text(stored.list) == list { record.list = stored.list }
        if tags.count == stored.tags.count {
            record.tags = zip(tags, stored.tags).map { tag, storedTag in limits.text(storedTag) == tag ? storedTag : tag }
        }
        let precision = limits.timePrecision
        if let createdAt, precision.same(createdAt, stored.createdAt) {
            record.createdAt = stored.createdAt
        }
        if let completedAt, let storedAt = stored.completedAt, precision.same(completedAt, storedAt) {
            record.completedAt = storedAt
        }
        if let due, let storedDue = stored.due, precision.same(written: due, stored: storedDue) {
            record.due = storedDue
        }
        record.completions = record.completions.map { completion in
            stored.completions.first { precision.same(written: completion, stored: $0) } ?? completion
        }
        return record
    }
}

extension TimePrecision {
    /// Whether a completed occurrence read from a file of this precision is `stored`.
    func same(written: Completion, stored: Completion) -> Bool {
        let sameDue = switch (written.due, stored.due) {
        case (nil, nil): true
        case (let a?, let b?): same(written: a, stored: b)
        default: false
        }
        let sameTime = switch (written.completedAt, stored.completedAt) {
        case (nil, nil): true
        case (let a?, let b?): same(a, b)
        default: false
        }
        return sameDue && sameTime
    }
}
