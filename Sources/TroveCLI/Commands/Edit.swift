import ArgumentParser
import TroveStore

struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a reminder's fields.")

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The reminder's id.") var id: Int64
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
            throw ValidationError("Nothing to change: say what, as in `trove edit \(id) --due fri` or `--title \"New title\"`.")
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
            let store = try await database.openForWriting()
            // NB: a command that changes nothing says so and exits 1, as `done` does, and
            // writes no journal entry that `trove undo` would then spend a step on.
            let before = try await store.reminder(id: id)
            guard changes.wouldChange(before) else {
                Terminal.standardError.write("\(id) has those values already; nothing changed.\n")
                throw ExitCode(ExitStatus.noResults.rawValue)
            }
            let reminder = try await store.update(id: id, changes)
            let due = changes.due == nil ? "" : ReminderInput.spokenDue(reminder.due)
            print("Updated \(reminder.id): \(reminder.title) (\(reminder.list))\(due)")
        }
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
