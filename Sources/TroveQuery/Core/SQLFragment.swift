/// A piece of SQL: text, bound values and quoted identifiers, kept apart until rendering.
///
/// Interpolating a Swift value **binds** it; it never becomes SQL text. Raw text needs the
/// explicit `raw:` label, and identifiers the `identifier:` label.
///
/// ```swift
/// let title = "Robert'); DROP TABLE reminders;--"
/// let query: SQLFragment = "SELECT \(identifier: "id") FROM reminders WHERE title = \(title)"
/// query.render().sql       // SELECT "id" FROM reminders WHERE title = ?
/// query.render().bindings  // [.text("Robert'); DROP TABLE reminders;--")]
/// query.debugDescription   // SELECT "id" FROM reminders WHERE title = 'Robert''); DROP TABLE reminders;--'
/// ```
public struct SQLFragment: Hashable, Sendable {
    /// One piece of a fragment.
    public enum Segment: Hashable, Sendable {
        /// SQL text, written by the programmer. Never user input.
        case sql(String)
        /// A value that renders as `?` and travels in `bindings`.
        case binding(SQLBinding)
        /// A table, column or other name, rendered inside double quotes.
        case identifier(String)
    }

    /// The pieces, in order.
    public private(set) var segments: [Segment]

    /// A fragment of the given pieces; empty by default.
    public init(segments: [Segment] = []) {
        self.segments = segments
    }

    /// Trusted SQL text with nothing bound.
    ///
    /// > Important: Pass only text written in code, never text from a user or a file.
    public init(raw sql: String) {
        self.segments = sql.isEmpty ? [] : [.sql(sql)]
    }

    /// A single bound value: `?`.
    public init(binding value: some SQLBindable) {
        self.segments = [.binding(value.queryBinding)]
    }

    /// A quoted identifier: `"name"`.
    public init(identifier: String) {
        self.segments = [.identifier(identifier)]
    }

    /// Whether the fragment has no pieces.
    public var isEmpty: Bool { segments.isEmpty }

    /// Appends another fragment, keeping its bindings.
    public mutating func append(_ other: SQLFragment) {
        segments.append(contentsOf: other.segments)
    }

    /// The two fragments one after the other.
    public static func + (lhs: SQLFragment, rhs: SQLFragment) -> SQLFragment {
        var result = lhs
        result.append(rhs)
        return result
    }

    /// Appends `rhs` to `lhs`.
    public static func += (lhs: inout SQLFragment, rhs: SQLFragment) {
        lhs.append(rhs)
    }
}

extension SQLFragment {
    /// Joins fragments with a separator written in code.
    ///
    /// ```swift
    /// [SQLFragment("a = \(1)"), SQLFragment("b = \(2)")].joined(separator: " AND ")  // a = ? AND b = ?
    /// ```
    public static func join(_ fragments: some Sequence<SQLFragment>, separator: String) -> SQLFragment {
        var result = SQLFragment()
        var first = true
        for fragment in fragments {
            if !first { result.segments.append(.sql(separator)) }
            result.append(fragment)
            first = false
        }
        return result
    }
}

extension Sequence where Element == SQLFragment {
    /// The fragments joined by `separator`, which is SQL text written in code.
    public func joined(separator: String) -> SQLFragment {
        SQLFragment.join(self, separator: separator)
    }
}

// MARK: - Rendering

extension SQLFragment {
    /// The text to prepare, with `?` for every bound value, and the values in order.
    ///
    /// ```swift
    /// SQLFragment("SELECT * FROM t WHERE a = \(1) AND b = \("x")").render()
    /// // ("SELECT * FROM t WHERE a = ? AND b = ?", [.integer(1), .text("x")])
    /// ```
    public func render() -> (sql: String, bindings: [SQLBinding]) {
        var sql = ""
        var bindings: [SQLBinding] = []
        for segment in segments {
            switch segment {
            case .sql(let text):
                sql += text
            case .binding(let value):
                sql += "?"
                bindings.append(value)
            case .identifier(let name):
                sql += SQLFragment.quote(identifier: name)
            }
        }
        return (sql, bindings)
    }

    /// `"name"`, with any `"` inside doubled.
    public static func quote(identifier name: String) -> String {
        "\"" + name.doubling("\"") + "\""
    }

    /// `'text'`, with any `'` inside doubled: an SQL string literal, for the few places SQL takes
    /// no bound value (FTS5 options in `CREATE VIRTUAL TABLE`, an auxiliary function's constant
    /// arguments that SQLite reads once per statement). Everywhere else, interpolate the value so
    /// that it is bound.
    ///
    /// ```swift
    /// SQLFragment.quote(literal: "it's")  // 'it''s'
    /// ```
    public static func quote(literal text: String) -> String {
        "'" + text.doubling("'") + "'"
    }
}

extension SQLFragment: CustomDebugStringConvertible {
    /// The SQL with every binding inlined as a literal. For snapshots and `--explain` only;
    /// what executes is always `render()`.
    public var debugDescription: String {
        var sql = ""
        for segment in segments {
            switch segment {
            case .sql(let text): sql += text
            case .binding(let value): sql += value.description
            case .identifier(let name): sql += SQLFragment.quote(identifier: name)
            }
        }
        return sql
    }
}

// MARK: - Interpolation

extension SQLFragment: ExpressibleByStringInterpolation {
    /// A literal in code is trusted SQL text.
    public init(stringLiteral value: String) {
        self.init(raw: value)
    }

    /// A literal with interpolations: values are bound, `identifier:` quoted, `raw:` spliced.
    public init(stringInterpolation: Interpolation) {
        self.segments = stringInterpolation.segments
    }

    /// Collects a literal's pieces; see the `appendInterpolation` overloads.
    public struct Interpolation: StringInterpolationProtocol {
        var segments: [Segment] = []

        /// Reserves room for the pieces.
        public init(literalCapacity: Int, interpolationCount: Int) {
            segments.reserveCapacity(interpolationCount * 2 + 1)
        }

        /// Literal text in code is trusted SQL.
        public mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { segments.append(.sql(literal)) }
        }

        /// `\(value)` binds the value as `?`.
        public mutating func appendInterpolation(_ value: some SQLBindable) {
            segments.append(.binding(value.queryBinding))
        }

        /// `\(fragment)` splices another fragment, keeping its bindings.
        public mutating func appendInterpolation(_ fragment: SQLFragment) {
            segments.append(contentsOf: fragment.segments)
        }

        /// `\(expression)` splices a column's or another expression's SQL, keeping its bindings.
        ///
        /// ```swift
        /// let r = TableScope<Reminder>()
        /// let on: SQLFragment = "\(r.listID) = \(TableScope<List>().id)"   // "reminders"."list_id" = "lists"."id"
        /// ```
        public mutating func appendInterpolation(_ expression: some SQLTypedExpression) {
            segments.append(contentsOf: expression.queryFragment.segments)
        }

        /// `\(identifier: "name")` renders `"name"`.
        public mutating func appendInterpolation(identifier name: String) {
            segments.append(.identifier(name))
        }

        /// `\(raw: text)` splices trusted SQL text.
        ///
        /// > Important: Never pass text from a user or a file.
        public mutating func appendInterpolation(raw text: String) {
            if !text.isEmpty { segments.append(.sql(text)) }
        }
    }
}
