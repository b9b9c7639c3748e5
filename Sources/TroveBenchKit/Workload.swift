public import Foundation
import TroveSQLite
public import TroveStore

/// The data a run measures: `ReminderGenerator(seed:count:)` imported into a Trove database,
/// cached in `dataDirectory` under a name that holds the seed, the count and the schema version.
///
/// ```swift
/// let workload = Workload(seed: 1, count: 100_000, dataDirectory: ".build/bench-data")
/// try await workload.database()   // ".build/bench-data/trove-seed1-n100000-schema1.db", imported once
/// ```
public struct Workload: Sendable {
    public var seed: UInt64
    public var count: Int
    public var dataDirectory: String
    /// How many tag names the records' tags are drawn from (``ReminderGenerator/distinctTags``);
    /// nil for the standard few dozen.
    public var distinctTags: Int?

    public init(seed: UInt64, count: Int, dataDirectory: String, distinctTags: Int? = nil) {
        self.seed = seed
        self.count = count
        self.dataDirectory = dataDirectory
        self.distinctTags = distinctTags
    }

    /// The records, as every side of a run reads them.
    public var generator: ReminderGenerator { ReminderGenerator(seed: seed, count: count, distinctTags: distinctTags) }

    public var schemaVersion: Int { Migrator().latestVersion }
    private var tagsPart: String { distinctTags.map { "-tags\($0)" } ?? "" }
    public var databasePath: String { "\(dataDirectory)/trove-seed\(seed)-n\(count)\(tagsPart)-schema\(schemaVersion).db" }
    public var jsonlPath: String { "\(dataDirectory)/reminders-seed\(seed)-n\(count)\(tagsPart).jsonl" }

    /// The cached database, imported first when missing.
    ///
    /// NB: built under a temporary name and renamed when complete, so an interrupted run never
    /// leaves a half-imported file that later runs would trust.
    public func database() async throws -> String {
        if FileManager.default.fileExists(atPath: databasePath) { return databasePath }
        try createDirectory()
        let temporary = databasePath + ".partial"
        Self.remove(temporary)
        do {
            let store = try await ReminderStore.open(path: temporary)
            var reader = GeneratorReader(generator)
            _ = try await store.importRecords(&reader, source: "generator")
        }
        try DirectConnection(path: temporary, readOnly: false).execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try FileManager.default.moveItem(atPath: temporary, toPath: databasePath)
        Self.remove(temporary)
        return databasePath
    }

    /// The records as a JSON Lines file, as `trove-bench generate` writes it; written once.
    public func jsonl() throws -> String {
        if FileManager.default.fileExists(atPath: jsonlPath) { return jsonlPath }
        try createDirectory()
        let temporary = jsonlPath + ".partial"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary)
        else { throw BenchError("cannot write \(temporary); check that --data-dir is writable") }
        try writeJSONL(to: handle)
        try handle.close()
        try FileManager.default.moveItem(atPath: temporary, toPath: jsonlPath)
        return jsonlPath
    }

    /// Writes the records as JSON Lines: the same seed and count always give the same bytes.
    ///
    /// ```swift
    /// try Workload(seed: 1, count: 1000, dataDirectory: "").writeJSONL(to: .standardOutput)
    /// // {"title":"Call the plumber …","notes":"…","list":"Home",…}   (1,000 lines)
    /// ```
    public func writeJSONL(to handle: FileHandle) throws {
        let sink = ByteSink(fileHandle: handle)
        var writer = JSONLinesWriter(sink)
        for record in generator { try writer.write(record) }
        try writer.finish()
        try sink.flush()
    }

    private func createDirectory() throws {
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
    }

    /// Deletes a database file with its `-wal` and `-shm`.
    public static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Titles of records spread over the whole data set, for queries of words that co-occur.
    public func sampleTitles(_ count: Int) -> [String] {
        let generator = self.generator
        let step = max(1, self.count / max(count, 1))
        return stride(from: 0, to: self.count, by: step).prefix(count).map { generator.record(at: $0).title }
    }
}
