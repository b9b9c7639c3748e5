import ArgumentParser
import TroveStore

struct Init: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "init", abstract: "Create the database, or upgrade an older one.")

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        try await runReportingErrors(database) {
            let existed = database.location.exists
            let store = try await database.openForWriting()
            print(existed ? "The database at \(store.path) is ready (schema \(Migrator().latestVersion))." : "Created \(store.path).")
        }
    }
}
