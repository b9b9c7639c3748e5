import ArgumentParser
import TroveStore

struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Add a reminder.")

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The title.") var title: String
    @Option(help: "Notes.") var notes: String = ""
    @Option(help: "The list; created if new. Default: Reminders.") var list: String?
    @Option(name: .customLong("tag"), help: "A tag; repeat for more.") var tags: [String] = []
    @Option(help: "none, low, medium or high.") var priority: String?
    @Option(help: "YYYY-MM-DD, a date-time, today, tomorrow or +N days.") var due: String?
    @Flag(help: "Flag it.") var flag = false
    @Option(help: ArgumentHelp("How it repeats: \"every 2 weeks on mon,thu\", \"monthly on the last fri\", \"daily until 2026-12-31\", or an RRULE. Needs --due.", valueName: "rule"))
    var `repeat`: String?

    func run() async throws {
        try await runReportingErrors(verbose: database.verbose) {
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
            print("Added \(reminder.id): \(reminder.title) (\(reminder.list))\(repeats)")
        }
    }
}
