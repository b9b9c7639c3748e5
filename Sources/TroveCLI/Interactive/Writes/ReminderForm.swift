import Foundation
import TroveStore

/// A reminder as a small text form for `$EDITOR`, and the changes an edited form asks for.
///
/// ```text
/// # Reminder 12: change what you like, then save and close the editor. Empty the file to cancel.
/// # due: today, tomorrow 9am, fri, next friday, in 3 days, dec 24, 2026-12-24; empty for none
/// # …
/// title: Call the plumber
/// list: Home
/// tags: call urgent
/// priority: high
/// flagged: yes
/// due: 2026-11-25 09:00
/// repeat:
/// notes:
/// Keeps dropping below 1 bar overnight.
/// ```
///
/// Only the fields whose text changed are written, so an untouched `due:` keeps its seconds and
/// a field deleted from the form is left as it was. Everything after `notes:` is the notes.
enum ReminderForm {
    enum Field: String, CaseIterable, Sendable {
        case title, list, tags, priority, flagged, due, `repeat`, notes
    }

    /// The form for a reminder.
    static func render(_ reminder: Reminder, timeZone: TimeZone = .current) -> String {
        let due = reminder.due.map { due -> String in
            switch due {
            case .day(let day): return day.description
            case .time(let date):
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = timeZone
                let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
                return String(format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0)
            }
        } ?? ""
        // NB: the rule in words when they read back as the same rule, else as an RRULE.
        let repeats = reminder.repeat.map { rule in (try? RepeatRule(phrase: rule.description)) == rule ? rule.description : rule.rrule } ?? ""
        return """
            # Reminder \(reminder.id): change what you like, then save and close the editor. Empty the file to cancel.
            # due: today, tomorrow 9am, fri, next friday, in 3 days, dec 24, 2026-12-24; empty for none
            # repeat: daily, every 2 weeks on mon,thu, monthly on the 15th; empty for none
            # priority: none, low, medium or high · flagged: yes or no · tags: separated by spaces
            # Everything after "notes:" is the notes, as written.
            \(field(.title, oneLine(reminder.title)))
            \(field(.list, reminder.list))
            \(field(.tags, reminder.tags.joined(separator: " ")))
            \(field(.priority, reminder.priority.name))
            \(field(.flagged, reminder.isFlagged ? "yes" : "no"))
            \(field(.due, due))
            \(field(.repeat, repeats))
            notes:
            \(reminder.notes)

            """
    }

    /// The form's field values, as written (trimmed; the notes verbatim).
    /// - Returns: nil for a form with no fields at all: emptied to cancel.
    /// - Throws: ``ReminderFormError`` naming the line.
    static func fields(_ text: String) throws(ReminderFormError) -> [Field: String]? {
        var values: [Field: String] = [:]
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        for (index, rawLine) in lines.enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let colon = line.firstIndex(of: ":") else {
                throw ReminderFormError(line: index + 1, problem: "expected a field such as \"title: Buy milk\"")
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            guard let field = Field(rawValue: name) else {
                let names = Field.allCases.map(\.rawValue).joined(separator: ", ")
                throw ReminderFormError(line: index + 1, problem: "\"\(name)\" is not a field; the fields are \(names)")
            }
            guard values[field] == nil else {
                throw ReminderFormError(line: index + 1, problem: "\(name) is given twice; keep one")
            }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if field == .notes {
                var notes = lines[(index + 1)...].joined(separator: "\n")
                // NB: editors end a file with a line break; the notes did not have it.
                if notes.hasSuffix("\n") { notes.removeLast() }
                values[.notes] = value.isEmpty ? notes : value + (notes.isEmpty ? "" : "\n" + notes)
                break
            }
            values[field] = value
        }
        return values.isEmpty ? nil : values
    }

    /// The changes from the form as opened to the form as saved.
    /// - Returns: nil when the saved form was emptied (cancel); empty changes when nothing differs.
    /// - Throws: ``ReminderFormError`` for a value that does not read.
    static func changes(original: String, edited: String, dates: NaturalDate) throws(ReminderFormError) -> ReminderChanges? {
        guard let new = try fields(edited) else { return nil }
        let old = (try? fields(original)) ?? [:]
        var changes = ReminderChanges()
        for field in Field.allCases {
            guard let value = new[field], value != old[field] else { continue }
            func problem(_ text: String) -> ReminderFormError { ReminderFormError(field: field, problem: text) }
            switch field {
            case .title:
                guard !value.isEmpty else { throw problem("the title cannot be empty") }
                changes.title = value
            case .list:
                guard !value.isEmpty else { throw problem("every reminder is in a list; name one (Reminders is the default)") }
                changes.list = value
            case .tags:
                let before = Set(tags(old[.tags] ?? ""))
                let after = tags(value)
                changes.addTags = after.filter { !before.contains($0) }
                changes.removeTags = before.subtracting(after).sorted()
            case .priority:
                let bangs = value.allSatisfy { $0 == "!" } && !value.isEmpty ? String(value.count) : value
                guard let priority = Priority(name: bangs.isEmpty ? "none" : bangs) else {
                    throw problem("\"\(value)\" is not a priority; use none, low, medium or high")
                }
                changes.priority = priority
            case .flagged:
                switch value.lowercased() {
                case "yes", "y", "true", "1", "⚑": changes.isFlagged = true
                case "no", "n", "false", "0", "": changes.isFlagged = false
                default: throw problem("\"\(value)\" is not yes or no")
                }
            case .due:
                if value.isEmpty || value.lowercased() == "none" {
                    changes.due = .some(nil)
                } else {
                    do { changes.due = .some(try dates.parse(value)) } catch { throw problem(error.description) }
                }
            case .repeat:
                if value.isEmpty || value.lowercased() == "none" {
                    changes.repeat = .some(nil)
                } else {
                    do { changes.repeat = .some(try RepeatRule(phrase: value)) } catch { throw problem(error.description) }
                }
            case .notes:
                changes.notes = value
            }
        }
        return changes
    }

    /// The saved form again, with the problem said at its top (replacing an earlier one).
    static func annotated(_ text: String, problem: String) -> String {
        let kept = text.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("# Problem: ") }
        return "# Problem: \(problem). Fix it and save, or save it unchanged to keep this file and give up.\n"
            + kept.joined(separator: "\n")
    }

    /// `#call, urgent errand` → ["call", "urgent", "errand"].
    private static func tags(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
            .map { $0.hasPrefix("#") ? String($0.dropFirst()) : String($0) }
            .filter { !$0.isEmpty }
    }

    /// `due: fri`, or `due:` with no trailing space when empty (editors strip it, and a changed
    /// line would then read as an edit).
    private static func field(_ field: Field, _ value: String) -> String {
        value.isEmpty ? "\(field.rawValue):" : "\(field.rawValue): \(value)"
    }

    private static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
    }
}

/// Why an edited form cannot be saved: the line or field, and what to write instead.
struct ReminderFormError: Error, Hashable, CustomStringConvertible {
    var line: Int?
    var field: ReminderForm.Field?
    var problem: String

    init(line: Int, problem: String) {
        self.line = line
        self.problem = problem
    }

    init(field: ReminderForm.Field, problem: String) {
        self.field = field
        self.problem = problem
    }

    var description: String {
        if let line { return "line \(line): \(problem)" }
        if let field { return "\(field.rawValue): \(problem)" }
        return problem
    }
}
