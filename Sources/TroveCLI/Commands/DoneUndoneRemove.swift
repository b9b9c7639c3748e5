import ArgumentParser
import Foundation
import TroveStore

struct Done: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "done", abstract: "Mark reminders completed.")
    @OptionGroup var database: DatabaseOptions
    @Argument(help: "Reminder ids.") var ids: [Int64]

    func run() async throws {
        try await runReportingErrors(database) {
            let store = try await database.openForWriting()
            let changed = try await store.setCompleted(ids, true)
            print("Completed \(changed.count) of \(ids.count).")
            try Self.sayUnchanged(ids, changed: changed, state: "completed")
            for id in changed {
                let reminder = try await store.reminder(id: id)
                guard !reminder.isCompleted, let rule = reminder.repeat, let due = reminder.due else { continue }
                print("\(id) repeats \(rule): next due \(DueText.format(due, today: CalendarDay(Date()), timeZone: .current)).")
            }
        }
    }
}

extension Done {
    /// Says which reminders were left as they were and why; exits 1 when none changed, as a
    /// command that changes nothing does.
    ///
    /// ```text
    /// Completed 0 of 1.
    /// 4 is completed already.      ← stderr; exit 1
    /// ```
    static func sayUnchanged(_ ids: [Int64], changed: [Int64], state: String) throws {
        var unchanged: [Int64] = []
        for id in ids where !changed.contains(id) && !unchanged.contains(id) { unchanged.append(id) }
        guard !unchanged.isEmpty else { return }
        let names = unchanged.map(String.init).joined(separator: ", ")
        Terminal.standardError.write("\(names) \(unchanged.count == 1 ? "is" : "are") \(state) already.\n")
        if changed.isEmpty { throw ExitCode(ExitStatus.noResults.rawValue) }
    }
}

struct Undone: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "undone", abstract: "Mark reminders not completed.")
    @OptionGroup var database: DatabaseOptions
    @Argument(help: "Reminder ids.") var ids: [Int64]

    func run() async throws {
        try await runReportingErrors(database) {
            let changed = try await database.openForWriting().setCompleted(ids, false)
            print("Reopened \(changed.count) of \(ids.count).")
            try Done.sayUnchanged(ids, changed: changed, state: "open")
        }
    }
}

struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete reminders.")
    @OptionGroup var database: DatabaseOptions
    @Argument(help: "Reminder ids.") var ids: [Int64]

    func run() async throws {
        try await runReportingErrors(database) {
            let deleted = try await database.openForWriting().delete(ids)
            print("Deleted \(deleted.count).")
        }
    }
}
