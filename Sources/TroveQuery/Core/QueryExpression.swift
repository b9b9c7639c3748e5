/// A piece of SQL that produces a value of type `QueryValue` when SQLite evaluates it.
///
/// Columns, bound values, operators and functions are all expressions, so the compiler checks
/// that `$0.title == 3` is a mistake and that a `where` closure returns a `Bool`.
///
/// ```swift
/// let predicate = Reminder.columns.priority > 1
/// predicate.queryFragment.debugDescription  // "priority" > 1
/// ```
public protocol SQLTypedExpression<QueryValue>: Sendable {
    /// The Swift type of the value the expression evaluates to.
    associatedtype QueryValue: SQLBindable

    /// The expression as SQL, ready to splice into a statement.
    var queryFragment: SQLFragment { get }
}

/// An expression of a known type built from an SQL fragment: what operators and functions return.
///
/// ```swift
/// let fragment: TypedExpression<Int> = TypedExpression("count(*)")
/// fragment.queryFragment.debugDescription  // count(*)
/// ```
public struct TypedExpression<QueryValue: SQLBindable>: SQLTypedExpression {
    /// The expression as SQL.
    public var queryFragment: SQLFragment

    /// Wraps a fragment; the caller vouches for the value type.
    ///
    /// - Parameter fragment: SQL written in code; interpolated values are bound.
    public init(_ fragment: SQLFragment) {
        self.queryFragment = fragment
    }

    /// Wraps another expression of the same type, erasing its concrete type.
    public init(_ expression: some SQLTypedExpression<QueryValue>) {
        self.queryFragment = expression.queryFragment
    }
}

/// A Swift value used where an expression is expected: it renders as a bound `?`.
///
/// ```swift
/// BoundValue("it's").queryFragment.render()  // ("?", [.text("it's")])
/// ```
public struct BoundValue<QueryValue: SQLBindable>: SQLTypedExpression {
    /// The value to bind.
    public var value: QueryValue

    /// A value to bind where an expression is expected.
    public init(_ value: QueryValue) {
        self.value = value
    }

    /// A `?` that binds ``value``.
    public var queryFragment: SQLFragment { SQLFragment(binding: value) }
}

/// `Optional` for generic constraints: lets an `Int64?` column compare to an `Int64` column.
public protocol _OptionalQueryValue: SQLBindable {
    associatedtype Wrapped: SQLBindable
}

extension Optional: _OptionalQueryValue where Wrapped: SQLBindable {}
