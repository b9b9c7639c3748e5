import ArgumentParser
import TroveStore

struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Add a reminder.")

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("The title; its words are joined, as `trove search` joins them (`trove add Buy oat milk`).", valueName: "title"))
    var words: [String]
    @Option(help: "Notes.") var notes: String = ""
    @Option(help: "The list; created if new. Default: Reminders.") var list: String?
    @Option(name: .customLong("tag"), help: "A tag; repeat for more.") var tags: [String] = []
    @Option(help: "none, low, medium or high.") var priority: String?
    @Option(help: "When it is due: today, tomorrow, fri, next friday, in 3 days, 1w, eow, eom, dec 24, 2026-12-24, tomorrow 9am.") var due: String?
    @Flag(help: "Flag it.") var flag = false
    @Option(help: ArgumentHelp("How it repeats: \"every 2 weeks on mon,thu\", \"monthly on the last fri\", \"daily until 2026-12-31\", or an RRULE. Needs --due.", valueName: "rule"))
    var `repeat`: String?

    /// The title: the words as typed, one space between them.
    var title: String { words.joined(separator: " ") }

    func validate() throws {
        guard title.contains(where: { !$0.isWhitespace }) else {
            throw ValidationError("Give the reminder a title, as in `trove add Buy oat milk`.")
        }
    }

    func run() async throws {
        try await runReportingErrors(database) {
            let record = ReminderRecord(
                title: title, notes: notes, list: list, tags: tags,
                priority: try priority.map(ReminderInput.priority) ?? .none,
                isFlagged: flag,
                due: try due.map { try ReminderInput.due($0) },
                repeat: try `repeat`.map(ReminderInput.repeat)
            )
            let store = try await database.openForWriting()
            let reminder = try await store.add(record)
            let repeats = reminder.repeat.map { " ↻ \($0)" } ?? ""
            print("Added \(reminder.id): \(reminder.title) (\(reminder.list))\(ReminderInput.spokenDue(reminder.due))\(repeats)")
        }
    }
}
