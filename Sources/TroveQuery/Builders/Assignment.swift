/// One `column = value` of an `INSERT` row or an `UPDATE … SET`.
///
/// ```swift
/// $0.title.set("Buy milk")            // "title" = ?
/// $0.priority.set($0.priority + 1)    // "priority" = ("reminders"."priority" + ?)
/// ```
public struct Assignment: Sendable {
    /// The column's name, unquoted and unqualified (SQLite requires that in `SET`).
    public var column: String
    /// The value: a bound `?`, or an expression.
    public var value: SQLFragment

    /// An assignment of a fragment: for a column the builder has no typed declaration of.
    public init(column: String, value: SQLFragment) {
        self.column = column
        self.value = value
    }
}

extension SQLColumn {
    /// Assigns a bound value to the column; nil writes NULL.
    ///
    /// ```swift
    /// Reminder.where { $0.id == 7 }.update { $0.title.set("Milk") }
    /// // UPDATE "reminders" SET "title" = ? WHERE ("reminders"."id" = ?)
    /// ```
    public func set(_ value: QueryValue) -> Assignment {
        Assignment(column: name, value: SQLFragment(binding: value))
    }

    /// Assigns an expression, such as another column or arithmetic on this one.
    ///
    /// ```swift
    /// $0.position.set($0.position + 1)  // "position" = ("lists"."position" + ?)
    /// ```
    public func set(_ expression: some SQLTypedExpression<QueryValue>) -> Assignment {
        Assignment(column: name, value: expression.queryFragment)
    }
}

/// Builds the assignments of an `INSERT` row or `UPDATE`; `if`, `switch` and loops work.
///
/// ```swift
/// Reminder.insert { $0.title.set("Milk"); if let due { $0.dueDate.set(due) } }
/// // INSERT INTO "reminders" ("title", "due_date") VALUES (?, ?)
/// ```
@resultBuilder
public enum AssignmentBuilder {
    /// One `column = value`.
    public static func buildExpression(_ assignment: Assignment) -> [Assignment] {
        [assignment]
    }

    /// The statements of a block, in order.
    public static func buildBlock(_ components: [Assignment]...) -> [Assignment] {
        components.flatMap { $0 }
    }

    /// An `if` without `else`: nothing when the condition is false.
    public static func buildOptional(_ component: [Assignment]?) -> [Assignment] {
        component ?? []
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first component: [Assignment]) -> [Assignment] {
        component
    }

    /// The other branch of an `if`/`else` or `switch`.
    public static func buildEither(second component: [Assignment]) -> [Assignment] {
        component
    }

    /// A `for` loop: what every iteration built, in order.
    public static func buildArray(_ components: [[Assignment]]) -> [Assignment] {
        components.flatMap { $0 }
    }
}
