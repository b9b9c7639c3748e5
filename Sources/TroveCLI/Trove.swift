import ArgumentParser

@main
struct Trove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trove",
        abstract: "Search your reminders and notes, locally, as you type."
    )

    mutating func run() async throws {
        print("trove: not yet")
    }
}
