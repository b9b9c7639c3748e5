import ArgumentParser
import Foundation
import TroveStore

struct Done: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Mark reminders completed.")
    @OptionGroup var database: DatabaseOptions
    @Argument(help: "Reminder ids.") var ids: [Int64]

    func run() async throws {
        try await runReportingErrors(verbose: database.verbose) {
            let store = try await database.openForWriting()
            let changed = try await store.setCompleted(ids, true)
            print("Completed \(changed.count) of \(ids.count).")
            for id in changed {
                let reminder = try await store.reminder(id: id)
                guard !reminder.isCompleted, let rule = reminder.repeat, let due = reminder.due else { continue }
                print("\(id) repeats \(rule): next due \(DueText.format(due, today: CalendarDay(Date()), timeZone: .current)).")
            }
        }
    }
}

struct Undone: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Mark reminders not completed.")
    @OptionGroup var database: DatabaseOptions
    @Argument(help: "Reminder ids.") var ids: [Int64]

    func run() async throws {
        try await runReportingErrors(verbose: database.verbose) {
            let changed = try await database.openForWriting().setCompleted(ids, false)
            print("Reopened \(changed.count) of \(ids.count).")
        }
    }
}

struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete reminders.")
    @OptionGroup var database: DatabaseOptions
    @Argument(help: "Reminder ids.") var ids: [Int64]

    func run() async throws {
        try await runReportingErrors(verbose: database.verbose) {
            let deleted = try await database.openForWriting().delete(ids)
            print("Deleted \(deleted.count).")
        }
    }
}
