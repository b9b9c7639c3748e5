// AND, OR and NOT. Each operand is parenthesised so precedence never depends on what it holds.

/// `AND` of two predicates, each parenthesised.
///
/// ```swift
/// $0.isFlagged && $0.priority > 1
/// // ("reminders"."is_flagged") AND ("reminders"."priority" > ?)
/// ```
public func && (lhs: some QueryExpression<Bool>, rhs: some QueryExpression<Bool>) -> SQLExpression<Bool> {
    SQLExpression("(\(lhs.queryFragment)) AND (\(rhs.queryFragment))")
}

/// `OR` of two predicates, each parenthesised.
///
/// ```swift
/// $0.title.contains("walk") || $0.notes.contains("walk")
/// // ("reminders"."title" LIKE ? ESCAPE '\') OR ("reminders"."notes" LIKE ? ESCAPE '\')
/// ```
public func || (lhs: some QueryExpression<Bool>, rhs: some QueryExpression<Bool>) -> SQLExpression<Bool> {
    SQLExpression("(\(lhs.queryFragment)) OR (\(rhs.queryFragment))")
}

/// `NOT` of a predicate.
///
/// ```swift
/// !$0.isCompleted  // NOT ("reminders"."is_completed")
/// ```
public prefix func ! (operand: some QueryExpression<Bool>) -> SQLExpression<Bool> {
    SQLExpression("NOT (\(operand.queryFragment))")
}
