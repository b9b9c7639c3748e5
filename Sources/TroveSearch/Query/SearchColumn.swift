/// A column of the full-text index that `in:` can limit a search to.
///
/// The raw value is the column's name in `reminders_fts`.
///
/// ```swift
/// SearchQuery.parse("in:title in:tags milk").columns   // [.title, .tags] → {title tags} : ("milk")
/// ```
public enum SearchColumn: String, Hashable, Sendable, CaseIterable, Comparable {
    case title
    case notes
    case tags

    /// Column order, which is also the order `{title notes tags}` lists them in.
    public static func < (lhs: SearchColumn, rhs: SearchColumn) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
