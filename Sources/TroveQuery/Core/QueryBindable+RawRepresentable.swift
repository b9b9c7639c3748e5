/// A type stored as its raw value: conform an enum to ``SQLBindable`` and nothing more.
///
/// ```swift
/// enum Priority: Int, SQLBindable { case none, low, medium, high }
/// let priority = SQLColumn<Priority>("priority")
/// Reminder.where { $0.priority >= .medium }   // "reminders"."priority" >= ?   -- binds 2
/// ```
///
/// Decoding throws ``SQLDecodingError`` for a stored value that is no case, naming the type.
extension SQLBindable where Self: RawRepresentable, RawValue: SQLBindable {
    /// The raw value's binding.
    public var queryBinding: SQLBinding { rawValue.queryBinding }

    /// Reads the raw value, then the case it names.
    ///
    /// - Throws: ``SQLDecodingError`` when the value is not a `RawValue`, or no case has it.
    public init(decoding binding: SQLBinding) throws(SQLDecodingError) {
        let raw: RawValue
        do {
            raw = try RawValue(decoding: binding)
        } catch {
            throw SQLDecodingError(value: binding, type: String(describing: Self.self))
        }
        guard let value = Self(rawValue: raw) else {
            throw SQLDecodingError(value: binding, type: String(describing: Self.self))
        }
        self = value
    }
}
