// Comparison operators. Comparing to a Swift value binds it; comparing to nil renders IS NULL.

/// `=`, or `IS NULL` when the value is nil.
///
/// ```swift
/// $0.title == "Milk"   // "reminders"."title" = ?
/// $0.dueDate == nil    // "reminders"."due_date" IS NULL
/// ```
public func == <L: SQLTypedExpression>(lhs: L, rhs: L.QueryValue) -> TypedExpression<Bool> {
    if rhs.queryBinding == .null { return lhs.isNull }
    return binary(lhs, "=", BoundValue(rhs))
}

/// `<>`, or `IS NOT NULL` when the value is nil.
///
/// ```swift
/// $0.title != "Milk"   // "reminders"."title" <> ?
/// $0.dueDate != nil    // "reminders"."due_date" IS NOT NULL
/// ```
public func != <L: SQLTypedExpression>(lhs: L, rhs: L.QueryValue) -> TypedExpression<Bool> {
    if rhs.queryBinding == .null { return lhs.isNotNull }
    return binary(lhs, "<>", BoundValue(rhs))
}

/// `<` with a bound value: `"reminders"."priority" < ?`.
public func < <L: SQLTypedExpression>(lhs: L, rhs: L.QueryValue) -> TypedExpression<Bool> {
    binary(lhs, "<", BoundValue(rhs))
}

/// `<=` with a bound value: `"reminders"."priority" <= ?`.
public func <= <L: SQLTypedExpression>(lhs: L, rhs: L.QueryValue) -> TypedExpression<Bool> {
    binary(lhs, "<=", BoundValue(rhs))
}

/// `>` with a bound value: `"reminders"."priority" > ?`.
public func > <L: SQLTypedExpression>(lhs: L, rhs: L.QueryValue) -> TypedExpression<Bool> {
    binary(lhs, ">", BoundValue(rhs))
}

/// `>=` with a bound value: `"reminders"."priority" >= ?`.
public func >= <L: SQLTypedExpression>(lhs: L, rhs: L.QueryValue) -> TypedExpression<Bool> {
    binary(lhs, ">=", BoundValue(rhs))
}

// MARK: Expression against expression

/// `=` between two expressions of the same type.
///
/// ```swift
/// Reminder.join(List.self) { r, l in r.listID == l.id }
/// // … JOIN "lists" ON ("reminders"."list_id" = "lists"."id")
/// ```
public func == <L: SQLTypedExpression, R: SQLTypedExpression>(lhs: L, rhs: R) -> TypedExpression<Bool>
where L.QueryValue == R.QueryValue {
    binary(lhs, "=", rhs)
}

/// `=` between an optional expression and a non-optional one: `"a"."x" = "b"."y"`.
public func == <L: SQLTypedExpression, R: SQLTypedExpression>(lhs: L, rhs: R) -> TypedExpression<Bool>
where L.QueryValue: _OptionalQueryValue, L.QueryValue.Wrapped == R.QueryValue {
    binary(lhs, "=", rhs)
}

/// `=` between a non-optional expression and an optional one: `"a"."x" = "b"."y"`.
public func == <L: SQLTypedExpression, R: SQLTypedExpression>(lhs: L, rhs: R) -> TypedExpression<Bool>
where R.QueryValue: _OptionalQueryValue, R.QueryValue.Wrapped == L.QueryValue {
    binary(lhs, "=", rhs)
}

/// `<>` between two expressions of the same type: `"a"."x" <> "b"."y"`.
public func != <L: SQLTypedExpression, R: SQLTypedExpression>(lhs: L, rhs: R) -> TypedExpression<Bool>
where L.QueryValue == R.QueryValue {
    binary(lhs, "<>", rhs)
}

/// `<` between two expressions of the same type: `"a"."x" < "b"."y"`.
public func < <L: SQLTypedExpression, R: SQLTypedExpression>(lhs: L, rhs: R) -> TypedExpression<Bool>
where L.QueryValue == R.QueryValue {
    binary(lhs, "<", rhs)
}

/// `<=` between two expressions of the same type: `"a"."x" <= "b"."y"`.
public func <= <L: SQLTypedExpression, R: SQLTypedExpression>(lhs: L, rhs: R) -> TypedExpression<Bool>
where L.QueryValue == R.QueryValue {
    binary(lhs, "<=", rhs)
}

/// `>` between two expressions of the same type: `"a"."x" > "b"."y"`.
public func > <L: SQLTypedExpression, R: SQLTypedExpression>(lhs: L, rhs: R) -> TypedExpression<Bool>
where L.QueryValue == R.QueryValue {
    binary(lhs, ">", rhs)
}

/// `>=` between two expressions of the same type: `"a"."x" >= "b"."y"`.
public func >= <L: SQLTypedExpression, R: SQLTypedExpression>(lhs: L, rhs: R) -> TypedExpression<Bool>
where L.QueryValue == R.QueryValue {
    binary(lhs, ">=", rhs)
}

/// `lhs op rhs`, without parentheses: operands are columns, values or already-wrapped terms.
func binary<V>(_ lhs: some SQLTypedExpression, _ op: String, _ rhs: some SQLTypedExpression) -> TypedExpression<V> {
    TypedExpression("\(lhs.queryFragment) \(raw: op) \(rhs.queryFragment)")
}
