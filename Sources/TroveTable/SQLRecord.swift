// `import TroveTable`: the `@SQLRecord` macro, and the builder its expansion names.
// NB: its own product so that an app that only searches never builds swift-syntax (the macro's
// compiler plugin); re-exporting TroveQuery is what lets the expansion name `SQLColumn` in a file
// that imports only this module.
@_exported public import TroveQuery

/// Declares a struct as a table for the query builder, and as the model its rows decode into.
///
/// ```swift
/// import TroveTable
///
/// @SQLRecord("bookmarks")
/// struct Bookmark {
///     var id: Int64
///     var url: String
///     var title: String
///     var createdAt: Date                                // column "created_at"
///     @SQLColumnName("visits") var visitCount: Int64?    // column "visits"
/// }
///
/// let found = try db.fetchAll(Bookmark.where { $0.title.contains("swift") }, as: Bookmark.self)
/// // SELECT "bookmarks".* FROM "bookmarks" WHERE ("bookmarks"."title" LIKE ? ESCAPE '\')
/// ```
///
/// It expands to the declaration you would otherwise write by hand:
///
/// ```swift
/// extension Bookmark: TroveQuery.SQLTable, Swift.Decodable {
///     static var tableName: String { "bookmarks" }
///     struct Columns: TroveQuery.TableColumns {
///         let id = TroveQuery.SQLColumn<Int64>("id")
///         let url = TroveQuery.SQLColumn<String>("url")
///         let title = TroveQuery.SQLColumn<String>("title")
///         let createdAt = TroveQuery.SQLColumn<Date>("created_at")
///         let visitCount = TroveQuery.SQLColumn<Int64?>("visits")
///     }
///     static var columns: Columns { Columns() }
///     static var columnNamesByCodingKey: [String: String] { ["createdAt": "created_at", "visitCount": "visits"] }
/// }
/// ```
///
/// Every stored instance property is a column, in declaration order, of its annotated type (which
/// must be `SQLBindable` and `Decodable`: `Int64`, `String`, `Date`, an optional of one, …). A
/// column is named by ``SQLColumnName(_:)``, or else by the property's name in snake_case
/// (`createdAt` → `created_at`, `userID` → `user_id`). Computed, `static` and `lazy` properties are
/// not columns.
///
/// The struct keeps its own `Decodable`: the synthesized one, or the one its `CodingKeys` describe
/// (for JSON, say). `fetchAll(_:as:)` reads each coding key from the column that
/// `columnNamesByCodingKey` names, so JSON keys and column names stay independent. A `public`
/// struct gets a `public` conformance.
///
/// The compiler reports, at the declaration: a class, enum or actor (a class gets a fix-it); a
/// stored property without a type annotation (with a fix-it when its initial value is a literal);
/// `@SQLColumnName` on a property that is not a column; two properties with one column name.
///
/// - Parameter tableName: The table's name in the schema, unquoted.
@attached(
    extension,
    conformances: SQLTable, Decodable,
    names: named(tableName), named(Columns), named(columns), named(columnNamesByCodingKey)
)
public macro SQLRecord(_ tableName: String) = #externalMacro(module: "TroveMacros", type: "SQLRecordMacro")

/// Names the column of a property in a ``SQLRecord(_:)`` struct, when its snake_case is not it.
///
/// ```swift
/// @SQLColumnName("visits") var visitCount: Int64?
/// // TroveQuery.SQLColumn<Int64?>("visits"); a row's "visits" decodes into visitCount
/// ```
/// - Parameter name: The column's name in the schema, unquoted.
@attached(peer)
public macro SQLColumnName(_ name: String) = #externalMacro(module: "TroveMacros", type: "SQLColumnNameMacro")
