import ArgumentParser
import Foundation
import TroveStore

/// `trove show ID|UID`: one reminder, every field, notes in full.
struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one reminder in full: every field, the notes, the repeat rule and its history.",
        discussion: """
            Text shows each field on its own line (times in your time zone), then the notes in \
            full. --format json prints the reminder exactly as `trove export` writes it.
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The reminder's id, or its uid.") var reminder: String
    @Option(help: "text or json.") var format: ShowFormat = .text

    func run() async throws {
        try await runReportingErrors(database) {
            let store = try await database.openForReading()
            // NB: a uid may be all digits (tasks.org writes such UIDs): an id that names no
            // reminder is tried as a uid before giving up.
            let found: Reminder
            if let id = Int64(reminder) {
                do {
                    found = try await store.reminder(id: id)
                } catch StoreError.reminderNotFound {
                    guard let byUID = try? await store.reminder(uid: reminder) else { throw StoreError.reminderNotFound(id: id) }
                    found = byUID
                }
            } else {
                found = try await store.reminder(uid: reminder)
            }
            switch format {
            case .json: print(JSONLinesWriter.line(for: found.record))
            case .text: print(ReminderDetail.render(found), terminator: "")
            }
        }
    }
}

enum ShowFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json
}

/// `trove show`'s text: aligned fields, then the notes.
///
/// ```
/// id         4
/// uid        0193a1c2-…
/// title      Water the plants
/// repeats    every week on Mon, Thu  (FREQ=WEEKLY;BYDAY=MO,TH)
/// ```
enum ReminderDetail {
    static func render(_ reminder: Reminder, timeZone: TimeZone = .current) -> String {
        func time(_ date: Date) -> String {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            return String(format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0)
        }
        func due(_ due: DueDate) -> String {
            switch due {
            case .day(let day): day.description
            case .time(let date): time(date)
            }
        }
        var rows: [[String]] = [
            ["id", String(reminder.id)],
            ["uid", reminder.uid],
            ["title", reminder.title.replacingOccurrences(of: "\n", with: "⏎")],
            ["list", reminder.list],
            ["tags", reminder.tags.map { "#" + $0 }.joined(separator: " ")],
            ["priority", reminder.priority.name],
            ["flagged", reminder.isFlagged ? "yes" : "no"],
        ]
        let status = if !reminder.isCompleted {
            "open"
        } else if let completedAt = reminder.completedAt {
            "completed " + time(completedAt)
        } else {
            "completed (time unknown)"
        }
        rows.append(["status", status])
        rows.append(["due", reminder.due.map(due) ?? ""])
        if let rule = reminder.repeat {
            rows.append(["repeats", "↻ \(rule)  (\(rule.rrule))"])
        }
        for (index, completion) in reminder.completions.enumerated() {
            let when = completion.completedAt.map(time) ?? "time unknown"
            rows.append([index == 0 ? "completions" : "", "\(completion.due.map(due) ?? "no due date"), completed \(when)"])
        }
        rows.append(["created", time(reminder.createdAt)])
        rows.append(["updated", time(reminder.updatedAt)])
        for (index, line) in reminder.icalendar.enumerated() {
            rows.append([index == 0 ? "icalendar" : "", line])
        }
        var text = AlignedTable.render(rows).split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n") + "\n"
        if !reminder.notes.isEmpty {
            text += "\nnotes:\n"
            text += reminder.notes.split(separator: "\n", omittingEmptySubsequences: false)
                .map { "  " + $0 }.joined(separator: "\n") + "\n"
        }
        return text
    }
}
