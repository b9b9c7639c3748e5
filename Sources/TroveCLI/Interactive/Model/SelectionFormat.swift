import Foundation

/// How the chosen reminder is printed to stdout when the user presses Enter.
enum SelectionFormat: String, Sendable, CaseIterable {
    /// `id<TAB>title`, for scripts that cut the id.
    case plain
    /// One JSON object on one line.
    case json
}

extension ResultRow {
    /// The line printed for this row on Enter.
    ///
    /// ```swift
    /// row.formatted(.plain)  // "7\tBuy milk"
    /// row.formatted(.json)   // {"completed":false,"due":"Mar 2","flagged":false,"id":7,…}
    /// ```
    /// - Parameter format: Plain text or JSON.
    /// - Returns: The line, without a trailing newline.
    func formatted(_ format: SelectionFormat) -> String {
        switch format {
        case .plain:
            return "\(id)\t\(title.plain)"
        case .json:
            let object = SelectionJSON(
                id: id, title: title.plain, list: list, tags: tags, due: due,
                completed: isCompleted, flagged: isFlagged, priority: priority, typo: isTypo
            )
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            // NB: encoding a struct of strings, ints and bools cannot fail.
            let data = (try? encoder.encode(object)) ?? Data("{}".utf8)
            return String(decoding: data, as: UTF8.self)
        }
    }
}

private struct SelectionJSON: Encodable {
    var id: Int64
    var title: String
    var list: String?
    var tags: [String]
    var due: String?
    var completed: Bool
    var flagged: Bool
    var priority: Int
    var typo: Bool

    func encode(to encoder: any Encoder) throws {
        // NB: write nulls explicitly so the keys are stable for `jq`.
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(list, forKey: .list)
        try container.encode(tags, forKey: .tags)
        try container.encode(due, forKey: .due)
        try container.encode(completed, forKey: .completed)
        try container.encode(flagged, forKey: .flagged)
        try container.encode(priority, forKey: .priority)
        try container.encode(typo, forKey: .typo)
    }

    enum CodingKeys: String, CodingKey {
        case id, title, list, tags, due, completed, flagged, priority, typo
    }
}
