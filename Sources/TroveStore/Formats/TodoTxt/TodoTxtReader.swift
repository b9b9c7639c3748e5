import Foundation

/// Reads todo.txt (todotxt.org): one task per line, blank lines skipped.
///
/// ```swift
/// var reader = TodoTxtReader(LineReader(string: "(A) 2026-02-20 Call Mum +Family @phone due:2026-03-05"))
/// let record = try reader.next()!
/// // title "Call Mum", list "Family", tags ["phone"], priority .high, due 2026-03-05,
/// // createdAt 2026-02-20T00:00:00Z
/// ```
///
/// - `x` marks a completed task, optionally followed by the completion date then the creation
///   date; an open task may start with `(A)`–`(Z)` then a creation date. Dates are UTC midnights.
/// - Priority: A → high, B → medium, C–Z → low; `pri:X` carries it on completed tasks.
/// - The first `+project` becomes the list and leaves the title; each later one becomes a tag
///   that keeps its `+` (`+Urgent`), so an export writes it back as a project.
/// - Each `@context` becomes a tag (`phone`) and leaves the title.
/// - `due:YYYY-MM-DD` → due day; `note:` → notes; `flagged:yes` → flagged; `uid:` → uid;
///   `rec:` (`rec:1w`, `rec:+2m`: N days, b(usiness days), weeks, months or years) or `rrule:`
///   (an RRULE) → repeat; a `rec:` spelled other than `rec:+Nu` (`rec:1w`) is also kept as the
///   property `X-TROVE-REC:1w` among the kept iCalendar lines, so the export writes it back as
///   read (`TodoTxtWriter`). Other `key:value` tokens stay in the title as written. `+`, `@`,
///   `note:`, `uid:` and `rrule:` values are percent-decoded. Each of these keys may appear
///   once (`rec:` and `rrule:` are one repeat): a second is an error naming the line, as is
///   `pri:` beside an `(A)` at the start of an open task, so no value is dropped unseen.
/// - A word starting with a backslash that escapes a special word (see `TodoTxtEscaping`)
///   loses one backslash and stays in the title.
/// - The title is the remaining words joined by single spaces.
public struct TodoTxtReader: ReminderReader {
    private var lines: LineReader
    private let defaultList: String?

    /// A reader of todo.txt lines; `list` is the list for lines without a `+project`.
    public init(_ lines: LineReader, list: String? = nil) {
        self.lines = lines
        self.defaultList = RecordRules.listName(list)
    }

    /// Always empty: todo.txt has nothing a reader must skip (unknown `key:value` tokens stay in the title).
    public var warnings: [String] { [] }
    /// todo.txt's: days, single-spaced titles, no occurrences or iCalendar properties.
    public var limits: FormatLimits { .todoTxt }
    /// The line the last record returned by `next()` was on.
    public private(set) var recordLine: Int?

    /// The next task as a record, skipping blank lines; nil at the end.
    /// - Throws: `FormatError` naming the line of a malformed date or priority.
    public mutating func next() throws -> ReminderRecord? {
        while let line = try lines.next() {
            let words = line.text.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if words.isEmpty { continue }
            recordLine = line.number
            return try parse(words, line: line.number)
        }
        return nil
    }

    private func parse(_ words: [Substring], line: Int) throws -> ReminderRecord {
        var record = ReminderRecord(title: "")
        var index = 0
        func day(_ word: Substring) -> Date? {
            CalendarDay(String(word)).map { Timestamp.date(millis: $0.daysSince1970 * 86_400_000) }
        }
        if words[0] == "x" {
            record.isCompleted = true
            index = 1
            if index < words.count, let date = day(words[index]) {
                record.completedAt = date
                index += 1
                if index < words.count, let date = day(words[index]) {
                    record.createdAt = date
                    index += 1
                }
            }
        } else {
            if let priority = Self.priority(fromParenthesised: words[0]) {
                record.priority = priority
                index = 1
            }
            if index < words.count, let date = day(words[index]) {
                record.createdAt = date
                index += 1
            }
        }
        var titleWords: [Substring] = []
        var list: String?
        var tags: [String] = []
        var given: [String: String] = [:]
        for (position, word) in words[index...].enumerated() {
            if let escaped = TodoTxtEscaping.unescape(word, first: position == 0) {
                titleWords.append(escaped)
            } else if word.count > 1, word.first == "+" {
                // NB: a second project is a tag with its `+`, not title text: todo.txt gives a
                // task any number of projects, and the export writes this one back as `+Urgent`.
                if list == nil {
                    list = TodoTxtToken.decode(word.dropFirst())
                } else {
                    tags.append("+" + TodoTxtToken.decode(word.dropFirst()))
                }
            } else if word.count > 1, word.first == "@" {
                tags.append(TodoTxtToken.decode(word.dropFirst()))
            } else if let colon = word.firstIndex(of: ":"), colon != word.startIndex, colon != word.index(before: word.endIndex),
                try apply(
                    key: word[..<colon].lowercased(), value: word[word.index(after: colon)...], to: &record, line: line,
                    given: &given, parenthesisedPriority: words[0] != "x" && record.priority != .none)
            {
                continue
            } else {
                titleWords.append(word)
            }
        }
        record.title = titleWords.joined(separator: " ")
        record.list = RecordRules.listName(list) ?? defaultList
        record.tags = RecordRules.deduplicated(tags.filter { !$0.isEmpty })
        guard !record.title.isEmpty else {
            throw FormatError(
                line: line, problem: "the task has no text once its +list, @tags and key:value tags are taken out",
                remedy: "Add words describing the task: in todo.txt a task is its text after the optional x, priority and dates.")
        }
        return record
    }

    /// Applies a key the reader understands; false leaves the word in the title.
    ///
    /// - Parameter given: The keys applied so far on this line, by what they set (`rec:` and
    ///   `rrule:` both set the repeat), with the word that set it; a second is an error.
    private func apply(
        key: String, value: Substring, to record: inout ReminderRecord, line: Int,
        given: inout [String: String], parenthesisedPriority: Bool
    ) throws -> Bool {
        let slot = key == "rec" ? "rrule" : key
        if ["due", "pri", "note", "uid", "rrule", "flagged"].contains(slot), let first = given[slot] {
            guard slot != "flagged" || RecordRules.bool(String(value)) != nil else { return false }
            throw FormatError(
                line: line, field: key + ":", fieldKind: .key,
                problem: "the task already has \(FormatError.quote(first)); each of due:, pri:, note:, uid:, flagged: and one repeat (rec: or rrule:) may appear once",
                remedy: "Keep one of them: Trove will not guess which one you meant.")
        }
        if slot == "pri", parenthesisedPriority {
            throw FormatError(
                line: line, field: "pri:", fieldKind: .key,
                problem: "the task has a priority in parentheses at its start and pri: as well",
                remedy: "Keep one: (A) at the start of an open task, or pri:A on a completed one.")
        }
        defer {
            // NB: `flagged:maybe` is not applied (it stays in the title), so it is not a first value.
            if slot != "flagged" || RecordRules.bool(String(value)) != nil { given[slot] = key + ":" + value }
        }
        switch key {
        case "due":
            guard let day = CalendarDay(String(value)) else {
                throw FormatError(
                    line: line, field: "due:", fieldKind: .key,
                    problem: "expected a date YYYY-MM-DD, got \(FormatError.quote(value))",
                    remedy: "Write the due date as due:2026-03-05 (the todo.txt due: key takes a date YYYY-MM-DD).")
            }
            record.due = .day(day)
        case "pri":
            guard value.count == 1, let priority = Self.priority(letter: value.first!) else {
                throw FormatError(
                    line: line, field: "pri:", fieldKind: .key,
                    problem: "expected a letter A–Z, got \(FormatError.quote(value))",
                    remedy: "Write the priority as pri:A (high), pri:B (medium) or pri:C (low): todo.txt priorities are the letters A–Z.")
            }
            record.priority = priority
        case "note": record.notes = TodoTxtToken.decode(value)
        case "uid": record.uid = TodoTxtToken.decode(value)
        case "rrule":
            do {
                record.repeat = try RepeatRule(rrule: TodoTxtToken.decode(value))
            } catch {
                throw FormatError(
                    line: line, field: "rrule:", fieldKind: .key, problem: "\(error)",
                    remedy: "Write the repeat as rrule:FREQ=WEEKLY;BYDAY=MO (an RFC 5545 RRULE), or as rec:1w.")
            }
        case "rec":
            guard let rule = Self.recurrence(value) else {
                throw FormatError(
                    line: line, field: "rec:", fieldKind: .key,
                    problem: "expected a number and a unit such as 1w or +2m, got \(FormatError.quote(value))",
                    remedy: "Write rec:Nd, rec:Nw, rec:Nm, rec:Ny or rec:1b (the todo.txt recurrence extension), with + for strict.")
            }
            record.repeat = rule
            // NB: Trove counts every repeat from the due date, as `rec:+1w` says; any other
            // spelling (`rec:1w`, from completion in Simpletask) is kept so an export writes it as read.
            if String(value) != TodoTxtWriter.recurrence(rule) {
                record.icalendar.append(TodoTxtWriter.keptRecurrence + String(value))
            }
        case "flagged":
            guard let flagged = RecordRules.bool(String(value)) else { return false }
            record.isFlagged = flagged
        default: return false
        }
        return true
    }

    /// `rec:1w`, `rec:+2m`, `rec:1b`: the recurrence extension (SimpleTask, todotxt-android).
    /// NB: without `+` those apps count from the completion day; Trove always counts from the due date.
    static func recurrence(_ value: Substring) -> RepeatRule? {
        var text = value.hasPrefix("+") ? value.dropFirst() : value
        guard let unit = text.last else { return nil }
        text = text.dropLast()
        guard let count = text.isEmpty ? 1 : Int(text), count >= 1 else { return nil }
        switch unit {
        case "d": return RepeatRule(.daily, interval: count)
        case "w": return RepeatRule(.weekly, interval: count)
        case "m": return RepeatRule(.monthly, interval: count)
        case "y": return RepeatRule(.yearly, interval: count)
        case "b" where count == 1:
            return RepeatRule(.daily, byDay: [.monday, .tuesday, .wednesday, .thursday, .friday].map { .init($0) })
        default: return nil
        }
    }

    static func priority(fromParenthesised word: Substring) -> Priority? {
        guard word.count == 3, word.first == "(", word.last == ")" else { return nil }
        return priority(letter: word[word.index(after: word.startIndex)])
    }

    /// A → high, B → medium, C–Z → low.
    static func priority(letter: Character) -> Priority? {
        guard let ascii = letter.asciiValue, ascii >= UInt8(ascii: "A"), ascii <= UInt8(ascii: "Z") else { return nil }
        switch letter {
        case "A": return .high
        case "B": return .medium
        default: return .low
        }
    }
}
