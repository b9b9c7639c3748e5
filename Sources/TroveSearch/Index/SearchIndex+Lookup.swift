public import TroveQuery

extension SearchIndex {
    /// How a ``Filter/lookup(_:table:key:value:)`` or ``Filter/linked(_:links:from:to:table:key:value:)``
    /// filter reaches a row's values: the row's `own` column equals the `key` of `table`, and
    /// the value is `table`'s `value` column, or, through a link, the `value` of the row of
    /// `hop.table` whose `hop.key` equals `table`'s `hop.column`.
    ///
    /// ```swift
    /// // .lookup("id", table: "note_tags", key: "note_id", value: "tag"):
    /// //   FROM "note_tags" AS "trove_lookup" … "trove_lookup"."tag"
    /// // .linked("id", links: "reminder_tags", from: "reminder_id", to: "tag_id", table: "tags", key: "id", value: "name"):
    /// //   FROM "reminder_tags" AS "trove_lookup" JOIN "tags" AS "trove_lookup_value"
    /// //     ON ("trove_lookup_value"."id" = "trove_lookup"."tag_id") … "trove_lookup_value"."name"
    /// ```
    struct LookupPath: Hashable, Sendable {
        /// The third table a link reaches: its `key` equals the link table's `column`.
        struct Hop: Hashable, Sendable {
            var column: String
            var table: String
            var key: String
        }

        /// The column of the app's table: its key (a note's tags) or a column naming the
        /// other table's row (a folder id).
        var own: String
        /// The table whose `key` equals the row's `own` column.
        var table: String
        var key: String
        /// The column holding the value: `table`'s, or `hop`'s table's.
        var value: String
        var hop: Hop?

        /// The alias of `table` in the statements that join it (it may be the index's own
        /// table, as a note's parent note).
        static let alias = "trove_lookup"
        /// The alias of the hop's table.
        static let valueAlias = "trove_lookup_value"

        /// `"note_tags" AS "trove_lookup"`, with the join to the hop's table when there is one.
        var from: SQLFragment {
            "\(identifier: table) AS \(identifier: Self.alias)" + hopJoin
        }

        /// `JOIN "note_tags" AS "trove_lookup" ON (condition)`, then the join to the hop's table
        /// when there is one; the last ON is left open, so a caller may add `AND …` to it.
        func join(on condition: SQLFragment) -> SQLFragment {
            "JOIN \(identifier: table) AS \(identifier: Self.alias) ON (\(condition))" + hopJoin
        }

        /// ` JOIN "tags" AS "trove_lookup_value" ON ("trove_lookup_value"."id" = "trove_lookup"."tag_id")`,
        /// or nothing without a hop.
        private var hopJoin: SQLFragment {
            guard let hop else { return "" }
            return " JOIN \(identifier: hop.table) AS \(identifier: Self.valueAlias) "
                + "ON (\(SQLColumn<Int64>(hop.key, table: Self.valueAlias)) = \(SQLColumn<Int64>(hop.column, table: Self.alias)))"
        }

        /// The value column, in ``from``'s aliases.
        var valueColumn: SQLColumn<String> {
            SQLColumn(value, table: hop == nil ? Self.alias : Self.valueAlias)
        }

        /// `table`'s column equal to the row's `own`, in ``from``'s alias.
        var keyColumn: SQLColumn<Int64> {
            SQLColumn(key, table: Self.alias)
        }

        /// The tables whose writes change a row's values: `table`, then the hop's.
        var tables: [String] {
            [table] + (hop.map { [$0.table] } ?? [])
        }

        /// The columns each of ``tables`` must have.
        var tableColumns: [(table: String, columns: [String])] {
            guard let hop else { return [(table, [key, value])] }
            return [(table, [key, hop.column]), (hop.table, [hop.key, value])]
        }

        /// As the stored copy of the facet values records it: `lookup(id,note_tags,note_id,tag)`,
        /// `lookup(id,reminder_tags,reminder_id,via(tag_id,tags,id),name)`.
        var recorded: String {
            let via = hop.map { "via(\($0.column),\($0.table),\($0.key))," } ?? ""
            return "lookup(\(own),\(table),\(key),\(via)\(value))"
        }
    }
}

extension SearchIndex.Filter {
    /// The path a lookup or linked filter's values take; nil for a filter of the table's own
    /// columns.
    var lookupPath: SearchIndex.LookupPath? {
        switch self {
        case .lookup(let own, let table, let key, let value):
            SearchIndex.LookupPath(own: own, table: table, key: key, value: value)
        case .linked(let own, let links, let from, let to, let table, let key, let value):
            SearchIndex.LookupPath(own: own, table: links, key: from, value: value, hop: .init(column: to, table: table, key: key))
        default:
            nil
        }
    }
}
