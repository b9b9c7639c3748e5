extension SearchIndex {
    /// What a `key:value` word of the query compares, and how it reads the value.
    ///
    /// ```swift
    /// ["folder": .text("folder"), "pinned": .bool("pinned"), "year": .integer("year")]
    /// // folder:baking   → "notes"."folder" COLLATE "NOCASE" = 'baking'
    /// // pinned:yes      → "notes"."pinned" = 1
    /// // -year:2024      → NOT IFNULL(("notes"."year" = 2024), 0)
    /// ```
    public enum Filter: Hashable, Sendable {
        /// A text column, compared ignoring case (ASCII): `folder:Baking`, `folder:"Home Office"`.
        case text(String)
        /// An integer column: `year:2024`.
        case integer(String)
        /// A column holding 0 or 1: `pinned:yes`, `pinned:no` (also `true`/`false`, `1`/`0`).
        case bool(String)

        /// The column it compares.
        public var column: String {
            switch self {
            case .text(let column), .integer(let column), .bool(let column): column
            }
        }

        /// The value as typed, read for this filter.
        func value(of text: String) throws(FilterValueError) -> FieldFilterClause.Value {
            switch self {
            case .text:
                guard !text.isEmpty else { throw FilterValueError("expected a value, like key:word or key:\"two words\"") }
                return .text(text)
            case .integer:
                guard let number = Int64(text) else { throw FilterValueError("expected a whole number") }
                return .integer(number)
            case .bool:
                switch text.lowercased() {
                case "yes", "true", "1": return .bool(true)
                case "no", "false", "0": return .bool(false)
                default: throw FilterValueError("expected yes or no")
                }
            }
        }

        /// True when `text` could still become a valid value as the person types on.
        func couldComplete(_ text: String) -> Bool {
            switch self {
            case .text: text.isEmpty
            case .integer: text.isEmpty || text == "-"
            case .bool: ["yes", "no", "true", "false"].contains { $0.hasPrefix(text.lowercased()) }
            }
        }
    }
}
