import TroveSearch

/// `trove search --explain`: the parsed query, the engine, and each statement with its bindings.
///
/// ```swift
/// SearchExplainRenderer.render(explanation)
/// // query:   engine=fts terms=[+dentist] filters=[]
/// // engine:  fts
/// //
/// // hits:
/// //   SELECT … WHERE ("reminders_fts" MATCH ?) … LIMIT ? OFFSET ?
/// //   bindings: 1: '"dentist"'  2: 51  3: 0
/// ```
enum SearchExplainRenderer {
    static func render(_ explanation: SearchExplanation) -> String {
        var lines = ["query:   \(explanation.query.description)", "engine:  \(explanation.engine)"]
        for statement in explanation.statements {
            lines.append("")
            lines.append("\(statement.purpose):")
            lines.append("  " + statement.sql)
            let bindings = statement.bindings.enumerated().map { "\($0.offset + 1): \(visible(abbreviated($0.element)))" }
            lines.append("  bindings: " + (bindings.isEmpty ? "none" : bindings.joined(separator: "  ")))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A literal of more than 120 characters cut to its first 60 and its length: a search
    /// binds each set of ids as one value (a filter's 120,000 reminders, ~2 MB as hex).
    ///
    /// ```swift
    /// SearchExplainRenderer.abbreviated("X'0600000000000000…'")  // "X'060000000000000010000000…… (1920546 characters)"
    /// ```
    static func abbreviated(_ literal: String) -> String {
        guard literal.count > 120 else { return literal }
        return literal.prefix(60) + "… (\(literal.count) characters)"
    }

    /// Control characters as their Unicode pictures (STX as `␂`), so that the highlight marks of
    /// text output show up instead of vanishing or driving the terminal.
    static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0..<0x20: result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: result += "␡"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// For an engine that is not built in: it runs its own way.
    static func renderOpaque(query: SearchQuery, engine: String) -> String {
        "query:   \(query.description)\nengine:  \(engine) (an app's own engine: its SQL is not shown)\n"
    }
}
