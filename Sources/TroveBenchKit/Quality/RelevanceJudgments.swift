import Foundation

/// Queries with graded judgments, read from a tab-separated file.
///
/// ```
/// # comment lines and blank lines are skipped
/// passport<TAB>3<TAB>Renew passport
/// passport<TAB>2<TAB>Scan travel documents
/// pdf viewer<TAB>3<TAB>evince
/// ```
///
/// Each line is `query`, `grade` (0–3) and the judged document's key (a seed reminder's title,
/// a package name). A known-item file has two columns, `query` and key, each grade 1.
/// Queries keep the order of their first line.
public struct RelevanceJudgments: Sendable {
    public struct Query: Sendable {
        public var text: String
        public var grades: [String: Int]
    }

    public private(set) var queries: [Query] = []

    public init(queries: [Query]) {
        self.queries = queries
    }

    /// Parses the file's text.
    ///
    /// - Throws: ``BenchError`` naming the line that is not `query<TAB>grade<TAB>key` (or
    ///   `query<TAB>key` when `knownItems`).
    public init(text: String, knownItems: Bool = false, source: String) throws {
        var index: [String: Int] = [:]
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let query: String, grade: Int, key: String
            if knownItems, fields.count == 2 {
                (query, grade, key) = (fields[0], 1, fields[1])
            } else if !knownItems, fields.count == 3, let value = Int(fields[1]), (0...3).contains(value) {
                (query, grade, key) = (fields[0], value, fields[2])
            } else {
                let shape = knownItems ? "query<TAB>key" : "query<TAB>grade 0-3<TAB>key"
                throw BenchError("\(source) line \(number + 1) is not \(shape): \(line.prefix(80))")
            }
            if let position = index[query] {
                queries[position].grades[key] = grade
            } else {
                index[query] = queries.count
                queries.append(Query(text: query, grades: [key: grade]))
            }
        }
    }

    /// Reads and parses `path`.
    public init(path: String, knownItems: Bool = false) throws {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw BenchError("cannot read \(path); run trove-bench from the repository's folder or pass --quality-dir")
        }
        try self.init(text: text, knownItems: knownItems, source: path)
    }

    /// Every judged key, to check against the corpus.
    public var keys: Set<String> {
        Set(queries.flatMap { $0.grades.keys })
    }
}
