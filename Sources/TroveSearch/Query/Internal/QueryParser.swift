/// Turns the lexer's chunks into a ``Query``: engine, filters, columns, then terms and `OR`s.
struct QueryParser {
    let text: String
    let typing: Bool

    /// What a chunk contributes to the term sequence, where `OR` looks at its neighbours.
    private enum Item {
        case term(Term, isNegated: Bool)
        case or(Range<String.Index>)
        /// A filter or `in:`, by canonical key (`priority` for `p:`) and sign.
        case filter(key: String, isNegated: Bool)
        /// Engines and empty phrases: nothing to search.
        case other

        var isPositiveTerm: Bool {
            if case .term(_, false) = self { return true }
            return false
        }
    }

    func parse() -> Query {
        let lexer = QueryLexer(text: text)
        let (chunks, raw) = lexer.chunks()
        var query = Query(raw: raw)
        var problems: [QueryProblem] = []
        var filters = FilterCollector()
        var columns = ColumnCollector()
        var items: [Item] = []

        // NB: the last chunk is still being typed only if nothing (not even a space) follows it.
        let endsOpen = typing && raw == nil && !(text.unicodeScalars.last.map(QueryLexer.isSeparator) ?? true)

        func problem(_ chunk: QueryLexer.Chunk, _ reason: String) {
            problems.append(QueryProblem(token: lexer.string(chunk.range), range: chunk.range, reason: reason))
        }

        for (position, chunk) in chunks.enumerated() {
            let isOpen = endsOpen && position == chunks.count - 1
            switch chunk.kind {
            case .engine(let name):
                if let engine = query.engine {
                    problem(chunk, "the query already uses !\(engine); only the first engine counts")
                } else {
                    query.engine = name
                }
                items.append(.other)
            case .filter(let key, let value):
                let canonical = FilterValueParser.filterKey(key)?.rawValue ?? key
                items.append(.filter(key: canonical, isNegated: chunk.isNegated))
                do throws(FilterValueError) {
                    if let filterKey = FilterValueParser.filterKey(key) {
                        filters.add(try FilterValueParser.filter(key: filterKey, value: value), isNegated: chunk.isNegated)
                    } else {
                        columns.add(try FilterValueParser.column(value), isNegated: chunk.isNegated, chunk: chunk)
                    }
                } catch {
                    // NB: `is:comp` while typing is a filter on its way, not a mistake.
                    if !(isOpen && FilterValueParser.isIncomplete(key: key, value: value)) {
                        problem(chunk, error.reason)
                    }
                }
            case .tag(let name):
                items.append(.filter(key: FilterKey.tag.rawValue, isNegated: chunk.isNegated))
                filters.add(.tag(name), isNegated: chunk.isNegated)
            case .word("OR") where !chunk.isNegated:
                items.append(.or(chunk.range))
            case .word(let word):
                let prefix = isOpen && !chunk.isNegated
                items.append(.term(Term(word, isPrefix: prefix), isNegated: chunk.isNegated))
            case .phrase(let content, let isTerminated):
                guard !content.trimmingSeparators().isEmpty else {
                    items.append(.other)
                    break
                }
                let prefix = isOpen && !isTerminated && !chunk.isNegated
                items.append(.term(Term(content, isPhrase: true, isPrefix: prefix), isNegated: chunk.isNegated))
            }
        }

        let (groups, excluded, orProblems) = terms(items, lastIsOpen: endsOpen)
        query.terms = groups
        query.excludedTerms = excluded
        query.filters = filters.clauses
        let (resolved, columnProblem) = columns.resolve()
        query.columns = resolved
        if let (chunk, reason) = columnProblem { problem(chunk, reason) }
        for range in orProblems {
            problems.append(QueryProblem(
                token: "OR", range: range,
                reason: "filters always combine with AND; repeat a key to OR its values, like tag:a tag:b"))
        }
        query.problems = problems.sorted { $0.range.lowerBound < $1.range.lowerBound }
        return query
    }

    /// Decides which `OR`s are operators, then groups positive terms joined by them.
    ///
    /// `OR` is an operator only between two positive terms (an `OR` is never a term for this);
    /// next to a filter it is dropped, with a problem unless both sides are the same key and sign;
    /// a trailing one while typing waits for its right-hand side; anywhere else it is the word OR.
    private func terms(_ items: [Item], lastIsOpen: Bool)
        -> ([TermGroup], [Term], [Range<String.Index>])
    {
        var groups: [TermGroup] = []
        var excluded: [Term] = []
        var orProblems: [Range<String.Index>] = []
        var joinsNext = false
        for (index, item) in items.enumerated() {
            switch item {
            case .term(let term, isNegated: true):
                excluded.append(term)
                joinsNext = false
            case .term(let term, isNegated: false):
                if joinsNext, !groups.isEmpty {
                    groups[groups.count - 1].anyOf.append(term)
                } else {
                    groups.append(TermGroup(anyOf: [term]))
                }
                joinsNext = false
            case .or(let range):
                let previous = index > 0 ? items[index - 1] : nil
                let next = index + 1 < items.count ? items[index + 1] : nil
                if previous?.isPositiveTerm == true, next?.isPositiveTerm == true {
                    joinsNext = true
                } else if case .filter(let key, let sign) = previous, case .filter(key, sign) = next {
                    joinsNext = false  // `tag:a OR tag:b`: the clause already ORs them.
                } else if case .filter = previous {
                    orProblems.append(range)
                } else if case .filter = next {
                    orProblems.append(range)
                } else if typing, next == nil, previous?.isPositiveTerm == true {
                    joinsNext = false  // `milk OR` while typing: wait for the right-hand side.
                } else {
                    groups.append(TermGroup(anyOf: [Term("OR", isPrefix: lastIsOpen && next == nil)]))
                    joinsNext = false
                }
            case .filter, .other:
                joinsNext = false
            }
        }
        return (groups, excluded, orProblems)
    }
}

/// Gathers filters into one clause per key and sign, in order of first appearance.
private struct FilterCollector {
    var clauses: [FilterClause] = []

    mutating func add(_ filter: Filter, isNegated: Bool) {
        if let index = clauses.firstIndex(where: { $0.key == filter.key && $0.isNegated == isNegated }) {
            if !clauses[index].anyOf.contains(filter) { clauses[index].anyOf.append(filter) }
        } else {
            clauses.append(FilterClause(filter, isNegated: isNegated))
        }
    }
}

/// Gathers `in:` and `-in:` into the set of columns to search.
private struct ColumnCollector {
    var included: Set<SearchColumn> = []
    var excluded: Set<SearchColumn> = []
    var lastChunk: QueryLexer.Chunk?

    mutating func add(_ column: SearchColumn, isNegated: Bool, chunk: QueryLexer.Chunk) {
        if isNegated { excluded.insert(column) } else { included.insert(column) }
        lastChunk = chunk
    }

    /// The union of `in:`s (all columns if none) minus the `-in:`s; nil when that is every column.
    func resolve() -> (Set<SearchColumn>?, (QueryLexer.Chunk, String)?) {
        guard let lastChunk else { return (nil, nil) }
        let columns = (included.isEmpty ? Set(SearchColumn.allCases) : included).subtracting(excluded)
        if columns.isEmpty {
            return (nil, (lastChunk, "no column is left to search, so every column is searched; drop an -in:"))
        }
        return (columns.count == SearchColumn.allCases.count ? nil : columns, nil)
    }
}
