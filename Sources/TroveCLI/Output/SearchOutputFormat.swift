import ArgumentParser

/// `--format` of `trove search`.
enum SearchOutputFormat: String, CaseIterable, ExpressibleByArgument {
    /// Aligned lines for people, with a summary line.
    case text
    /// One pretty-printed object: the query, the counts, the hits and the next page.
    case json
    /// One compact JSON object per hit, per line.
    case jsonl
    /// A header row and one row per hit; RFC 4180 quoting, CRLF line ends.
    case csv
    /// A header row and one row per hit; tabs, newlines and backslashes escaped as `\t`, `\n`, `\\`.
    case tsv
}

extension SearchOutputFormat {
    /// What Enter prints in `trove search -i`: JSON and JSON Lines as `trove --format` prints
    /// them; `id<TAB>title` lines for the rest.
    var selectionFormat: SelectionFormat {
        switch self {
        case .json: .json
        case .jsonl: .jsonl
        case .text, .csv, .tsv: .plain
        }
    }
}
