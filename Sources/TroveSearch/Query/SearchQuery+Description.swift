extension SearchQuery: CustomStringConvertible {
    /// A one-line summary for `--explain`.
    ///
    /// ```swift
    /// SearchQuery.parse("walk tag:errand #home -is:completed").description
    /// // engine=fts terms=[+walk] filters=[tag:errand OR tag:home, -is:completed]
    /// SearchQuery.parse("!like in:title 🎉 is:banana").description
    /// // engine=like terms=[+🎉] filters=[] columns=[title] fts-ignored=[🎉] problems=[is:banana — …]
    /// ```
    /// Required groups print with `+`, excluded terms with `-`; columns, raw text, terms FTS5
    /// cannot search, problems and notices print only when there are any.
    public var description: String {
        let termList = terms.map { "+\($0)" } + excludedTerms.map { "-\($0)" }
        var parts = [
            "engine=\(engineName)",
            "terms=[\(termList.joined(separator: ", "))]",
            "filters=[\(filters.map(\.description).joined(separator: ", "))]",
        ]
        if !fieldFilters.isEmpty {
            parts.append("field-filters=[\(fieldFilters.map(\.description).joined(separator: ", "))]")
        }
        if let columns {
            parts.append("columns=[\(columns.sorted().map(\.rawValue).joined(separator: ", "))]")
        }
        if let fields {
            parts.append("fields=[\(fields.sorted().joined(separator: ", "))]")
        }
        if let raw { parts.append("raw=\(raw)") }
        let ignored = ftsIgnoredTerms
        if !ignored.isEmpty { parts.append("fts-ignored=[\(ignored.map(\.description).joined(separator: ", "))]") }
        if !problems.isEmpty { parts.append("problems=[\(problems.map(\.message).joined(separator: "; "))]") }
        if !notices.isEmpty { parts.append("notices=[\(notices.joined(separator: " "))]") }
        return parts.joined(separator: " ")
    }
}
