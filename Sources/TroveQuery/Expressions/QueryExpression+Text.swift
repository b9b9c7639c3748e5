/// `String` and `String?`: the value types that text operators accept.
public protocol _TextQueryValue: SQLBindable {}
extension String: _TextQueryValue {}
extension Optional: _TextQueryValue where Wrapped == String {}

/// A collating sequence for `COLLATE`.
public struct SQLCollation: Hashable, Sendable {
    /// The collation's name, as `COLLATE` takes it.
    public let name: String

    /// A collation by name, rendered as a quoted identifier.
    public init(_ name: String) { self.name = name }

    /// ASCII case-insensitive comparison.
    public static let nocase = SQLCollation("NOCASE")
    /// Byte-wise comparison, SQLite's default.
    public static let binary = SQLCollation("BINARY")
    /// Like `binary`, ignoring trailing spaces.
    public static let rtrim = SQLCollation("RTRIM")
}

extension SQLTypedExpression where QueryValue: _TextQueryValue {
    /// Whether the text contains `substring`, literally: `%`, `_` and `\` in it match only themselves.
    ///
    /// ```swift
    /// $0.title.contains("50%")  // "reminders"."title" LIKE ? ESCAPE '\'   -- binds '%50\%%'
    /// ```
    /// Like all `LIKE`, it ignores ASCII case.
    public func contains(_ substring: some StringProtocol) -> TypedExpression<Bool> {
        likeEscaped("%" + Self.escapeLike(substring) + "%")
    }

    /// Whether the text starts with `prefix`, literally.
    ///
    /// ```swift
    /// $0.title.hasPrefix("Buy")  // "reminders"."title" LIKE ? ESCAPE '\'   -- binds 'Buy%'
    /// ```
    public func hasPrefix(_ prefix: some StringProtocol) -> TypedExpression<Bool> {
        likeEscaped(Self.escapeLike(prefix) + "%")
    }

    /// Whether the text ends with `suffix`, literally.
    ///
    /// ```swift
    /// $0.title.hasSuffix("milk")  // "reminders"."title" LIKE ? ESCAPE '\'   -- binds '%milk'
    /// ```
    public func hasSuffix(_ suffix: some StringProtocol) -> TypedExpression<Bool> {
        likeEscaped("%" + Self.escapeLike(suffix))
    }

    /// `LIKE` with a raw pattern, where `%` and `_` are wildcards. The pattern is bound.
    ///
    /// ```swift
    /// $0.title.like("B_y%")  // "reminders"."title" LIKE ?
    /// ```
    public func like(_ pattern: some StringProtocol) -> TypedExpression<Bool> {
        TypedExpression("\(queryFragment) LIKE \(String(pattern))")
    }

    /// `GLOB` with a raw, case-sensitive pattern (`*`, `?`, `[…]`). The pattern is bound.
    ///
    /// ```swift
    /// $0.title.glob("Buy*")  // "reminders"."title" GLOB ?
    /// ```
    public func glob(_ pattern: some StringProtocol) -> TypedExpression<Bool> {
        TypedExpression("\(queryFragment) GLOB \(String(pattern))")
    }

    /// The text under another collating sequence, for comparisons and ordering.
    ///
    /// ```swift
    /// $0.title.collate(.nocase) == "milk"  // "reminders"."title" COLLATE "NOCASE" = ?
    /// ```
    public func collate(_ collation: SQLCollation) -> TypedExpression<QueryValue> {
        TypedExpression("\(queryFragment) COLLATE \(identifier: collation.name)")
    }

    func likeEscaped(_ pattern: String) -> TypedExpression<Bool> {
        TypedExpression("\(queryFragment) LIKE \(pattern) ESCAPE '\\'")
    }

    /// The text with `\`, `%` and `_` preceded by `\`, for `LIKE … ESCAPE '\'`.
    ///
    /// ```swift
    /// SQLColumn<String>.escapeLike(#"50%_a\b"#)  // 50\%\_a\\b
    /// ```
    public static func escapeLike(_ text: some StringProtocol) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 2)
        for character in text {
            if character == "\\" || character == "%" || character == "_" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
