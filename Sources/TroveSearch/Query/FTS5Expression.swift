/// The one way user text reaches FTS5's `MATCH`: an expression built from a parsed ``SearchQuery``.
///
/// Every term is quoted as an FTS5 string (so `NEAR(`, `AND`, `*`, `:` and `{}` stay text),
/// `AND`/`OR`/`NOT` are written out, every compound operand is parenthesised so FTS5's own
/// precedence never matters, and a prefix `*` goes after the closing quote.
///
/// ```swift
/// FTS5Expression(query: .parse("dentist appointment wal"))?.positive
/// // "dentist" AND "appointment" AND "wal"*
/// FTS5Expression(query: .parse(#"milk OR bread eggs -"sour cream" in:title"#, exact: true))?.positive
/// // {title} : ((("milk" OR "bread") AND "eggs") NOT "sour cream")
/// FTS5Expression(query: .parse("-milk"))   // positive nil, negative "milk"
/// FTS5Expression(query: .parse("🎉 is:open"))   // nil: nothing FTS5 can search
/// ```
///
/// The engine runs `fts MATCH positive` when there is a positive part and, when there is only a
/// negative one, `rowid NOT IN (SELECT rowid FROM fts WHERE fts MATCH negative)`.
/// See https://www.sqlite.org/fts5.html#full_text_query_syntax.
///
/// > Important: Bind the expression as a parameter (`MATCH ?`); it is FTS5 syntax, not SQL.
public struct FTS5Expression: Hashable, Sendable, CustomStringConvertible {
    /// Rows must match this; nil when the query only excludes.
    public let positive: String?
    /// Rows must not match this. Only set when ``positive`` is nil: FTS5's `NOT` needs a left
    /// operand, so with one the exclusions are folded into ``positive`` as `… NOT …`.
    public let negative: String?

    /// Builds the expression for a query's terms, excluded terms and ``SearchQuery/columns``.
    ///
    /// Filters are not part of it, nor is ``SearchQuery/raw`` (see ``init(unvalidatedRaw:)``). Terms
    /// without a token character (``SearchQuery/ftsIgnoredTerms``) are left out, so no empty
    /// string `""` is ever produced.
    /// - Returns: nil when nothing remains to match, such as for an empty query.
    public init?(query: SearchQuery) {
        self.init(query: query, expansion: .none)
    }

    /// The expression with the forms the vocabulary adds ORed in: each term's
    /// ``QueryExpansion/alternatives``, and a joined word beside two adjacent words.
    init?(query: SearchQuery, expansion: QueryExpansion) {
        let term = { (term: SearchTerm) in Node.term(term, expansion: expansion) }
        var required: [Node] = []
        var index = query.terms.startIndex
        while index < query.terms.endIndex {
            let group = query.terms[index]
            guard let node = Node.anyOf(group.anyOf.compactMap(term)) else {
                index += 1
                continue
            }
            let next = index + 1
            if group.anyOf.count == 1, next < query.terms.endIndex, query.terms[next].anyOf.count == 1,
                let joined = expansion.joins[.init(group.anyOf[0], query.terms[next].anyOf[0])],
                let second = term(query.terms[next].anyOf[0]), let joinedNode = Node.term(joined, expansion: .none)
            {
                required.append(.or([.and([node, second]), joinedNode]))
                index += 2
                continue
            }
            required.append(node)
            index += 1
        }
        let positive: Node? = required.count > 1 ? .and(required) : required.first
        let negative = Node.anyOf(query.excludedTerms.compactMap(term))
        // NB: a search index's fields are its FTS5 table's column names.
        let columns = query.columns.map { $0.sorted().map(\.rawValue) } ?? query.fields.map { $0.sorted() }
        func restricted(_ node: Node) -> String {
            guard let columns else { return node.rendered }
            return Node.columns(columns, node).rendered
        }
        switch (positive, negative) {
        case (nil, nil): return nil
        case (let positive?, let negative?): self.init(positive: restricted(.not(positive, negative)), negative: nil)
        case (let positive?, nil): self.init(positive: restricted(positive), negative: nil)
        case (nil, let negative?): self.init(positive: nil, negative: restricted(negative))
        }
    }

    /// Passes expert FTS5 syntax through untouched, for the `!raw` engine only.
    ///
    /// ```swift
    /// FTS5Expression(unvalidatedRaw: #"NEAR("dentist" "tuesday", 5)"#)?.positive
    /// // NEAR("dentist" "tuesday", 5)
    /// ```
    /// > Important: Nothing here checks the syntax; SQLite reports mistakes as `SQLITE_ERROR`
    /// > ("fts5: syntax error near …"), which the engine should show as a problem with the query.
    /// - Returns: nil for blank text.
    public init?(unvalidatedRaw text: String) {
        let trimmed = text.trimmingSeparators()
        guard !trimmed.isEmpty else { return nil }
        self.init(positive: trimmed, negative: nil)
    }

    private init(positive: String?, negative: String?) {
        self.positive = positive
        self.negative = negative
    }

    /// `MATCH <positive>` and/or `NOT MATCH <negative>`, for `--explain`.
    public var description: String {
        [positive.map { "MATCH \($0)" }, negative.map { "NOT MATCH \($0)" }]
            .compactMap { $0 }.joined(separator: " ")
    }
}

/// The subset of FTS5's grammar the expression is built from.
private indirect enum Node {
    /// An already quoted FTS5 string, with `*` after it for a prefix.
    case string(String, isPrefix: Bool)
    case and([Node])
    case or([Node])
    case not(Node, Node)
    case columns([String], Node)

    /// The term, OR its joined form when it is a hyphenated or apostrophised word, OR its
    /// alternatives.
    static func term(_ term: SearchTerm, expansion: QueryExpansion) -> Node? {
        guard term.isSearchableByFTS else { return nil }
        var nodes: [Node] = [.string(FTS5Text.quoted(term.text), isPrefix: term.isPrefix)]
        if let joined = WordJoiners.joined(term) {
            nodes.append(.string(FTS5Text.quoted(joined), isPrefix: term.isPrefix))
        }
        for alternative in expansion.alternatives[term] ?? [] where alternative.isSearchableByFTS {
            nodes.append(.string(FTS5Text.quoted(alternative.text), isPrefix: alternative.isPrefix))
        }
        return anyOf(nodes)
    }

    /// One node, or their OR; nil for none.
    static func anyOf(_ nodes: [Node]) -> Node? {
        nodes.count > 1 ? .or(nodes) : nodes.first
    }

    var rendered: String {
        switch self {
        case .string(let quoted, let isPrefix): isPrefix ? quoted + "*" : quoted
        case .and(let nodes): nodes.map(\.operand).joined(separator: " AND ")
        case .or(let nodes): nodes.map(\.operand).joined(separator: " OR ")
        case .not(let left, let right): left.operand + " NOT " + right.operand
        case .columns(let names, let node): "{" + names.joined(separator: " ") + "} : (" + node.rendered + ")"
        }
    }

    /// As an operand of AND, OR or NOT: in parentheses unless it is a single string.
    private var operand: String {
        if case .string = self { return rendered }
        return "(" + rendered + ")"
    }
}
