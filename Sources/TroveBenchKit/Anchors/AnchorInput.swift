import Foundation

/// Writes what an anchor engine needs to index the benchmark's rows and run its queries:
/// `rows.jsonl` (one reminder a line, read back from the Trove database) and `queries.jsonl`
/// (one ``AnchorQuery`` a line, each class's queries in the order ``QueryBenchmark`` runs them).
///
/// ```swift
/// try AnchorInput(path: db, classes: classes).write(to: ".build/anchors/input")
/// // rows.jsonl:    {"completed":false,"flagged":true,"id":1,"list":"Work","notes":"…","priority":0,"tags":["call"],"title":"…"}
/// // queries.jsonl: {"class":"1-char prefix","excluded":[],"filters":[],"groups":[[{"phrase":false,"prefix":true,"words":["m"]}]],"text":"m","typing":true}
/// ```
///
/// The same database and queries always give the same bytes (keys sorted, rows by id).
public struct AnchorInput {
    public var path: String
    public var classes: QueryClasses

    public init(path: String, classes: QueryClasses) {
        self.path = path
        self.classes = classes
    }

    /// Writes both files into `directory`, made when missing.
    ///
    /// - Returns: How many rows and queries were written.
    @discardableResult
    public func write(to directory: String) throws -> (rows: Int, queries: Int) {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var rows = 0
        try Self.writeLines(to: "\(directory)/rows.jsonl") { emit in
            let db = try DirectConnection(path: path, readOnly: true)
            try db.forEachRow(Self.rowsSQL) { columns in
                try emit(encoder.encode(try AnchorRow(columns)))
                rows += 1
            }
        }
        var queries = 0
        try Self.writeLines(to: "\(directory)/queries.jsonl") { emit in
            for queryClass in QueryClass.allCases {
                for query in classes.queries[queryClass] ?? [] {
                    try emit(encoder.encode(try AnchorQuery(query, class: queryClass)))
                    queries += 1
                }
            }
        }
        return (rows, queries)
    }

    /// What FTS5 indexes (title, notes, tags) and what the filters test, by id.
    static let rowsSQL = """
        SELECT r.id, r.title, r.notes, r.tags, l.name, r.is_completed, r.is_flagged, r.priority
        FROM reminders AS r JOIN lists AS l ON l.id = r.list_id ORDER BY r.id
        """

    /// Writes the lines `body` emits to `path` through a buffer, under a temporary name renamed
    /// when complete, so a failed run never leaves a file that looks whole.
    static func writeLines(to path: String, _ body: (_ emit: (Data) throws -> Void) throws -> Void) throws {
        let temporary = path + ".partial"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary)
        else { throw BenchError("cannot write \(temporary); check that the --out folder is writable") }
        var buffer = Data()
        try body { line in
            buffer.append(line)
            buffer.append(0x0A)
            if buffer.count >= 1 << 20 {
                try handle.write(contentsOf: buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: buffer)
        try handle.close()
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: temporary, toPath: path)
    }
}

/// One reminder as the anchor indexes it.
public struct AnchorRow: Codable, Hashable, Sendable {
    public var id: Int
    public var title: String
    public var notes: String
    /// The tag names; FTS5 indexes them joined by `, ` (`reminders.tags`).
    public var tags: [String]
    public var list: String
    public var completed: Bool
    public var flagged: Bool
    /// 0 (none) to 3 (high).
    public var priority: Int

    init(_ columns: [String?]) throws {
        guard columns.count == 8, let id = columns[0].flatMap({ Int($0) }), let priority = columns[7].flatMap({ Int($0) }) else {
            throw BenchError("a reminders row did not read back as id … priority: \(columns); is the file a Trove database?")
        }
        self.id = id
        title = columns[1] ?? ""
        notes = columns[2] ?? ""
        tags = (columns[3] ?? "").components(separatedBy: ", ").filter { !$0.isEmpty }
        list = columns[4] ?? ""
        completed = columns[5] == "1"
        flagged = columns[6] == "1"
        self.priority = priority
    }
}
