import Foundation

/// Typed reads of a reminder's fields, with errors that name the field.
extension JSONScanner {
    func typeError(field: String, expected: String) -> FormatError {
        FormatError(
            line: line, column: UTF8Validation.column(ofOffset: index, in: bytes), field: field,
            problem: "expected \(expected), got \(valueKind)",
            remedy: "Change the value to \(expected).")
    }

    func valueError(field: String, _ problem: String, remedy: String, at offset: Int) -> FormatError {
        FormatError(
            line: line, column: UTF8Validation.column(ofOffset: offset, in: bytes), field: field,
            problem: problem, remedy: remedy)
    }

    /// A string, or nil for `null` when `nullable`.
    mutating func text(field: String, nullable: Bool = true) throws -> String? {
        if peek == UInt8(ascii: "\"") { return try string() }
        if nullable, peek == UInt8(ascii: "n") {
            try literal("null")
            return nil
        }
        throw typeError(field: field, expected: "a string")
    }

    mutating func bool(field: String) throws -> Bool {
        switch peek ?? 0 {
        case UInt8(ascii: "t"): try literal("true"); return true
        case UInt8(ascii: "f"): try literal("false"); return false
        case UInt8(ascii: "n"): try literal("null"); return false
        default: throw typeError(field: field, expected: "true or false")
        }
    }

    mutating func priority(field: String) throws -> Priority {
        let start = index
        let text: String
        switch peek ?? 0 {
        case UInt8(ascii: "\""):
            text = try string()
            // NB: the canonical lower-case names skip Priority(name:)'s lowercasing.
            switch text {
            case "none": return .none
            case "low": return .low
            case "medium": return .medium
            case "high": return .high
            default: break
            }
        case UInt8(ascii: "n"): try literal("null"); return .none
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let range = try number()
            text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            if let value = Int(text), let priority = Priority(rawValue: value) { return priority }
            throw valueError(
                field: field, "\(RecordRules.priorityExpectation), got \(text)",
                remedy: RecordRules.priorityRemedy, at: start)
        default: throw typeError(field: field, expected: "0–3 or none/low/medium/high")
        }
        guard let priority = Priority(name: text) else {
            throw valueError(
                field: field, "\(RecordRules.priorityExpectation), got \(FormatError.quote(text))",
                remedy: RecordRules.priorityRemedy, at: start)
        }
        return priority
    }

    /// An array of non-blank strings, repeats dropped; `null` is no tags.
    mutating func tags(field: String) throws -> [String] {
        if peek == UInt8(ascii: "n") {
            try literal("null")
            return []
        }
        guard consume("[") else { throw typeError(field: field, expected: "an array of strings") }
        var tags: [String] = []
        skipWhitespace()
        if consume("]") { return tags }
        while true {
            skipWhitespace()
            let start = index
            guard peek == UInt8(ascii: "\"") else { throw typeError(field: field, expected: "a string for each tag") }
            let tag = try string()
            guard !RecordRules.isBlank(tag) else {
                throw valueError(field: field, "tag \(tags.count + 1) is blank", remedy: "Remove the empty tag.", at: start)
            }
            tags.append(tag)
            skipWhitespace()
            if consume(",") { continue }
            if consume("]") { break }
            throw unexpected(expected: "',' or ']' in the tags", field: field)
        }
        return RecordRules.deduplicated(tags)
    }

    /// An ISO 8601 date-time (or date, meaning midnight UTC), or nil for `null`.
    mutating func date(field: String) throws -> Date? {
        let start = index
        if peek == UInt8(ascii: "\"") {
            // NB: fast path straight from the bytes; escapes or a bad value take the slow path below.
            let (range, escaped) = try scanString()
            if !escaped, let date = Timestamp.parseISO(UnsafeBufferPointer(rebasing: bytes[range])) { return date }
            index = start
        }
        guard let (text, start) = try dateText(field: field) else { return nil }
        if let date = Timestamp.parseISO(text) { return date }
        throw valueError(
            field: field, "expected an ISO 8601 date-time, got \(FormatError.quote(text))",
            remedy: RecordRules.dateRemedy, at: start)
    }

    /// `YYYY-MM-DD` (a day) or an ISO 8601 date-time (a moment), or nil for `null`.
    mutating func due(field: String) throws -> DueDate? {
        let start = index
        if peek == UInt8(ascii: "\"") {
            // NB: fast path straight from the bytes; escapes or a bad value take the slow path below.
            let (range, escaped) = try scanString()
            if !escaped, let due = Timestamp.parseDue(UnsafeBufferPointer(rebasing: bytes[range])) { return due }
            index = start
        }
        guard let (text, start) = try dateText(field: field) else { return nil }
        if let due = Timestamp.parseDue(text) { return due }
        throw valueError(
            field: field, "expected YYYY-MM-DD or an ISO 8601 date-time, got \(FormatError.quote(text))",
            remedy: RecordRules.dueRemedy, at: start)
    }

    private mutating func dateText(field: String) throws -> (String, Int)? {
        let start = index
        switch peek ?? 0 {
        case UInt8(ascii: "\""): return (try string(), start)
        case UInt8(ascii: "n"): try literal("null"); return nil
        default: throw typeError(field: field, expected: "a date string or null")
        }
    }

    /// A whole number, or nil for `null`.
    mutating func integer(field: String) throws -> Int64? {
        if peek == UInt8(ascii: "n") {
            try literal("null")
            return nil
        }
        let start = index
        guard peek == UInt8(ascii: "-") || (peek.map { $0 >= 0x30 && $0 <= 0x39 } ?? false) else {
            throw typeError(field: field, expected: "a whole number")
        }
        let range = try number()
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        guard let value = Int64(text) else {
            throw valueError(field: field, "expected a whole number, got \(text)", remedy: "Write the id as a whole number, or null.", at: start)
        }
        return value
    }

    /// An RRULE string, or nil for `null`.
    mutating func repeatRule(field: String) throws -> RepeatRule? {
        let start = index
        guard let text = try self.text(field: field) else { return nil }
        do {
            return try RepeatRule(rrule: text)
        } catch {
            throw valueError(
                field: field, "\(FormatError.quote(text)) is not a repeat rule Trove reads: \(error)",
                remedy: "Write an RRULE such as FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH, or null.", at: start)
        }
    }

    /// An array of strings, or `[]` for `null`.
    mutating func strings(field: String) throws -> [String] {
        if peek == UInt8(ascii: "n") {
            try literal("null")
            return []
        }
        guard consume("[") else { throw typeError(field: field, expected: "an array of strings") }
        var values: [String] = []
        skipWhitespace()
        if consume("]") { return values }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else { throw typeError(field: field, expected: "a string in the array") }
            values.append(try string())
            skipWhitespace()
            if consume(",") { continue }
            if consume("]") { return values }
            throw unexpected(expected: "',' or ']'", field: field)
        }
    }

    /// `[{"due":…,"completedAt":…}, …]`, or `[]` for `null`.
    mutating func completions(field: String) throws -> [Completion] {
        if peek == UInt8(ascii: "n") {
            try literal("null")
            return []
        }
        guard consume("[") else { throw typeError(field: field, expected: "an array of {\"due\",\"completedAt\"} objects") }
        var values: [Completion] = []
        skipWhitespace()
        if consume("]") { return values }
        while true {
            skipWhitespace()
            guard consume("{") else { throw typeError(field: field, expected: "an object {\"due\":…,\"completedAt\":…}") }
            var completion = Completion(due: nil, completedAt: nil)
            skipWhitespace()
            if !consume("}") {
                while true {
                    skipWhitespace()
                    let key = try string()
                    skipWhitespace()
                    guard consume(":") else { throw unexpected(expected: "':' after \"\(key)\"", field: field) }
                    skipWhitespace()
                    switch key {
                    case "due": completion.due = try due(field: field + ".due")
                    case "completedAt": completion.completedAt = try date(field: field + ".completedAt")
                    default: try skipValue()
                    }
                    skipWhitespace()
                    if consume(",") { continue }
                    if consume("}") { break }
                    throw unexpected(expected: "',' or '}'", field: field)
                }
            }
            values.append(completion)
            skipWhitespace()
            if consume(",") { continue }
            if consume("]") { return values }
            throw unexpected(expected: "',' or ']'", field: field)
        }
    }
}
