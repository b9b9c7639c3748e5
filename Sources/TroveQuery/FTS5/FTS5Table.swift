/// An FTS5 virtual table. Declare it like any ``SQLTable``, with its columns as `SQLColumn<String>`
/// in the order of `CREATE VIRTUAL TABLE … USING fts5(…)`; see ``SQLTable`` for an example.
///
/// The pattern passed to `match` is bound as it is: build it with TroveSearch's FTS5
/// expression type, never from raw user text. See <https://www.sqlite.org/fts5.html>.
public protocol FTS5Table: SQLTable {}

extension FTS5Table {
    /// Rows matching an FTS5 query.
    ///
    /// ```swift
    /// ReminderSearch.match("walk")
    /// // SELECT "reminders_fts".* FROM "reminders_fts" WHERE ("reminders_fts" MATCH ?)
    /// ```
    /// - Parameter pattern: An FTS5 query expression, bound.
    public static func match(_ pattern: String) -> SQLSelect<TableScope<Self>, [SQLBinding]> {
        all.where { $0.match(pattern) }
    }

    /// The zero-based position of a declared column, as FTS5's auxiliary functions number them.
    ///
    /// ```swift
    /// ReminderSearch.columnIndex(of: "notes")  // 1
    /// ```
    public static func columnIndex(of name: String) -> Int {
        guard let index = FTS5ColumnIndexes.names(of: Self.self).firstIndex(of: name) else {
            preconditionFailure("\(name) is not a stored `let` column of \(tableName)'s Columns; declare it there in schema order")
        }
        return index
    }
}

extension TableScope where T: FTS5Table {
    /// A declared column of an FTS5 table, which also knows its index for `highlight` and `snippet`.
    public subscript(dynamicMember keyPath: KeyPath<T.Columns, SQLColumn<String>>) -> FTS5ColumnReference<T> {
        FTS5ColumnReference(name: T.columns[keyPath: keyPath].name, table: name)
    }

    /// The table matches an FTS5 query, in any column: `"reminders_fts" MATCH ?`.
    ///
    /// ```swift
    /// ReminderSearch.all.where { $0.match("walk") }
    /// // SELECT "reminders_fts".* FROM "reminders_fts" WHERE ("reminders_fts" MATCH ?)
    /// ```
    public func match(_ pattern: String) -> FTS5Match<T> {
        FTS5Match(pattern: pattern, table: name)
    }

    /// The query matches in any of the given columns: a multi-column FTS5 filter, so each
    /// phrase of `pattern` may be found in a different one of them.
    ///
    /// ```swift
    /// ReminderSearch.all.where { $0.match("walk dog", in: \.title, \.notes) }
    /// // … WHERE ("reminders_fts" MATCH ?)   -- binds '{title notes} : (walk dog)'
    /// ```
    /// Unlike `$0.title.match(p) || $0.notes.match(p)`, which needs all of `p` in one column,
    /// this finds "walk" in the title and "dog" in the notes: what a search across fields means.
    /// See <https://www.sqlite.org/fts5.html#fts5_column_filters>.
    ///
    /// - Parameters:
    ///   - pattern: An FTS5 query, bound.
    ///   - column: The first column to search.
    ///   - more: Any other columns to search.
    public func match(
        _ pattern: String, in column: KeyPath<T.Columns, SQLColumn<String>>, _ more: KeyPath<T.Columns, SQLColumn<String>>...
    ) -> FTS5Match<T> {
        match(pattern, in: [column] + more)
    }

    /// The query matches in any of a list of columns, decided at run time; every column, with
    /// no filter, when the list is empty.
    ///
    /// ```swift
    /// ReminderSearch.all.where { $0.match(#""walk""#, in: [\.title]) }
    /// // … WHERE ("reminders_fts" MATCH ?)   -- binds '{title} : ("walk")'
    /// ReminderSearch.all.where { $0.match(#""walk""#, in: []) }
    /// // … WHERE ("reminders_fts" MATCH ?)   -- binds '"walk"'
    /// ```
    /// - Parameters:
    ///   - pattern: An FTS5 query, bound.
    ///   - columns: The columns to search, listed in the filter in this order.
    public func match(_ pattern: String, in columns: [KeyPath<T.Columns, SQLColumn<String>>]) -> FTS5Match<T> {
        guard !columns.isEmpty else { return match(pattern) }
        let names = columns.map { T.columns[keyPath: $0].name }
        return FTS5Match(pattern: FTS5Match<T>.filtered(pattern, columns: names), table: name)
    }

    /// FTS5's `rank` column: bm25 by default, smaller is better, so `ORDER BY rank` puts the best first.
    ///
    /// ```swift
    /// ReminderSearch.match("walk").order { $0.rank }
    /// // … WHERE ("reminders_fts" MATCH ?) ORDER BY "reminders_fts"."rank"
    /// ```
    public var rank: SQLColumn<Double> {
        SQLColumn("rank", table: name)
    }

    /// `bm25()` with a weight per column, passed in declaration order; unlisted columns weigh 1.
    ///
    /// ```swift
    /// ReminderSearch.match("walk").order { $0.bm25([\.title: 10, \.tags: 5]) }
    /// // … ORDER BY bm25("reminders_fts", ?, ?, ?)   -- binds 10.0, 1.0, 5.0
    /// ```
    /// - Parameter weights: Weights by column; empty uses FTS5's defaults.
    /// - Returns: The score; smaller is a better match.
    public func bm25(_ weights: [KeyPath<T.Columns, SQLColumn<String>>: Double] = [:]) -> TypedExpression<Double> {
        guard !weights.isEmpty else { return TypedExpression("bm25(\(identifier: name))") }
        var byName: [String: Double] = [:]
        for (keyPath, weight) in weights { byName[T.columns[keyPath: keyPath].name] = weight }
        var arguments: [SQLFragment] = [SQLFragment(identifier: name)]
        for column in T.columns.declaredColumnNames {
            arguments.append(SQLFragment(binding: byName[column] ?? 1.0))
        }
        return TypedExpression("bm25(\(arguments.joined(separator: ", ")))")
    }
}
