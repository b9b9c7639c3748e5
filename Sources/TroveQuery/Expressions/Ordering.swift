/// One term of `ORDER BY`: an expression, a direction, and where NULLs go.
///
/// ```swift
/// Reminder.order { $0.dueDate.asc(nulls: .last); $0.title }
/// // … ORDER BY "reminders"."due_date" ASC NULLS LAST, "reminders"."title"
/// ```
public struct OrderingTerm: Sendable {
    /// The term as SQL: `"reminders"."title" DESC NULLS LAST`.
    public var queryFragment: SQLFragment

    /// A term written as SQL.
    public init(_ queryFragment: SQLFragment) {
        self.queryFragment = queryFragment
    }

    /// Where NULLs sort (SQLite 3.30+); SQLite's default puts them first in ascending order.
    public enum Nulls: String, Sendable {
        case first = " NULLS FIRST"
        case last = " NULLS LAST"
    }
}

extension SQLTypedExpression {
    /// Ascending order: `"reminders"."title" ASC`, with `NULLS FIRST`/`LAST` if given.
    public func asc(nulls: OrderingTerm.Nulls? = nil) -> OrderingTerm {
        OrderingTerm("\(queryFragment) ASC\(raw: nulls?.rawValue ?? "")")
    }

    /// Descending order: `"reminders"."priority" DESC`, with `NULLS FIRST`/`LAST` if given.
    public func desc(nulls: OrderingTerm.Nulls? = nil) -> OrderingTerm {
        OrderingTerm("\(queryFragment) DESC\(raw: nulls?.rawValue ?? "")")
    }
}

/// A value type a bare `order { … }` term sorts by, ascending: numbers, text, dates, blobs, their
/// optionals, and an app's own types that conform.
///
/// ```swift
/// enum Mood: String, SQLBindable, OrderableQueryValue { case calm, busy }
/// Note.order { $0.mood; $0.title }   // … ORDER BY "notes"."mood", "notes"."title"
/// ```
///
/// `Bool` is not one: `order { $0.createdAt > $0.createdAt }` is a comparison where an ordering
/// was meant, so a `Bool` term needs `.asc()` or `.desc()` (a flag says which comes first).
public protocol OrderableQueryValue: SQLBindable {}
extension Int: OrderableQueryValue {}
extension Int64: OrderableQueryValue {}
extension Double: OrderableQueryValue {}
extension String: OrderableQueryValue {}
extension Array: OrderableQueryValue where Element == UInt8 {}
extension Optional: OrderableQueryValue where Wrapped: OrderableQueryValue {}
