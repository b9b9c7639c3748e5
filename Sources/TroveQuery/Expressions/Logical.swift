// AND, OR and NOT. Each operand is parenthesised so precedence never depends on what it holds.

/// `AND` of two predicates, each parenthesised.
///
/// ```swift
/// $0.isFlagged && $0.priority > 1
/// // ("reminders"."is_flagged") AND ("reminders"."priority" > ?)
/// ```
public func && (lhs: some SQLTypedExpression<Bool>, rhs: some SQLTypedExpression<Bool>) -> TypedExpression<Bool> {
    TypedExpression("(\(lhs.queryFragment)) AND (\(rhs.queryFragment))")
}

/// `OR` of two predicates, each parenthesised.
///
/// ```swift
/// $0.title.contains("walk") || $0.notes.contains("walk")
/// // ("reminders"."title" LIKE ? ESCAPE '\') OR ("reminders"."notes" LIKE ? ESCAPE '\')
/// ```
public func || (lhs: some SQLTypedExpression<Bool>, rhs: some SQLTypedExpression<Bool>) -> TypedExpression<Bool> {
    TypedExpression("(\(lhs.queryFragment)) OR (\(rhs.queryFragment))")
}

/// `NOT` of a predicate.
///
/// ```swift
/// !$0.isCompleted  // NOT ("reminders"."is_completed")
/// ```
public prefix func ! (operand: some SQLTypedExpression<Bool>) -> TypedExpression<Bool> {
    TypedExpression("NOT (\(operand.queryFragment))")
}

/// `OR` of any number of predicates, each parenthesised: true when any of them holds.
///
/// ```swift
/// anyOf([$0.title, $0.notes].map { $0.contains("walk") })
/// // ("reminders"."title" LIKE ? ESCAPE '\') OR ("reminders"."notes" LIKE ? ESCAPE '\')
/// anyOf([$0.isFlagged])       // "reminders"."is_flagged"
/// anyOf([TypedExpression<Bool>]())  // 0
/// ```
/// Unlike chained `||`, which nests (`((a) OR (b)) OR (c)`), the operands stay side by side.
/// - Parameter predicates: The alternatives, in order.
/// - Returns: A single predicate as it is (its user parenthesises it as an operand), and `0`
///   (false) for none, as an empty `OR` is.
public func anyOf<P: SQLTypedExpression<Bool>>(_ predicates: [P]) -> TypedExpression<Bool> {
    switch predicates.count {
    case 0: TypedExpression("0")
    case 1: TypedExpression(predicates[0].queryFragment)
    default: TypedExpression(predicates.map { "(\($0.queryFragment))" as SQLFragment }.joined(separator: " OR "))
    }
}
