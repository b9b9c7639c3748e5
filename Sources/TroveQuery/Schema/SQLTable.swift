/// A table declared in Swift: its name and its typed columns. No macros, no reflection at call sites.
///
/// Declare a table as a type with a `Columns` struct of `let` columns, each typed by the Swift
/// value it holds (`Int64`, `String`, `Double`, `Bool`, `Date`, or an optional of one for a
/// nullable column):
///
/// ```swift
/// struct Reminder: SQLTable {
///     static let tableName = "reminders"
///     struct Columns: TableColumns {
///         let id = SQLColumn<Int64>("id")
///         let title = SQLColumn<String>("title")
///         let dueDate = SQLColumn<String?>("due_date")
///     }
///     static let columns = Columns()
/// }
///
/// Reminder.where { $0.title.contains("milk") }
/// // SELECT "reminders".* FROM "reminders" WHERE ("reminders"."title" LIKE ? ESCAPE '\')
/// ```
///
/// An FTS5 virtual table is declared the same way but conforms to ``FTS5Table``. Declare its
/// columns as `SQLColumn<String>` **in the order of the `CREATE VIRTUAL TABLE` statement**: that
/// order gives the column index that `highlight`, `snippet` and `bm25` weights use, so callers
/// never write an index themselves.
///
/// ```swift
/// struct ReminderSearch: FTS5Table {
///     static let tableName = "reminders_fts"  // CREATE VIRTUAL TABLE reminders_fts USING fts5(title, notes, tags)
///     struct Columns: TableColumns {
///         let title = SQLColumn<String>("title")
///         let notes = SQLColumn<String>("notes")
///         let tags = SQLColumn<String>("tags")
///     }
///     static let columns = Columns()
/// }
///
/// ReminderSearch.match("walk").select { $0.notes.snippet("[", "]", "…", 8) }
/// // SELECT snippet("reminders_fts", 1, ?, ?, ?, ?) FROM "reminders_fts" WHERE ("reminders_fts" MATCH ?)
/// ```
public protocol SQLTable {
    /// The struct that declares the table's columns.
    associatedtype Columns: TableColumns

    /// The table's name in the schema, unquoted.
    static var tableName: String { get }

    /// The column declarations; usually `static let columns = Columns()`.
    static var columns: Columns { get }

    /// The column that each coding key reads when a row decodes as this type, for keys that are
    /// not the column's name; empty by default.
    ///
    /// `@SQLRecord` (TroveTable) writes it; a table that is also its own `Decodable` model can
    /// declare it by hand:
    ///
    /// ```swift
    /// static let columnNamesByCodingKey = ["createdAt": "created_at"]
    /// try db.fetchAll(Bookmark.all, as: Bookmark.self)  // createdAt ← "created_at"
    /// ```
    static var columnNamesByCodingKey: [String: String] { get }
}

extension SQLTable {
    /// No renamed keys: every coding key is its column's name.
    public static var columnNamesByCodingKey: [String: String] { [:] }
}

/// The struct of `let` column declarations inside a ``SQLTable``.
///
/// Only stored `SQLColumn` properties count as columns, in declaration order.
public protocol TableColumns: Sendable {}

extension TableColumns {
    /// The names of the declared columns, in declaration order.
    ///
    /// ```swift
    /// ReminderSearch.columns.declaredColumnNames  // ["title", "notes", "tags"]
    /// ```
    public var declaredColumnNames: [String] {
        // NB: Mirror lists a struct's stored properties in declaration order; this is what lets
        // FTS5 declarations give column indices without the caller writing them.
        Mirror(reflecting: self).children.compactMap { ($0.value as? any ColumnDeclaration)?.name }
    }
}
