public import TroveQuery

/// Stored as its raw value, 0–3, in `reminders.priority`, so builder columns read and compare
/// priorities rather than numbers.
///
/// ```swift
/// ReminderTable.where { $0.priority >= .medium }
/// // SELECT "reminders".* FROM "reminders" WHERE ("reminders"."priority" >= ?)   -- binds 2
/// ```
extension Priority: SQLBindable {}

/// Sorts as stored (none 0 to high 3).
extension Priority: OrderableQueryValue {}
