import TroveSQLite

extension SearchQuery {
    /// The query with its ``namePrefix`` read as the lists (tags) whose names start with it,
    /// ignoring case: its clause ORs them (`list:pyth` → `list:python OR list:python-dev`).
    ///
    /// ```swift
    /// try SearchQuery.parse("requests list:pyth").resolvingNamePrefix(on: db).filters
    /// // [list:python]
    /// // SELECT "name" FROM "lists" ORDER BY "position", "name"   (NameLookup, as did-you-mean reads them)
    /// ```
    ///
    /// Unchanged when no name starts with it: the filter then matches nothing, and did-you-mean
    /// says there is no such list. At most ``maxFilterValues`` values stay in the clause (the
    /// first names in the lists' order, tags by name), as for a typed `tag:a tag:b …`; when more
    /// names start with it, a notice says how many were left out (`tag:a` among 40 tags: "tag:a
    /// starts 40 tag names; only the first 32 are searched. Type more of the name to narrow it.").
    ///
    /// NB: the names are few (a list or tag per reminder at most) and read in one statement;
    /// resolving here, before any engine reads the filters, keeps every path (SQL, the facts in
    /// memory, the provisional sample, the typo tier) filtering by exact names as before.
    func resolvingNamePrefix(on db: SQLConnection) throws -> SearchQuery {
        guard let prefix = namePrefix,
            let clause = filters.firstIndex(where: { !$0.isNegated && $0.anyOf.contains(prefix) })
        else { return self }
        var lookup = NameLookup(db: db)
        let names: [SearchFilter], kind: String, start: String
        switch prefix {
        case .list(let text): (names, kind, start) = (try lookup.lists(startingWith: text).map(SearchFilter.list), "list", text)
        case .tag(let text): (names, kind, start) = (try lookup.tags(startingWith: text).map(SearchFilter.tag), "tag", text)
        default: return self
        }
        guard !names.isEmpty else { return self }
        var resolved = self
        var values = filters[clause].anyOf.filter { $0 != prefix }
        var dropped = 0
        for name in names where !values.contains(name) {
            if values.count < Self.maxFilterValues { values.append(name) } else { dropped += 1 }
        }
        resolved.filters[clause].anyOf = values
        resolved.namePrefix = nil
        if dropped > 0 {
            resolved.notices.append(
                "\(kind):\(start) starts \(QueryNumber.text(names.count)) \(kind) names; only the first \(Self.maxFilterValues) are searched. "
                    + "Type more of the name to narrow it.")
        }
        return resolved
    }

    /// `typed`, the query as the caller typed it, with this resolved query's notices: what an
    /// answer carries, so that a caller comparing texts finds its own and still hears about the
    /// names left out.
    func answering(_ typed: SearchQuery) -> SearchQuery {
        var answered = typed
        answered.notices = notices
        return answered
    }
}

extension SearchRequest {
    /// The request with its query's ``SearchQuery/namePrefix`` resolved; see
    /// ``SearchQuery/resolvingNamePrefix(on:)``.
    func resolvingNamePrefix(on db: SQLConnection) throws -> SearchRequest {
        guard query.namePrefix != nil else { return self }
        var resolved = self
        resolved.query = try query.resolvingNamePrefix(on: db)
        return resolved
    }
}
