import Foundation
import Testing
@testable import TroveCLI
import TroveSearch
import TroveStore

/// #14 item 1 end to end: on a large database, a query typed and Enter pressed with no pause
/// prints the final answer's top hit for that text, never a row of an earlier text (the empty
/// query's top) or of a provisional page.
///
/// The database has 100,000 generated reminders (`TROVE_ENTER_RACE_COUNT` changes that), built
/// once with the CLI; each of the 20 texts starts a fresh `trove` in a tmux pane.
@Suite(.serialized)
struct TmuxEnterRaceTests {
    static let count = ProcessInfo.processInfo.environment["TROVE_ENTER_RACE_COUNT"].flatMap(Int.init) ?? 100_000

    /// Words, prefixes as they are while typing, two words, a filter alone (its provisional rows
    /// are final already) and filters with words.
    static let texts = [
        "book", "call", "dentist", "milk", "pay bill", "boo", "insur", "garden", "passport", "school",
        "tax", "list:Home", "#call dentist", "bread milk", "party", "fix", "monitor", "Mohammed", "swim", "plumber",
    ]

    @Test func enterRightAfterTypingPrintsTheFinalTopHitForThatText() async throws {
        let folder = try TemporaryFolder()
        let db = folder.path("big.db")
        try generatedJSONLines(count: Self.count, seed: 14).write(to: URL(fileURLWithPath: folder.path("big.jsonl")))
        let imported = try TroveProcess.run(["import", folder.path("big.jsonl"), "--db", db])
        try #require(imported.status == 0, "\(imported.stderr)")

        var printed: [(text: String, id: Int64?, expected: Int64?)] = []
        for text in Self.texts {
            for file in ["exit", "out", "err"] { unlink(folder.path(file)) }
            let pane = try TmuxPane("\"$TROVE\" --db big.db > out 2> err", in: folder)
            try await pane.waitForScreen(timeout: .seconds(30), "the first results") { $0.count > 1 && $0[1].contains(" of ") }
            try pane.type(text, thenPress: "Enter")
            let status = try await pane.waitForExit(timeout: .seconds(120))
            #expect(status == 0, "\(text): \(pane.file("err") ?? "")")
            let id = pane.file("out")?.split(separator: "\t").first.flatMap { Int64($0) }
            let expected = try await Self.finalPage(db: db, text: text).rows.first?.id
            printed.append((text, id, expected))
        }
        let wrong = printed.filter { $0.id != $0.expected }
        #expect(wrong.isEmpty, "printed id ≠ final top hit: \(wrong)")
        #expect(printed.count == 20 && printed.allSatisfy { $0.expected != nil })
        print("Enter race at \(Self.count) reminders: \(printed.count - wrong.count) of \(printed.count) printed the final top hit")
    }

    /// The final (ranked) first page for `text`, as the session receives it.
    static func finalPage(db: String, text: String) async throws -> ResultPage {
        let store = try await ReminderStore.open(path: db, readOnly: true)
        let search = InteractiveSearch.function(provider: try SearchProvider(database: store.database))
        for try await page in search(.init(text: text, includeCompleted: false)) where !page.isProvisional { return page }
        throw TmuxFailure(message: "no final results came for \(text)")
    }
}
