import Foundation

extension ReminderRecord {
    /// This record with what its file could not hold taken from `stored`: every time that a
    /// file of `precision` cannot tell apart from the stored one (creation, completion, due
    /// date, completed occurrences), and, unless the file `holdsExtras`, the stored completed
    /// occurrences and kept iCalendar properties.
    ///
    /// ```swift
    /// // stored createdAt 2025-11-03T22:01:00.250Z, the .ics gives 2025-11-03T22:01:00Z
    /// record.keepingStoredDetail(of: stored, at: .seconds, holdsExtras: true).createdAt
    /// // 2025-11-03T22:01:00.250Z
    /// ```
    ///
    /// NB: so a re-import of Trove's own iCalendar or todo.txt export leaves unchanged what did
    /// not change, and an update of another field keeps the stored milliseconds, times of day,
    /// occurrences and properties instead of cutting them to what the file holds.
    func keepingStoredDetail(of stored: Reminder, at precision: TimePrecision, holdsExtras: Bool) -> ReminderRecord {
        var record = self
        if !holdsExtras {
            record.completions = stored.completions
            record.icalendar = stored.icalendar
        }
        guard precision != .milliseconds else { return record }
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
