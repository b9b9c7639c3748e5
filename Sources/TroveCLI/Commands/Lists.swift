import ArgumentParser
import TroveStore

struct Lists: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "lists", abstract: "Show the lists with their open and completed counts.")
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        try await runReportingErrors(database) {
            let lists = try await database.openForReading().lists()
            guard !lists.isEmpty else { return print("No lists yet; `trove add TITLE --list NAME` makes one.") }
            let rows = [["LIST", "OPEN", "DONE"]] + lists.map { [$0.name, String($0.openCount), String($0.completedCount)] }
            print(AlignedTable.render(rows, rightAligned: [1, 2]))
        }
    }
}

struct Tags: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tags", abstract: "Show the tags and how many reminders have each.")
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        try await runReportingErrors(database) {
            let tags = try await database.openForReading().tags()
            guard !tags.isEmpty else { return print("No tags yet; `trove add TITLE --tag NAME` adds one.") }
            let rows = [["TAG", "REMINDERS"]] + tags.map { [$0.name, String($0.count)] }
            print(AlignedTable.render(rows, rightAligned: [1]))
        }
    }
}
