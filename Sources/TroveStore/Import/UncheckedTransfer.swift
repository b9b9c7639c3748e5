/// Carries a non-`Sendable` value into a database body and back out.
///
/// `@unchecked Sendable` is safe because of how it is used: the caller creates the box, awaits
/// `SQLiteDatabase.read`/`write`, whose body (on the connection's serial queue) is the only code
/// that touches `value` while the caller is suspended, and reads `value` back only after that
/// await returns, which orders the body's writes before the caller's read. The box never
/// escapes the function that made it.
final class UncheckedTransfer<Value>: @unchecked Sendable {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
