import Foundation
import TroveQuery
import TroveSQLite
import TroveStore

/// The Debian package corpus that `Benchmarks/quality/make-debian-corpus.py` writes, imported
/// into a Trove database beside it (once; again when the JSON Lines file is newer).
///
/// ```swift
/// let (database, keys) = try await DebianCorpus(directory: ".build/quality").open()
/// keys[0]   // "0ad": the package that is reminder 1
/// ```
///
/// With `named`, each title is `package: short description`, as `apt search` prints it: the
/// corpus of the "names shared by many rows" queries (issue 50), written beside the other as
/// `debian-named.jsonl` and imported into `debian-named.db`.
struct DebianCorpus {
    var directory: String
    var named = false

    var sourceJSONL: String { directory + "/debian-corpus.jsonl" }
    var jsonl: String { directory + (named ? "/debian-named.jsonl" : "/debian-corpus.jsonl") }
    var keysFile: String { directory + "/debian-keys.txt" }
    var databasePath: String { directory + (named ? "/debian-named.db" : "/debian-corpus.db") }

    /// The database and the package name of each reminder id (id N is `keys[N - 1]`).
    ///
    /// - Throws: ``BenchError`` when the corpus has not been made, or the import did not give
    ///   the reminders ids 1 to N in file order.
    func open(progress: (String) -> Void = { _ in }) async throws -> (SQLiteDatabase, [String]) {
        let files = FileManager.default
        guard files.fileExists(atPath: sourceJSONL), let keyText = try? String(contentsOfFile: keysFile, encoding: .utf8) else {
            throw BenchError("no corpus in \(directory): run Benchmarks/quality/make-debian-corpus.py --out \(directory) first")
        }
        let keys = keyText.split(separator: "\n").map(String.init)
        if named, try isStale(jsonl, from: sourceJSONL) {
            progress("writing \(jsonl)")
            try writeNamed(keys: keys)
        }
        if try isStale(databasePath, from: jsonl) {
            progress("importing \(jsonl)")
            for suffix in ["", "-wal", "-shm"] { try? files.removeItem(atPath: databasePath + suffix) }
            let store = try await ReminderStore.open(path: databasePath)
            var reader = JSONLinesReader(try LineReader(path: jsonl))
            _ = try await store.importRecords(&reader, source: jsonl)
        }
        let store = try await ReminderStore.open(path: databasePath)
        let (count, last) = try await store.database.read { db in
            let row = try db.fetchOne("SELECT count(*), ifnull(max(id), 0) FROM reminders")
            return (try row?[0] as Int? ?? 0, try row?[1] as Int? ?? 0)
        }
        guard count == keys.count, last == keys.count else {
            throw BenchError("\(databasePath) holds \(count) reminders (ids up to \(last)), \(keysFile) names \(keys.count); delete the database and run again")
        }
        return (store.database, keys)
    }

    private func isStale(_ path: String, from sourcePath: String) throws -> Bool {
        let files = FileManager.default
        guard let built = try? files.attributesOfItem(atPath: path)[.modificationDate] as? Date else { return true }
        let source = try files.attributesOfItem(atPath: sourcePath)[.modificationDate] as? Date ?? .distantFuture
        return source > built
    }

    /// `debian-named.jsonl`: the corpus with each title prefixed by its package's name and `: `.
    private func writeNamed(keys: [String]) throws {
        let text = try String(contentsOfFile: sourceJSONL, encoding: .utf8)
        var lines: [String] = []
        for (index, line) in text.split(separator: "\n").enumerated() {
            guard index < keys.count, var object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw BenchError("\(sourceJSONL) line \(index + 1) is not a reminder, or \(keysFile) names fewer packages")
            }
            object["title"] = keys[index] + ": " + (object["title"] as? String ?? "")
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            lines.append(String(decoding: data, as: UTF8.self))
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: jsonl, atomically: true, encoding: .utf8)
    }
}
