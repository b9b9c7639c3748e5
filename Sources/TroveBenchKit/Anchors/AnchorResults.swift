import Foundation

/// What an anchor engine printed (`Benchmarks/anchors/tantivy_anchor.py`): one JSON object a
/// line, first its index, then one per query class.
///
/// ```swift
/// let results = try AnchorResults(jsonLines: """
///     {"kind":"index","engine":"tantivy 0.27.0","rows":2,"index_seconds":0.5,"index_bytes":4096}
///     {"kind":"class","class":"rare term","texts":["quince"],"ms":[0.2],"hits":[1]}
///     """)
/// results.classes["rare term"]?.hits   // [1]
/// ```
public struct AnchorResults: Hashable, Sendable {
    public var index: Index
    /// By class label (``QueryClass/label``).
    public var classes: [String: Class]

    /// How the anchor built its index.
    public struct Index: Decodable, Hashable, Sendable {
        /// Name and version, as the table prints it: `tantivy 0.27.0`.
        public var engine: String
        public var rows: Int
        public var indexSeconds: Double
        public var indexBytes: Int

        public init(engine: String, rows: Int, indexSeconds: Double, indexBytes: Int) {
            self.engine = engine
            self.rows = rows
            self.indexSeconds = indexSeconds
            self.indexBytes = indexBytes
        }

        enum CodingKeys: String, CodingKey {
            case engine, rows, indexSeconds = "index_seconds", indexBytes = "index_bytes"
        }
    }

    /// One class's queries, in the order of the input: their texts, timings and match counts.
    public struct Class: Decodable, Hashable, Sendable {
        public var label: String
        public var texts: [String]
        /// Milliseconds per query (the timed pass).
        public var ms: [Double]
        /// Every matching document, not only the top 20.
        public var hits: [Int]

        enum CodingKeys: String, CodingKey {
            case label = "class", texts, ms, hits
        }

        public var latency: LatencyStats { LatencyStats(milliseconds: ms) }
    }

    private struct Kind: Decodable {
        var kind: String
    }

    /// Parses the anchor's standard output.
    ///
    /// - Throws: ``BenchError`` naming the line that is not what the anchor should print.
    public init(jsonLines text: String) throws {
        let decoder = JSONDecoder()
        var index: Index?
        var classes: [String: Class] = [:]
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            let data = Data(trimmed.utf8)
            do {
                switch try decoder.decode(Kind.self, from: data).kind {
                case "index":
                    index = try decoder.decode(Index.self, from: data)
                case "class":
                    let result = try decoder.decode(Class.self, from: data)
                    guard result.texts.count == result.ms.count, result.texts.count == result.hits.count else {
                        throw BenchError("\(result.texts.count) texts, \(result.ms.count) timings and \(result.hits.count) hit counts")
                    }
                    classes[result.label] = result
                case let other:
                    throw BenchError("unknown kind \(other.debugDescription)")
                }
            } catch {
                throw BenchError("""
                    the anchor's output line \(offset + 1) is not what the anchor prints (\(Self.reason(error))): \
                    \(trimmed.prefix(120)); rerun scripts/bench --anchors, which writes it afresh
                    """)
            }
        }
        guard let index else {
            throw BenchError("the anchor's output has no {\"kind\":\"index\",…} line; did the anchor fail? Rerun scripts/bench --anchors and read its errors")
        }
        self.index = index
        self.classes = classes
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case let error as BenchError: error.description
        case DecodingError.keyNotFound(let key, _): "no \(key.stringValue.debugDescription)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.dataCorrupted: "not JSON"
        default: "\(error)"
        }
    }
}
