public import TroveQuery

/// One row of an app's table that matches a ``SearchIndex`` query, with its text marked up.
///
/// ```swift
/// let hit = try notes.search("sourdough", on: db).hits[0]
/// hit.key                       // 3: the row's "id"
/// hit.highlighted["title"]      // "[Sourdough] starter"
/// hit.snippet                   // "…feed the [sourdough] starter twice a day…"
/// ```
public struct IndexHit: Hashable, Sendable, Identifiable {
    /// The row's key (the index's ``SearchIndex/key`` column).
    public var key: Int64
    /// Each field's text as stored, by column name; "" for NULL.
    public var values: [String: String]
    /// Each field's text with every match wrapped in the request's ``HighlightStyle``.
    public var highlighted: [String: String]
    /// About a dozen words around the best match, marked up, from the longest field that matched
    /// besides the first (which ``highlighted`` shows whole) and a field of names
    /// (``SearchIndex/Field/holdsNames``, shown whole as tags are); when none of those matched,
    /// or the query has no words to match, the start of the longest of them, as a preview. With
    /// one field, from that one.
    public var snippet: String
    /// The fields that contain a match.
    public var matchedFields: Set<String>
    /// Trove's score (``TroveRanking``), negated so that smaller is better; 0 when the query
    /// has no words to match.
    public var rank: Double
    /// True when the row matches only with a typo (`bred` finding "bread"): such hits come
    /// after every exact one, ranked among themselves.
    public var isTypo: Bool
    /// The values of the declaration's other columns (``SearchIndex/columns``), as stored: read
    /// them with ``column(_:as:)``.
    public var columns: [String: SQLBinding]
    /// True when the row matches only through another form of a word (`libraries` finding
    /// "Library card", ``SearchIndex/wordForms``), with no typo: such hits come after every
    /// exact one, ranked among themselves and the typo matches.
    public var isWordForm = false

    /// The row's key: hits are identified by it.
    public var id: Int64 { key }

    /// A carried column's value (``SearchIndex/columns``) as a Swift type, nil when it is NULL.
    ///
    /// ```swift
    /// let index = try SearchIndex(table: "notes", key: "id", fields: [.init("title")], columns: ["created_at"])
    /// try index.search("bread", on: db).hits[0].column("created_at", as: Date.self)   // 2026-03-01 09:30:00 +0000
    /// // SELECT …, "notes"."created_at" AS "column_0", … FROM "trove_notes_fts" CROSS JOIN "notes" …
    /// ```
    /// - Throws: ``SearchIndexError/notACarriedColumn(column:carried:)`` for a column the
    ///   declaration does not carry; `SQLDecodingError` when the value does not decode as `T`.
    public func column<T: SQLBindable>(_ name: String, as type: T.Type = T.self) throws -> T? {
        guard let value = columns[name] ?? columns.first(where: { $0.key.lowercased() == name.lowercased() })?.value else {
            throw SearchIndexError.notACarriedColumn(column: name, carried: columns.keys.sorted())
        }
        if case .null = value { return nil }
        return try T(decoding: value)
    }

    /// A hit with these values; ``SearchIndex/search(_:on:limit:offset:after:highlight:exact:typos:)`` makes the real ones.
    public init(
        key: Int64, values: [String: String], highlighted: [String: String]? = nil, snippet: String = "",
        matchedFields: Set<String> = [], rank: Double = 0, isTypo: Bool = false, columns: [String: SQLBinding] = [:]
    ) {
        self.columns = columns
        self.isTypo = isTypo
        self.key = key
        self.values = values
        self.highlighted = highlighted ?? values
        self.snippet = snippet
        self.matchedFields = matchedFields
        self.rank = rank
    }
}
