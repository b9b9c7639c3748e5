/// `Int`, `Int64`, `Double` and their optionals: the value types arithmetic accepts.
public protocol _NumericQueryValue: SQLBindable {}
extension Int: _NumericQueryValue {}
extension Int64: _NumericQueryValue {}
extension Double: _NumericQueryValue {}
extension Optional: _NumericQueryValue where Wrapped: _NumericQueryValue {}

/// Addition with a bound value.
///
/// ```swift
/// $0.position + 1  // "lists"."position" + ?
/// ```
public func + <L: SQLTypedExpression>(lhs: L, rhs: L.QueryValue) -> TypedExpression<L.QueryValue>
where L.QueryValue: _NumericQueryValue {
    TypedExpression("(\(lhs.queryFragment) + \(rhs))")
}

/// Subtraction of a bound value.
///
/// ```swift
/// $0.position - 1  // "lists"."position" - ?
/// ```
public func - <L: SQLTypedExpression>(lhs: L, rhs: L.QueryValue) -> TypedExpression<L.QueryValue>
where L.QueryValue: _NumericQueryValue {
    TypedExpression("(\(lhs.queryFragment) - \(rhs))")
}
