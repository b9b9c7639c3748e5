public import Foundation

/// A problem that stops an import or export: where it is, what is wrong and what to do.
///
/// ```swift
/// var error = FormatError(line: 12, field: "priority",
///     problem: #"expected 0–3 or none/low/medium/high, got "urgent""#,
///     remedy: "Use one of those values.")
/// error.file = "tasks.jsonl"
/// error.description
/// // tasks.jsonl, line 12, field "priority": expected 0–3 or none/low/medium/high, got "urgent". Use one of those values.
/// ```
public struct FormatError: Error, CustomStringConvertible, Hashable, Sendable {
    /// What `field` names: a JSON field, a CSV column, an iCalendar property or a todo.txt key.
    public enum FieldKind: String, Hashable, Sendable {
        case field, column, property, key
    }

    /// The file being read or written; the importer sets it, readers leave it nil.
    public var file: String?
    /// The 1-based line the problem is on (for CSV, the line a record starts on).
    public var line: Int?
    /// The 1-based character column, for syntax errors.
    public var column: Int?
    /// The field, column, property or key that holds the bad value.
    public var field: String?
    /// What ``field`` is called in the message: a field, a CSV column, an iCalendar property or a JSON key.
    public var fieldKind: FieldKind
    /// What is wrong, without a trailing full stop.
    public var problem: String
    /// What to do about it, as a sentence.
    public var remedy: String

    /// An error at a place in a file, with the problem and its remedy.
    public init(
        file: String? = nil, line: Int? = nil, column: Int? = nil,
        field: String? = nil, fieldKind: FieldKind = .field,
        problem: String, remedy: String
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.field = field
        self.fieldKind = fieldKind
        self.problem = problem
        self.remedy = remedy
    }

    /// One sentence: where (file, line, column, field), what is wrong, and what to do.
    public var description: String {
        var place: [String] = []
        if let file { place.append(file) }
        if let line { place.append("line \(line)") }
        if let column { place.append("column \(column)") }
        if let field { place.append("\(fieldKind.rawValue) \"\(field)\"") }
        let prefix = place.isEmpty ? "" : place.joined(separator: ", ") + ": "
        return prefix + problem + ". " + remedy
    }
}

extension FormatError {
    /// Quotes a value for a message, cut short so one bad 10 MB field does not flood a terminal.
    static func quote(_ text: some StringProtocol, limit: Int = 60) -> String {
        var shown = String(text.prefix(limit))
        if shown.count < text.count { shown += "…" }
        return "\"" + shown.replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}

extension FormatError: LocalizedError {
    /// ``description``, as `localizedDescription` (what an app's alert shows) gives it.
    public var errorDescription: String? { description }
}
