import ArgumentParser
import Foundation
import TroveQuery
import TroveSQLite
import TroveSearch
import TroveStore

/// `trove-bench app-writes`: an app that keeps its own table searchable through a `SearchIndex`,
/// writing as an app does. It is what the kill -9 suite kills (TroveReliabilityTests'
/// `AppIndexCrashSafetyTests`): after any kill, `SearchIndex.check` must pass and each batch
/// must be there whole or not at all.
///
/// It makes `notes` (if absent) with `--rows` notes in one transaction, migrates the index over
/// them, then writes `--batches` transactions of 40 inserts, 20 edits and 10 deletes each, every
/// one recording itself in `batches`, so the rows expected after a kill are known. One batch in
/// five goes through `SearchIndex.bulkWrite`.
struct AppWritesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app-writes",
        abstract: "Write to an app's table kept searchable by a SearchIndex (the kill -9 suite's app).",
        discussion: "Example: trove-bench app-writes --db notes.db --rows 5000 --batches 200",
        shouldDisplay: false)

    @Option(help: "The app's database file.") var db: String
    @Option(help: "Notes written before the index is made, in one transaction.") var rows: Int = 5_000
    @Option(help: "Transactions of 40 inserts, 20 edits and 10 deletes after it.") var batches: Int = 200
    @Option(help: "The seed of the generated text.") var seed: UInt64 = 1

    /// The app's declaration: what the suite checks with.
    static func index() throws -> SearchIndex {
        try SearchIndex(table: "notes", key: "id", fields: [.init("title", weight: 4), .init("body")],
            filters: ["folder": .text("folder")], facets: ["folder"])
    }

    /// Rows each batch adds: 40 inserted, 10 deleted.
    static let rowsPerBatch = 30

    func run() throws {
        let connection = try SQLConnection(path: db)
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT, folder TEXT);
            CREATE TABLE IF NOT EXISTS batches (id INTEGER PRIMARY KEY);
            """)
        var random = Random(seed: seed)
        if try connection.fetchValue("SELECT count(*) FROM notes", as: Int.self) == 0 {
            try connection.transaction(.immediate) {
                for _ in 0..<rows { try insert(&random, connection) }
            }
        }
        let index = try Self.index()
        try index.migrate(connection)
        for batch in 0..<batches {
            // NB: one batch in five through bulkWrite, whose triggers are away while it writes
            // and whose index catches up at its end: a kill there must leave the index whole too.
            let write = { (body: () throws -> Void) throws in
                if batch % 5 == 4 {
                    try index.bulkWrite(on: connection, body)
                } else {
                    try connection.transaction(.immediate, body)
                }
            }
            try write {
                for _ in 0..<40 { try insert(&random, connection) }
                for _ in 0..<20 {
                    try connection.execute("""
                        UPDATE notes SET title = \(random.sentence(3)), body = \(random.sentence(30))
                        WHERE id = (SELECT id FROM notes ORDER BY id LIMIT 1 OFFSET \(Int(random.next() % 1_000)))
                        """)
                }
                for _ in 0..<10 {
                    try connection.execute("DELETE FROM notes WHERE id = (SELECT max(id) FROM notes)")
                }
                try connection.execute("INSERT INTO batches DEFAULT VALUES")
            }
        }
        print("wrote \(batches) batches")
    }

    private func insert(_ random: inout Random, _ connection: SQLConnection) throws {
        try connection.execute("""
            INSERT INTO notes (title, body, folder) VALUES (\(random.sentence(4)), \(random.sentence(40)), \(random.word()))
            """)
    }

    /// Words drawn from a small vocabulary, two of its twenty Chinese, so that the substring
    /// index is written too.
    struct Random {
        var generator: SplitMix64
        static let words = ["bread", "starter", "flour", "camera", "lisbon", "train", "garden", "invoice", "meeting",
            "library", "dentist", "plumber", "budget", "report", "sourdough", "东京", "会议记录", "tomato", "bicycle", "museum"]

        init(seed: UInt64) { generator = SplitMix64(seed: seed) }

        mutating func next() -> UInt64 { generator.next() }

        mutating func word() -> String { Self.words[Int(next() % UInt64(Self.words.count))] }

        mutating func sentence(_ count: Int) -> String {
            (0..<count).map { _ in word() }.joined(separator: " ")
        }
    }
}
