import TroveSearch

/// What `trove search` itself rejects, each as one sentence that says what to change.
enum SearchCommandError: Error, CustomStringConvertible {
    /// Parts of the query the parser or engine left out: `is:banana — expected open, …`.
    case queryProblems([QueryProblem])
    /// An option-looking word before `--` that is not an option of `search`.
    case unknownOption(String)
    /// `--offset` and `--after` together.
    case conflictingPages
    /// A value out of range: `--limit 0`.
    case invalidValue(option: String, value: String, expected: String)
    /// An `--after` value that is not a cursor.
    case invalidCursor(String)

    var description: String {
        switch self {
        case .queryProblems(let problems):
            // NB: a pasted page can hold thousands of the same mistake; name each kind once.
            var messages: [String] = []
            for message in problems.map(\.message) where !messages.contains(message) { messages.append(message) }
            var list = messages.prefix(3).joined(separator: "; ")
            if messages.count > 3 { list += "; and \(messages.count - 3) more" }
            return "The query has \(problems.count == 1 ? "a problem" : "problems"): \(list). Change \(problems.count == 1 ? "it" : "them") and search again."
        case .unknownOption(let word):
            let meant = CommandSpelling.closest(to: word, among: CommandSpelling.options(of: Search.self)).map { "did you mean \($0)? Or, " } ?? ""
            return "search has no option \(word); \(meant)to search for text that starts with --, put it after `--`, as in `trove search -- \(word)`."
        case .conflictingPages:
            return "Use --offset or --after, not both."
        case .invalidValue(let option, let value, let expected):
            return "\(option) \"\(value)\" is not valid: expected \(expected)."
        case .invalidCursor(let text):
            return "--after \"\(text)\" is not a page cursor; copy the one the previous page printed, or start again without --after."
        }
    }
}
