/// Gathers a search index's `key:value` filters into one clause per key and sign, in order of
/// first appearance, as `FilterCollector` does for the reminders' keys.
struct FieldFilterCollector {
    var clauses: [FieldFilterClause] = []
    /// Values left out past ``SearchQuery/maxFilterValues``.
    var dropped = 0

    mutating func add(key: String, _ value: FieldFilterClause.Value, isNegated: Bool) {
        guard let index = clauses.firstIndex(where: { $0.key == key && $0.isNegated == isNegated }) else {
            clauses.append(FieldFilterClause(key: key, anyOf: [value], isNegated: isNegated))
            return
        }
        guard !clauses[index].anyOf.contains(value) else { return }
        // NB: every value is one more OR in SQLite's expression tree, whose depth is capped.
        guard clauses[index].anyOf.count < SearchQuery.maxFilterValues else {
            dropped += 1
            return
        }
        clauses[index].anyOf.append(value)
    }

    var notice: String? {
        guard dropped > 0 else { return nil }
        return "Only the first \(SearchQuery.maxFilterValues) values of a filter key are used; "
            + "\(QueryNumber.text(dropped)) more were left out."
    }
}
