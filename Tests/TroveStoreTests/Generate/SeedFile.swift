import Foundation

/// `seed-data/reminders.jsonl`, read from the repository beside this source file, one parsed
/// line per reminder.
struct SeedFile {
    struct Line {
        let number: Int
        let text: String
        /// The object's keys in the order the line spells them (JSONSerialization forgets order).
        let keys: [String]
        let object: [String: Any]
    }

    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Generate/
        .deletingLastPathComponent()  // TroveStoreTests/
        .deletingLastPathComponent()  // Tests/
        .deletingLastPathComponent()  // the repository
        .appending(path: "seed-data/reminders.jsonl")

    let lines: [Line]

    /// Reads and parses every line; a line that is not a JSON object is an error naming it.
    init() throws {
        let text = try String(contentsOf: Self.url, encoding: .utf8)
        guard text.hasSuffix("\n") else { throw SeedFileError(line: 0, problem: "does not end in a newline") }
        lines = try text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated().map { index, line in
                let number = index + 1
                guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                    throw SeedFileError(line: number, problem: "is not a JSON object")
                }
                return Line(number: number, text: String(line), keys: Self.topLevelKeys(of: Substring(line)), object: object)
            }
    }

    /// The keys of a JSON object's top level, in order, found by tracking strings and nesting.
    static func topLevelKeys(of line: Substring) -> [String] {
        var keys: [String] = []
        var depth = 0
        var inString = false
        var escaped = false
        var current = ""
        var lastString = ""
        for character in line {
            if inString {
                if escaped {
                    escaped = false
                    current.append(character)
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                    lastString = current
                } else {
                    current.append(character)
                }
                continue
            }
            switch character {
            case "\"": inString = true; current = ""
            case "{", "[": depth += 1
            case "}", "]": depth -= 1
            case ":" where depth == 1: keys.append(lastString)
            default: break
            }
        }
        return keys
    }
}

struct SeedFileError: Error, CustomStringConvertible {
    let line: Int
    let problem: String
    var description: String {
        "seed-data/reminders.jsonl line \(line) \(problem); fix the line, then run python3 seed-data/validate.py"
    }
}
