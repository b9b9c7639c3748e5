import Foundation

/// The rules for list and tag names, matching the schema's `COLLATE NOCASE` and CHECKs.
enum StoreNames {
    /// The list a reminder goes to when its record names none.
    static let defaultList = "Reminders"

    /// The key two names share when SQLite's NOCASE calls them equal: ASCII letters folded to
    /// lower case, every other byte kept.
    ///
    /// NB: NOCASE folds ASCII only, so "É" and "é" are different tags; folding with
    /// `lowercased()` would merge names the UNIQUE index keeps apart.
    static func key(_ name: String) -> String {
        // NB: most names are already lower case; look before copying, as an import asks for the
        // key of every row's list and tags.
        guard name.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return name }
        var bytes = Array(name.utf8)
        for index in bytes.indices where bytes[index] >= 0x41 && bytes[index] <= 0x5A {
            bytes[index] += 0x20
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A list name trimmed of surrounding whitespace; `nil` gives the default list.
    ///
    /// - Throws: `StoreError.invalidName` when nothing is left.
    static func list(_ name: String?) throws(StoreError) -> String {
        guard let name else { return defaultList }
        guard !holdsNUL(name) else { throw .nulCharacter(field: "list") }
        let trimmed = trim(name)
        guard !trimmed.isEmpty else { throw .invalidName(kind: "list", name: name) }
        return trimmed
    }

    /// A tag name trimmed of surrounding whitespace.
    ///
    /// - Throws: `StoreError.invalidTagName` when nothing is left or it holds a comma.
    static func tag(_ name: String) throws(StoreError) -> String {
        guard !holdsNUL(name) else { throw .nulCharacter(field: "tags") }
        let trimmed = trim(name)
        guard !trimmed.isEmpty, !trimmed.utf8.contains(UInt8(ascii: ",")) else { throw .invalidTagName(name) }
        return trimmed
    }

    /// Tag names validated, with repeats (by `key`) dropped, keeping the first spelling.
    static func tags(_ names: [String]) throws(StoreError) -> [String] {
        if names.count == 1 { return [try tag(names[0])] }
        var seen = Set<String>()
        var result: [String] = []
        result.reserveCapacity(names.count)
        for name in names {
            let tag = try tag(name)
            if seen.insert(key(tag)).inserted { result.append(tag) }
        }
        return result
    }

    /// The text `reminders.tags` holds: the names in the order given (their link positions)
    /// joined by ", ", exactly as the schema's `reminder_tag_text` view builds it.
    static func tagsText(_ names: [String]) -> String {
        names.count == 1 ? names[0] : names.joined(separator: ", ")
    }

    /// The names in a `reminders.tags` text.
    static func splitTagsText(_ text: String) -> [String] {
        text.isEmpty ? [] : text.components(separatedBy: ", ")
    }

    static func trim(_ text: String) -> String {
        // NB: most names have no surrounding space; check the ends before allocating.
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
            first.properties.isWhitespace || last.properties.isWhitespace
        else { return text }
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }

    /// Whether `text` starts with U+0000 once leading spaces are dropped: the schema's CHECK
    /// `length(trim(name)) > 0` counts only what comes before a NUL (SQLite's `length()`), so
    /// such a title, list or tag name failed with SQLITE_CONSTRAINT_CHECK, which `trove` could
    /// only call "The database reported an error" (issue 53). A NUL later in the text is kept,
    /// as it always was, and every format writes it back.
    static func holdsNUL(_ text: String) -> Bool {
        text.utf8.first { $0 != 0x20 } == 0
    }

    /// Whether a title is blank once trimmed.
    static func isBlank(_ text: String) -> Bool {
        RecordRules.isBlank(text)
    }
}
