import ArgumentParser
import Foundation
import TroveStore

struct Done: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done", abstract: "Mark reminders completed: by id, or every open hit of a query.",
        discussion: ReminderTargets.discussion(command: "done", verb: "Complete", scope: "its open hits (as `trove search --open --typos off --word-forms off QUERY` lists them)"))
    @OptionGroup var database: DatabaseOptions
    @Flag(help: ReminderTargets.yesHelp) var yes = false
    @Argument(parsing: .allUnrecognized, help: ReminderTargets.argumentHelp) var targets: [String] = []

    func run() async throws {
        try await runReportingErrors(database) {
            let targets = try ReminderTargets(self.targets, command: Self.self)
            let store = try await database.openForWriting()
            let ids = try await targets.ids(in: store, includeCompleted: false)
            if case .query(let text) = targets, ids.isEmpty { throw ReminderTargets.noMatches(text) }
            try targets.confirm(count: ids.count, verb: "Complete", yes: yes)
            let changed = try await store.setCompleted(ids, true)
            print("Completed \(changed.count) of \(ids.count).")
            try Self.sayUnchanged(ids, changed: changed, state: "completed")
            // NB: read 500 at a time: one read per id kept `trove done task --yes` over 200,000
            // hits running for minutes after its commit.
            for reminder in try await store.reminders(ids: changed) {
                guard !reminder.isCompleted, let rule = reminder.repeat, let due = reminder.due else { continue }
                let id = reminder.id
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
    static let configuration = CommandConfiguration(
        commandName: "undone", abstract: "Mark reminders not completed: by id, or every completed hit of a query.",
        discussion: ReminderTargets.discussion(command: "undone", verb: "Reopen", scope: "its completed hits"))
    @OptionGroup var database: DatabaseOptions
    @Flag(help: ReminderTargets.yesHelp) var yes = false
    @Argument(parsing: .allUnrecognized, help: ReminderTargets.argumentHelp) var targets: [String] = []

    func run() async throws {
        try await runReportingErrors(database) {
            let targets = try ReminderTargets(self.targets, command: Self.self)
            let store = try await database.openForWriting()
            var ids = try await targets.ids(in: store, includeCompleted: true)
            if case .query(let text) = targets {
                // NB: the search has no "completed only" scope but `is:completed`, which the
                // query may contradict; the hits' own state says which ones are completed.
                ids = try await store.reminders(ids: ids).filter(\.isCompleted).map(\.id)
                if ids.isEmpty { throw ReminderTargets.noMatches(text) }
            }
            try targets.confirm(count: ids.count, verb: "Reopen", yes: yes)
            let changed = try await store.setCompleted(ids, false)
            print("Reopened \(changed.count) of \(ids.count).")
            try Done.sayUnchanged(ids, changed: changed, state: "open")
        }
    }
}

struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Delete reminders: by id, or every hit of a query.",
        discussion: ReminderTargets.discussion(command: "rm", verb: "Delete", scope: "its hits (as `trove search --typos off --word-forms off QUERY` lists them: completed ones too when the query has words, as in `trove rm milk`, or says is:completed)"))
    @OptionGroup var database: DatabaseOptions
    @Flag(help: ReminderTargets.yesHelp) var yes = false
    @Argument(parsing: .allUnrecognized, help: ReminderTargets.argumentHelp) var targets: [String] = []

    func run() async throws {
        try await runReportingErrors(database) {
            let targets = try ReminderTargets(self.targets, command: Self.self)
            let store = try await database.openForWriting()
            let ids = try await targets.ids(in: store)
            if case .query(let text) = targets, ids.isEmpty { throw ReminderTargets.noMatches(text) }
            try targets.confirm(count: ids.count, verb: "Delete", yes: yes)
            let deleted = try await store.delete(ids)
            print("Deleted \(deleted.count).")
        }
    }
}
