import Foundation

/// The properties of one VTODO as they are read.
struct TodoBuilder {
    let line: Int
    var uid: String?
    var title: String?
    var notes = ""
    var list: String?
    var tags: [String] = []
    var priority = Priority.none
    var isFlagged = false
    var isCompleted = false
    var completedAt: Date?
    var due: DueDate?
    var rule: RepeatRule?
    var recurrenceID: DueDate?
    var createdAt: Date?
    var stamp: Date?
    var lastModified: Date?
    /// The line each property allowed once was on, to name both lines of a repeat.
    var propertyLines: [String: Int] = [:]
    /// Content lines Trove does not model, nested components (VALARM) included, verbatim.
    var kept: [String] = []

    init(line: Int) {
        self.line = line
    }

    /// The record; a VTODO without SUMMARY (optional in RFC 5545 §3.6.2) takes the first line
    /// of its DESCRIPTION as its title, else "(untitled)".
    func record(defaultList: String?) -> ReminderRecord {
        var title = self.title ?? ""
        if RecordRules.isBlank(title) {
            let firstLine = notes.split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
            title = firstLine ?? "(untitled)"
        }
        let cleanTags = tags.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return ReminderRecord(
            uid: uid, title: title, notes: notes, list: list ?? defaultList, tags: RecordRules.deduplicated(cleanTags),
            priority: priority, isFlagged: isFlagged, isCompleted: isCompleted, completedAt: completedAt,
            due: due, repeat: rule, createdAt: createdAt, updatedAt: lastModified ?? stamp, icalendar: kept,
            recurrenceID: recurrenceID)
    }
}
