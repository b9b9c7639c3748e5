import Foundation
import TroveStore

/// Turns the lexer's chunks into a ``SearchQuery``: engine, filters, columns, then terms and `OR`s.
struct QueryParser {
    let text: String
    /// True when prefixes come only from `*` (`trove search --exact`).
    let exact: Bool
    /// A search index's filters by query word; nil for the reminders' own keys. With them,
    /// a reminders key the index does not declare (`list:`, `#tag`, `in:`) is a problem.
    var indexFilters: [String: SearchIndex.Filter]? = nil
    /// A search index's fields, which its `in:` names (when it declares no `in` filter).
    var indexFields: [String] = []
    /// The day a search index's date filters read `today`, `week` … against (nil: now, in
    /// `timeZone`), and where it is.
    var today: CalendarDay? = nil
    var timeZone = TimeZone.current

    /// What a chunk contributes to the term sequence, where `OR` looks at its neighbours.
    private enum Item {
        case term(SearchTerm, isNegated: Bool)
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

    func parse() -> SearchQuery {
        let lexer = QueryLexer(
            text: text, keys: indexFilters.map { QueryLexer.knownKeys.union($0.keys) } ?? QueryLexer.knownKeys)
        let (chunks, raw) = lexer.chunks()
        // NB: read only for an index's filter values, not on every reminders keystroke.
        func today() -> CalendarDay { self.today ?? CalendarDay(Date(), in: timeZone) }
        var query = SearchQuery(raw: raw, text: text)
        var problems: [QueryProblem] = []
        var filters = FilterCollector()
        var fieldFilters = FieldFilterCollector()
        var columns = ScopeCollector<SearchColumn>()
        var fields = ScopeCollector<String>()
        var items: [Item] = []
        /// Words of punctuation alone, by their place in `items`.
        var punctuation: [(item: Int, term: SearchTerm, isNegated: Bool)] = []

        // NB: the last chunk is still being typed only if nothing (not even a space) follows it.
        let endsOpen = raw == nil && !(text.unicodeScalars.last.map(QueryLexer.isSeparator) ?? true)
        let lastIsPrefix = endsOpen && !exact

        func problem(_ chunk: QueryLexer.Chunk, _ reason: String, isIncomplete: Bool = false) {
            problems.append(QueryProblem(
                token: lexer.string(chunk.range), range: chunk.range, reason: reason, isIncomplete: isIncomplete))
        }

        for (position, chunk) in chunks.enumerated() {
            let isLast = position == chunks.count - 1
            switch chunk.kind {
            case .engine(let name):
                if let engine = query.engine {
                    problem(chunk, "the query already uses !\(engine); only the first engine counts")
                } else {
                    query.engine = name
                }
                items.append(.other)
            case .filter(let key, let value) where indexFilters != nil:
                items.append(.filter(key: key, isNegated: chunk.isNegated))
                if key == "in", indexFilters?["in"] == nil {
                    // NB: the field's name as declared, whatever the case typed.
                    if let field = indexFields.first(where: { $0.lowercased() == value.lowercased() }) {
                        fields.add(field, isNegated: chunk.isNegated, chunk: chunk)
                    } else {
                        let couldComplete = !value.isEmpty
                            && indexFields.contains { $0.lowercased().hasPrefix(value.lowercased()) }
                        problem(
                            chunk, "this search index has no field \(value); its fields are \(indexFields.joined(separator: ", "))",
                            isIncomplete: endsOpen && isLast && (value.isEmpty || couldComplete))
                    }
                    break
                }
                guard let filter = indexFilters?[key] else {
                    problem(chunk, unknownIndexKey(key))
                    break
                }
                do throws(FilterValueError) {
                    var read = try filter.value(of: value, today: today(), timeZone: timeZone)
                    // NB: a name still being typed is a prefix, as the reminders' `list:` is.
                    if case .text(let text) = read, isTypedName(chunk, isLast: isLast, lastIsPrefix: lastIsPrefix) {
                        read = .textPrefix(text)
                    }
                    fieldFilters.add(key: key, read, isNegated: chunk.isNegated)
                } catch {
                    // NB: a named word still being typed is a prefix, as the last word is: `is:unr`
                    // is `is:unread` (every word it begins, ORed) until the next space.
                    let typed = endsOpen && isLast ? filter.namedWords(beginning: value) : []
                    if !typed.isEmpty {
                        for word in typed { fieldFilters.add(key: key, .named(word), isNegated: chunk.isNegated) }
                    } else {
                        problem(chunk, error.reason, isIncomplete: endsOpen && isLast && filter.couldComplete(value))
                    }
                }
            case .tag(let name) where indexFilters != nil:
                items.append(.filter(key: "tag", isNegated: chunk.isNegated))
                guard let filter = indexFilters?["tag"] else {
                    problem(chunk, unknownIndexKey("tag"))
                    break
                }
                do throws(FilterValueError) {
                    var read = try filter.value(of: name, today: today(), timeZone: timeZone)
                    if case .text(let text) = read, isTypedName(chunk, isLast: isLast, lastIsPrefix: lastIsPrefix) {
                        read = .textPrefix(text)
                    }
                    fieldFilters.add(key: "tag", read, isNegated: chunk.isNegated)
                } catch {
                    problem(chunk, error.reason)
                }
            case .filter(let key, let value):
                let canonical = FilterValueParser.filterKey(key)?.rawValue ?? key
                items.append(.filter(key: canonical, isNegated: chunk.isNegated))
                do throws(FilterValueError) {
                    if let filterKey = FilterValueParser.filterKey(key) {
                        let filter = try FilterValueParser.filter(key: filterKey, value: value)
                        filters.add(filter, isNegated: chunk.isNegated)
                        if isTypedName(chunk, isLast: isLast, lastIsPrefix: lastIsPrefix), filterKey == .list || filterKey == .tag {
                            query.namePrefix = filter
                        }
                    } else {
                        columns.add(try FilterValueParser.column(value), isNegated: chunk.isNegated, chunk: chunk)
                    }
                } catch {
                    // NB: `is:comp` at the very end may be a filter on its way, not a mistake.
                    let incomplete = endsOpen && isLast && FilterValueParser.isIncomplete(key: key, value: value)
                    problem(chunk, error.reason, isIncomplete: incomplete)
                }
            case .tag(let name):
                items.append(.filter(key: FilterKey.tag.rawValue, isNegated: chunk.isNegated))
                filters.add(.tag(name), isNegated: chunk.isNegated)
                if isTypedName(chunk, isLast: isLast, lastIsPrefix: lastIsPrefix) { query.namePrefix = .tag(name) }
            case .word("OR") where !chunk.isNegated:
                items.append(.or(chunk.range))
            case .word(let word) where QueryParser.isPunctuationOnly(word):
                // NB: issue 19: `&` in `text & editor` became a substring filter over every
                // field, so the search found nothing; a word of punctuation alone asks for nothing.
                punctuation.append((items.count, SearchTerm(word), chunk.isNegated))
                items.append(.other)
            case .word(let word):
                let (stem, isStarred) = QueryParser.starred(word)
                let prefix = isStarred || (lastIsPrefix && isLast && !chunk.isNegated && QueryParser.endsInToken(stem))
                items.append(.term(SearchTerm(stem, isPrefix: prefix), isNegated: chunk.isNegated))
            case .phrase(let content, let isTerminated, let isStarred):
                guard !content.trimmingSeparators().isEmpty else {
                    items.append(.other)
                    break
                }
                let prefix = isStarred
                    || (lastIsPrefix && isLast && !isTerminated && !chunk.isNegated && QueryParser.endsInToken(content))
                items.append(.term(SearchTerm(content, isPhrase: true, isPrefix: prefix), isNegated: chunk.isNegated))
            }
        }

        // NB: left out only beside something to search: `&` alone is still looked for as text.
        var leftOut: [String] = []
        let searchesSomething = items.contains { item in
            switch item {
            case .term, .filter: true
            case .or, .other: false
            }
        } || raw != nil
        for (index, term, isNegated) in punctuation {
            if searchesSomething {
                if !leftOut.contains(term.text) { leftOut.append(term.text) }
            } else {
                items[index] = .term(term, isNegated: isNegated)
            }
        }
        let (parts, orProblems) = terms(items, lastIsPrefix: lastIsPrefix)
        var condensed = TermCondenser()
        for part in parts { condensed.add(part) }
        query.terms = condensed.groups
        query.excludedTerms = condensed.excluded
        query.filters = filters.clauses
        query.fieldFilters = fieldFilters.clauses
        query.notices = [Self.punctuationNotice(leftOut), condensed.notice, filters.notice, fieldFilters.notice].compactMap { $0 }
        let (resolved, columnProblem) = columns.resolve(all: Set(SearchColumn.allCases))
        query.columns = resolved
        if let (chunk, reason) = columnProblem { problem(chunk, reason) }
        let (scoped, fieldProblem) = fields.resolve(all: Set(indexFields))
        query.fields = scoped
        if let (chunk, reason) = fieldProblem { problem(chunk, reason) }
        for range in orProblems {
            problems.append(QueryProblem(
                token: "OR", range: range,
                reason: "filters always combine with AND; repeat a key to OR its values, like tag:a tag:b"))
        }
        query.problems = problems.sorted { $0.range.lowerBound < $1.range.lowerBound }
        return query
    }

    /// Whether a `list:`/`tag:`/`#` chunk is a name still being typed, as the last word is a
    /// prefix: last, nothing after it, not negated, not `exact`, and not closed by a quote
    /// (`list:"Home Office"` is whole).
    private func isTypedName(_ chunk: QueryLexer.Chunk, isLast: Bool, lastIsPrefix: Bool) -> Bool {
        lastIsPrefix && isLast && !chunk.isNegated && text.unicodeScalars.last != "\""
    }

    /// Why `key:` is refused in a search index's query: the index declares no such filter.
    private func unknownIndexKey(_ key: String) -> String {
        let known = (indexFilters ?? [:]).keys.sorted().map { $0 + ":" }
        let list = known.isEmpty ? "it declares no filters" : "its filters are " + known.joined(separator: ", ")
        return "this search index has no \(key): filter; \(list)"
    }

    /// Whether `word` is punctuation alone (`&`, `,`, `#`, `-`, `+`, `...`): no letter or digit,
    /// and every character punctuation or an ASCII symbol. Beside words or filters such a word is
    /// left out of the search, with a notice (`text & editor` is `text editor`); alone it is
    /// searched as text, as a symbol such as `🎉` or `€` always is.
    static func isPunctuationOnly(_ word: String) -> Bool {
        !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                .finalPunctuation, .otherPunctuation:
                return true
            default:
                return scalar.isASCII && !FTS5Text.isTokenCharacter(scalar) && scalar.properties.generalCategory != .control
                    && scalar != " "
            }
        }
    }

    /// `‘&’ was left out: a word of punctuation alone matches nothing.`; nil for none.
    static func punctuationNotice(_ words: [String]) -> String? {
        guard !words.isEmpty else { return nil }
        let named = words.prefix(5).map { "‘\($0)’" }
        let list = named.count == 1 ? named[0] : named.dropLast().joined(separator: ", ") + " and " + named.last!
        return words.count == 1
            ? "\(list) was left out: a word of punctuation alone matches nothing."
            : "\(list)\(words.count > 5 ? " and others" : "") were left out: words of punctuation alone match nothing."
    }

    /// Whether a word's last token runs to its end, so that more typing would extend it.
    ///
    /// NB: punctuation ends a token: in `c++`, `milk,` or `hello!` the last token is complete,
    /// and as a prefix `c++` would be `c*`, every word starting with c.
    static func endsInToken(_ text: String) -> Bool {
        text.unicodeScalars.last.map(FTS5Text.isTokenCharacter) ?? false
    }

    /// `wal*` → (`wal`, true): trailing stars make a prefix when a letter or digit precedes them.
    /// A lone `*` stays text.
    static func starred(_ word: String) -> (String, Bool) {
        guard word.unicodeScalars.last == "*" else { return (word, false) }
        let stem = String(String.UnicodeScalarView(word.unicodeScalars.reversed().drop { $0 == "*" }.reversed()))
        return FTS5Text.hasTokenCharacter(stem) ? (stem, true) : (word, false)
    }

    /// Decides which `OR`s are operators, then groups positive terms joined by them.
    ///
    /// `OR` is an operator only between two positive terms (an `OR` is never a term for this);
    /// next to a filter it is dropped, with a problem unless both sides are the same key and sign;
    /// a trailing one after a word waits for its right-hand side (it is dropped); anywhere else
    /// it is the word OR.
    /// - Returns: The groups and excluded terms in text order, and the misplaced `OR`s.
    private func terms(_ items: [Item], lastIsPrefix: Bool) -> ([TermCondenser.Part], [Range<String.Index>]) {
        // NB: groups grow in place (`a OR b OR …` 20,000 times must stay linear), so the order
        // of groups and excluded terms holds indices into `groups` until the end.
        enum Slot { case group(Int), excluded(SearchTerm) }
        var groups: [TermGroup] = []
        var slots: [Slot] = []
        var orProblems: [Range<String.Index>] = []
        var joinsNext = false
        for (index, item) in items.enumerated() {
            switch item {
            case .term(let term, isNegated: true):
                slots.append(.excluded(term))
                joinsNext = false
            case .term(let term, isNegated: false):
                if joinsNext, !groups.isEmpty {
                    groups[groups.count - 1].anyOf.append(term)
                } else {
                    slots.append(.group(groups.count))
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
                } else if next == nil, previous?.isPositiveTerm == true {
                    joinsNext = false  // `milk OR`: wait for the right-hand side.
                } else {
                    slots.append(.group(groups.count))
                    groups.append(TermGroup(anyOf: [SearchTerm("OR", isPrefix: lastIsPrefix && next == nil)]))
                    joinsNext = false
                }
            case .filter, .other:
                joinsNext = false
            }
        }
        let parts = slots.map { slot -> TermCondenser.Part in
            switch slot {
            case .group(let index): .group(groups[index])
            case .excluded(let term): .excluded(term)
            }
        }
        return (parts, orProblems)
    }
}

/// Gathers filters into one clause per key and sign, in order of first appearance.
private struct FilterCollector {
    var clauses: [FilterClause] = []
    /// Values left out past ``SearchQuery/maxFilterValues``.
    var dropped = 0

    mutating func add(_ filter: SearchFilter, isNegated: Bool) {
        if let index = clauses.firstIndex(where: { $0.key == filter.key && $0.isNegated == isNegated }) {
            guard !clauses[index].anyOf.contains(filter) else { return }
            // NB: every value is one more OR in SQLite's expression tree, whose depth is capped.
            guard clauses[index].anyOf.count < SearchQuery.maxFilterValues else {
                dropped += 1
                return
            }
            clauses[index].anyOf.append(filter)
        } else {
            clauses.append(FilterClause(filter, isNegated: isNegated))
        }
    }

    var notice: String? {
        guard dropped > 0 else { return nil }
        return "Only the first \(SearchQuery.maxFilterValues) values of a filter key are used; "
            + "\(QueryNumber.text(dropped)) more were left out."
    }
}

/// Gathers `in:` and `-in:` into the set of columns (the reminders') or fields (an index's)
/// to search.
private struct ScopeCollector<Column: Hashable> {
    var included: Set<Column> = []
    var excluded: Set<Column> = []
    var lastChunk: QueryLexer.Chunk?

    mutating func add(_ column: Column, isNegated: Bool, chunk: QueryLexer.Chunk) {
        if isNegated { excluded.insert(column) } else { included.insert(column) }
        lastChunk = chunk
    }

    /// The union of `in:`s (`all` if none) minus the `-in:`s; nil when that is all of them.
    func resolve(all: Set<Column>) -> (Set<Column>?, (QueryLexer.Chunk, String)?) {
        guard let lastChunk else { return (nil, nil) }
        let columns = (included.isEmpty ? all : included).subtracting(excluded)
        if columns.isEmpty {
            return (nil, (lastChunk, "no column is left to search, so every column is searched; drop an -in:"))
        }
        return (columns.count == all.count ? nil : columns, nil)
    }
}
