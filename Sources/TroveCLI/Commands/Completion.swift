import ArgumentParser
import TroveStore

struct Done: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Mark reminders completed.")
    @OptionGroup var database: DatabaseOptions
    @Argument(help: "Reminder ids.") var ids: [Int64]

    func run() async throws {
        try await runReportingErrors(database) {
            let changed = try await database.openForWriting().setCompleted(ids, true)
            print("Completed \(changed.count) of \(ids.count).")
        }
    }
}

struct Undone: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Mark reminders not completed.")
    @OptionGroup var database: DatabaseOptions
    @Argument(help: "Reminder ids.") var ids: [Int64]

    func run() async throws {
        try await runReportingErrors(database) {
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
        try await runReportingErrors(database) {
            let deleted = try await database.openForWriting().delete(ids)
            print("Deleted \(deleted.count).")
        }
    }
}
