/// A type stored as its raw value: conform an enum to ``QueryBindable`` and nothing more.
///
/// ```swift
/// enum Priority: Int, QueryBindable { case none, low, medium, high }
/// let priority = SQLColumn<Priority>("priority")
/// Reminder.where { $0.priority >= .medium }   // "reminders"."priority" >= ?   -- binds 2
/// ```
///
/// Decoding throws ``QueryDecodingError`` for a stored value that is no case, naming the type.
extension QueryBindable where Self: RawRepresentable, RawValue: QueryBindable {
    /// The raw value's binding.
    public var queryBinding: QueryBinding { rawValue.queryBinding }

    /// Reads the raw value, then the case it names.
    ///
    /// - Throws: ``QueryDecodingError`` when the value is not a `RawValue`, or no case has it.
    public init(decoding binding: QueryBinding) throws(QueryDecodingError) {
        let raw: RawValue
        do {
            raw = try RawValue(decoding: binding)
        } catch {
            throw QueryDecodingError(value: binding, type: String(describing: Self.self))
        }
        guard let value = Self(rawValue: raw) else {
            throw QueryDecodingError(value: binding, type: String(describing: Self.self))
        }
        self = value
    }
}
