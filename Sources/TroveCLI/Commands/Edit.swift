import ArgumentParser
import Foundation
import TroveStore

struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change reminders' fields: by id, or every hit of a query.",
        discussion: ReminderTargets.discussion(command: "edit", verb: "Change", scope: "its hits (as `trove search --typos off --word-forms off QUERY` lists them)")
            + "\n\nThe confirmation names every field that changed: `Updated 3: Buy milk (Groceries); flagged, tagged #dairy`.")

    @OptionGroup var database: DatabaseOptions

    @Flag(help: ReminderTargets.yesHelp) var yes = false
    @Argument(parsing: .allUnrecognized, help: ReminderTargets.argumentHelp) var targets: [String] = []
    @Option(help: "A new title.") var title: String?
    @Option(help: "New notes (\"\" clears them).") var notes: String?
    @Option(help: "Move it to this list; created if new.", completion: .listNames) var list: String?
    @Option(help: "none, low, medium or high.") var priority: String?
    @Option(help: "When it is due: today, tomorrow, fri, next friday, in 3 days, 1w, eow, eom, dec 24, 2026-12-24, tomorrow 9am; none removes it.") var due: String?
    @Flag(help: "Remove the due date.") var noDue = false
    @Flag(inversion: .prefixedNo, help: "Flag or unflag it.") var flag: Bool?
    @Option(help: ArgumentHelp("How it repeats, as for `trove add --repeat`.", valueName: "rule")) var `repeat`: String?
    @Flag(help: "Stop it repeating.") var noRepeat = false
    @Option(name: .customLong("tag"), help: "Add a tag; repeatable.", completion: .tagNames) var addTags: [String] = []
    @Option(name: .customLong("untag"), help: "Remove a tag; repeatable.", completion: .tagNames) var removeTags: [String] = []

    func validate() throws {
        if noDue && due != nil { throw ValidationError("Pass either --due or --no-due, not both.") }
        if noRepeat && `repeat` != nil { throw ValidationError("Pass either --repeat or --no-repeat, not both.") }
        let changesSomething = title != nil || notes != nil || list != nil || priority != nil || due != nil || noDue
            || flag != nil || `repeat` != nil || noRepeat || !addTags.isEmpty || !removeTags.isEmpty
        guard changesSomething else {
            let example = targets.prefix { $0 != "--" }.joined(separator: " ")
            throw ValidationError("Nothing to change: say what, as in `trove edit \(example.isEmpty ? "3" : example) --due fri` or `--title \"New title\"`.")
        }
    }

    func run() async throws {
        try await runReportingErrors(database) {
            var changes = ReminderChanges()
            changes.title = title
            changes.notes = notes
            changes.list = list
            changes.priority = try priority.map(ReminderInput.priority)
            if noDue || due.map(ReminderInput.meansNoDue) == true {
                changes.due = .some(nil)
            } else if let due {
                changes.due = .some(try ReminderInput.due(due))
            }
            changes.isFlagged = flag
            if noRepeat { changes.repeat = .some(nil) } else if let rule = `repeat` { changes.repeat = .some(try ReminderInput.repeat(rule)) }
            changes.addTags = addTags
            changes.removeTags = removeTags
            let targets = try ReminderTargets(self.targets, command: Self.self)
            let store = try await database.openForWriting()
            let ids = try await targets.ids(in: store)
            var before: [Reminder] = []
            if case .query(let text) = targets {
                if ids.isEmpty { throw ReminderTargets.noMatches(text) }
                before = try await store.reminders(ids: ids)
            } else {
                // NB: one by one, so an unknown id is named, as before queries.
                for id in ids { before.append(try await store.reminder(id: id)) }
            }
            // NB: a command that changes nothing says so and exits 1, as `done` does, and
            // writes no journal entry that `trove undo` would then spend a step on.
            let changing = before.filter(changes.wouldChange)
            guard !changing.isEmpty else {
                let which = switch targets {
                case .ids(let ids): ids.count == 1 ? "\(ids[0]) has" : ids.map(String.init).joined(separator: ", ") + " have"
                case .query(let text): "The reminders matching ‘\(text)’ have"
                }
                Terminal.standardError.write("\(which) those values already; nothing changed.\n")
                throw ExitCode(ExitStatus.noResults.rawValue)
            }
            try targets.confirm(count: changing.count, verb: "Change", yes: yes)
            let after = try await store.update(ids: changing.map(\.id), changes)
            for (old, new) in zip(changing, after) { print(Self.confirmation(before: old, after: new)) }
        }
    }

    /// `Updated 3: Buy milk (Groceries); flagged, tagged #dairy`: every field that changed.
    static func confirmation(before: Reminder, after: Reminder, dates: NaturalDate = NaturalDate()) -> String {
        func same(_ a: String, _ b: String) -> Bool { a.lowercased() == b.lowercased() }
        var changed: [String] = []
        if after.title != before.title { changed.append("title") }
        if after.notes != before.notes { changed.append(after.notes.isEmpty ? "notes cleared" : "notes") }
        if after.list != before.list { changed.append("list \(after.list)") }
        if after.priority != before.priority {
            changed.append(after.priority == .none ? "no priority" : "priority " + String(repeating: "!", count: after.priority.rawValue))
        }
        if after.due != before.due {
            changed.append(after.due.map { "due \($0.spoken(today: dates.today, timeZone: dates.timeZone))" } ?? "no due date")
        }
        if after.repeat != before.repeat { changed.append(after.repeat.map { "↻ \($0)" } ?? "no repeat") }
        if after.isFlagged != before.isFlagged { changed.append(after.isFlagged ? "flagged" : "unflagged") }
        let added = after.tags.filter { tag in !before.tags.contains { same($0, tag) } }
        let removed = before.tags.filter { tag in !after.tags.contains { same($0, tag) } }
        if !added.isEmpty { changed.append("tagged " + added.map { "#" + $0 }.joined(separator: " ")) }
        if !removed.isEmpty { changed.append("untagged " + removed.map { "#" + $0 }.joined(separator: " ")) }
        let head = "Updated \(after.id): \(after.title) (\(after.list))"
        return changed.isEmpty ? head : head + "; " + changed.joined(separator: ", ")
    }
}

extension ReminderChanges {
    /// Whether applying the changes to `reminder` would change any field; names compare as the
    /// database compares them (lists and tags ignore ASCII case).
    func wouldChange(_ reminder: Reminder) -> Bool {
        func same(_ a: String, _ b: String) -> Bool { a.lowercased() == b.lowercased() }
        if let title = title, title != reminder.title { return true }
        if let notes = notes, notes != reminder.notes { return true }
        if let list = list, !same(list, reminder.list) { return true }
        if let priority = priority, priority != reminder.priority { return true }
        if let due = due, due != reminder.due { return true }
        if let isFlagged = isFlagged, isFlagged != reminder.isFlagged { return true }
        if let rule = self.repeat, rule?.rrule != reminder.repeat?.rrule { return true }
        if addTags.contains(where: { tag in !reminder.tags.contains { same($0, tag) } }) { return true }
        return removeTags.contains { tag in reminder.tags.contains { same($0, tag) } }
    }
}
