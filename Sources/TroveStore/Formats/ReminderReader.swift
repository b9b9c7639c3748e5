/// Reads reminders one at a time from a file in some format, never holding the whole file.
///
/// ```swift
/// var reader = ReminderFormat.jsonl.makeReader(try LineReader(path: "tasks.jsonl"))
/// while let record = try reader.next() { … }
/// reader.warnings  // ["ignored unknown fields colour (first seen on line 3)"]
/// ```
public protocol ReminderReader {
    /// The next reminder, or nil at the end of the file.
    ///
    /// - Throws: `FormatError` naming the line and field; the reader is not usable afterwards.
    mutating func next() throws -> ReminderRecord?

    /// Things worth telling the user that did not stop the import, each said once per file.
    var warnings: [String] { get }

    /// The line the record `next()` returned last began on, for messages that name it.
    var recordLine: Int? { get }

    /// What the format cannot hold: a re-import keeps a stored value the file could only give
    /// back cut (a time to the second, a title's tabs).
    var limits: FormatLimits { get }
}

extension ReminderReader {
    /// Nil: a reader that does not track lines names none in its errors.
    public var recordLine: Int? { nil }

    /// None: the format holds everything Trove stores.
    public var limits: FormatLimits { .none }
}
