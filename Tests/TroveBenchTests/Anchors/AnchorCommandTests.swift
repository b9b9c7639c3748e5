import Foundation
import Testing
import TroveBenchKit

/// `trove-bench anchor-input` and `--anchor-results` through the built binary, with an anchor
/// output made here from the input (no Python, no tantivy): the table gets every class.
@Suite(.serialized) struct AnchorCommandTests {
    @Test func anchorInputThenAnchorResultsPrintTheAnchorTable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("anchor-command-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data").path, input = folder.appendingPathComponent("input")
        let common = ["--count", "300", "--queries-per-class", "4", "--data-dir", data]
        let written = try BenchSmokeTests.run(["anchor-input"] + common + ["--out", input.path])
        try #require(written.status == 0)

        // A stand-in anchor: every query 1 ms and 0 hits, in the input's order.
        let queries = try String(contentsOf: input.appendingPathComponent("queries.jsonl"), encoding: .utf8)
            .split(separator: "\n").map { try JSONDecoder().decode(AnchorQuery.self, from: Data($0.utf8)) }
        var lines = [#"{"kind":"index","engine":"stand-in 1.0","rows":300,"index_seconds":1,"index_bytes":1048576}"#]
        for queryClass in QueryClass.allCases {
            let texts = queries.filter { $0.queryClass == queryClass.label }.map(\.text)
            let object: [String: Any] = [
                "kind": "class", "class": queryClass.label, "texts": texts,
                "ms": texts.map { _ in 1.0 }, "hits": texts.map { _ in 0 },
            ]
            lines.append(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        }
        let results = folder.appendingPathComponent("stand-in.jsonl")
        try lines.joined(separator: "\n").write(to: results, atomically: true, encoding: .utf8)

        let run = try BenchSmokeTests.run(common + ["--only", "query", "--like-queries", "1", "--anchor-results", results.path])
        #expect(run.status == 0)
        let section = try #require(run.stdout.components(separatedBy: "## Anchor: stand-in 1.0").last)
        #expect(section.contains("stand-in 1.0 indexed 300 rows in 1.0 s (300 rows/s); index on disk 1.0 MiB"))
        for queryClass in QueryClass.allCases {
            let row = try #require(section.split(separator: "\n").first { $0.hasPrefix("| \(queryClass.label) ") })
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(row.contains("/4 equal; median"), "\(row)")
            #expect(cells[1...5].allSatisfy { $0.contains(" ms / ") }, "\(row)")
            #expect(cells[6] == "1.00 ms / 1.00 ms", "\(row)")
        }
        // "no hit" finds nothing in FTS5 either, so all 4 agree with the stand-in's zeros.
        #expect(section.split(separator: "\n").contains { $0.hasPrefix("| no hit ") && $0.contains("4/4 equal") })

        // An anchor that ran other queries is refused, by name, with a non-zero exit.
        try lines.dropLast().joined(separator: "\n").write(to: results, atomically: true, encoding: .utf8)
        let refused = try BenchSmokeTests.run(common + ["--only", "query", "--like-queries", "1", "--anchor-results", results.path])
        #expect(refused.status != 0)
    }

    @Test func aMissingAnchorResultsFileFailsBeforeMeasuring() throws {
        let run = try BenchSmokeTests.run(["--quick", "--only", "query", "--anchor-results", "/nonexistent/tantivy.jsonl"])
        #expect(run.status != 0)
        #expect(run.stdout.isEmpty)
    }
}
