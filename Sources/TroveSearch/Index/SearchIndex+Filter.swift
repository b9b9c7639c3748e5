import Foundation
public import TroveQuery
import TroveStore

extension SearchIndex {
    /// What a `key:value` word of the query compares, and how it reads the value.
    ///
    /// ```swift
    /// ["folder": .text("folder"), "pinned": .bool("pinned"), "year": .integer("year"),
    ///  "updated": .date("updated_at"),
    ///  "tag": .lookup("id", table: "note_tags", key: "note_id", value: "tag")]
    /// // folder:baking          → "notes"."folder" COLLATE "NOCASE" = 'baking'
    /// // pinned:yes             → "notes"."pinned" = 1
    /// // -year:2024             → NOT IFNULL(("notes"."year" = 2024), 0)
    /// // year:2020..2024        → ("notes"."year" >= 2020 AND "notes"."year" <= 2024)
    /// // updated:2026-03-01..   → (all-day "notes"."updated_at" >= '2026-03-01') OR (a timed one from that day's start)
    /// // updated:none           → "notes"."updated_at" IS NULL
    /// // #bread, tag:bread      → "notes"."id" IN (SELECT "trove_lookup"."note_id" FROM "note_tags" AS "trove_lookup"
    /// //                            WHERE "trove_lookup"."tag" COLLATE "NOCASE" = 'bread')
    /// ```
    public enum Filter: Hashable, Sendable {
        /// A text column, compared ignoring case (ASCII): `folder:Baking`, `folder:"Home Office"`.
        case text(String)
        /// An integer column: `year:2024`, or a range with an open end or none:
        /// `year:2020..2024`, `year:2020..`, `year:..2024` (both ends included).
        case integer(String)
        /// A column holding 0 or 1: `pinned:yes`, `pinned:no` (also `true`/`false`, `1`/`0`).
        case bool(String)
        /// A column holding a date: ISO 8601 text, a day (`2026-03-05`) or a date-time
        /// (`2026-03-05T09:30:00Z`, `2026-03-05 09:30:00` as SQLite's `datetime()` writes it,
        /// an offset such as `+01:00`), or Unix seconds as a number.
        ///
        /// The value is written as `due:`'s for the reminders: a day (`updated:2026-03-05`), a
        /// range (`2026-03-01..2026-03-31`, `2026-03-01..`, `..2026-03-05`), `today`,
        /// `tomorrow`, `week` (the seven days from today), `overdue` (before today), a phrase
        /// such as `fri` or `"dec 24"`, or `none` (the column is NULL). The words are read
        /// against the day the query is parsed (``SearchIndex/parse(_:exact:today:timeZone:)``).
        /// A day is compared as a day; a date-time falls on the day it is in that time zone.
        case date(String)
        /// A due date (as ``date(_:)``) of rows that get done, as a reminder's: `overdue` is a
        /// day before today on a row not done (`done` 0 or NULL), and `today` is due today or
        /// overdue, as Apple Reminders' Today list; the other words are ``date(_:)``'s.
        ///
        /// ```swift
        /// "due": .deadline("due_date", done: "is_completed")
        /// // due:overdue → ifnull("reminders"."is_completed", 0) = 0 AND "reminders"."due_date" < today
        /// ```
        case deadline(String, done: String)
        /// A value looked up in another table, for a row's tags or its folder's name: the
        /// row's `column` is one of `table`'s `key` where `table`'s `value` is the word
        /// (ignoring ASCII case).
        ///
        /// ```swift
        /// .lookup("id", table: "note_tags", key: "note_id", value: "tag")   // tags of a note
        /// .lookup("folder_id", table: "folders", key: "id", value: "name")   // the note's folder
        /// ```
        case lookup(String, table: String, key: String, value: String)
        /// A value in a third table, reached through a table of links: a row's tags when the
        /// names are a table of their own, as the reminders' are. The row's `column` is one of
        /// `links`' `from`, whose `to` is the `key` of a row of `table` whose `value` is the word
        /// (ignoring ASCII case).
        ///
        /// ```swift
        /// .linked("id", links: "reminder_tags", from: "reminder_id", to: "tag_id", table: "tags", key: "id", value: "name")
        /// // tag:home → "reminders"."id" IN (SELECT "trove_lookup"."reminder_id" FROM "reminder_tags" AS "trove_lookup"
        /// //   JOIN "tags" AS "trove_lookup_value" ON ("trove_lookup_value"."id" = "trove_lookup"."tag_id")
        /// //   WHERE "trove_lookup_value"."name" COLLATE "NOCASE" = 'home')
        /// ```
        case linked(String, links: String, from: String, to: String, table: String, key: String, value: String)
        /// Words that each stand for one stored value of a column, as the reminders' `is:open`
        /// and `is:flagged` do: `is:unread`, `is:read`, `is:pinned`. The value is compared as
        /// stored (a 0/1 column, a text state), and `-is:unread` leaves those rows out.
        ///
        /// ```swift
        /// "is": .named(["unread": .init("read", 0), "read": .init("read", 1), "pinned": .init("pinned", 1)])
        /// // is:unread   → "notes"."read" = 0
        /// // is:unread is:pinned → both; is:read is:unread (one word twice) → either
        /// ```
        case named([String: Named])

        /// One of a ``named(_:)`` filter's words: the column it compares and the value it stands for.
        public struct Named: Hashable, Sendable {
            /// The column of the index's table.
            public var column: String
            /// The stored value the word stands for.
            public var value: SQLBinding

            /// `column` holding `value`: `.init("read", 0)`, `.init("state", "archived")`.
            public init(_ column: String, _ value: some SQLBindable) {
                self.column = column
                self.value = value.queryBinding
            }
        }

        /// The column of the index's table it compares (a ``named(_:)`` filter's first, by name).
        public var column: String {
            columns.first ?? ""
        }

        /// Every column of the index's table it compares: one, or a ``named(_:)`` filter's.
        public var columns: [String] {
            switch self {
            case .text(let column), .integer(let column), .bool(let column), .date(let column),
                .lookup(let column, _, _, _), .linked(let column, _, _, _, _, _, _):
                [column]
            case .deadline(let column, let done):
                [column, done]
            case .named(let words):
                Array(Set(words.values.map(\.column))).sorted()
            }
        }

        /// The value as typed, read for this filter; a date's words against `today`.
        func value(of text: String, today: CalendarDay, timeZone: TimeZone) throws(FilterValueError)
            -> FieldFilterClause.Value
        {
            switch self {
            case .text, .lookup, .linked:
                guard !text.isEmpty else { throw FilterValueError("expected a value, like key:word or key:\"two words\"") }
                return .text(text)
            case .integer:
                return try Self.integerValue(text)
            case .bool:
                switch text.lowercased() {
                case "yes", "true", "1": return .bool(true)
                case "no", "false", "0": return .bool(false)
                default: throw FilterValueError("expected yes or no")
                }
            case .date:
                return try Self.dateValue(DueFilter.parse(text), today: today, timeZone: timeZone)
            case .deadline:
                switch try DueFilter.parse(text) {
                case .today: return .dueBy(today, timeZone: timeZone)
                case .overdue: return .overdue(before: today, timeZone: timeZone)
                case let due: return try Self.dateValue(due, today: today, timeZone: timeZone)
                }
            case .named(let words):
                let word = text.lowercased()
                guard words[word] != nil else {
                    throw FilterValueError("expected \(Self.listed(words.keys.sorted()))")
                }
                return .named(word)
            }
        }

        /// `a, b or c`.
        private static func listed(_ words: [String]) -> String {
            guard words.count > 1 else { return words.first ?? "a value" }
            return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
        }

        /// `2024`, `2020..2024`, `2020..`, `..2024`.
        private static func integerValue(_ text: String) throws(FilterValueError) -> FieldFilterClause.Value {
            guard let dots = text.firstRange(of: "..") else {
                guard let number = Int64(text) else {
                    throw FilterValueError("expected a whole number, or a range like 2020..2024, 2020.. or ..2024")
                }
                return .integer(number)
            }
            let from = text[..<dots.lowerBound], through = text[dots.upperBound...]
            guard !(from.isEmpty && through.isEmpty) else {
                throw FilterValueError("a range needs at least one number, like 2020..")
            }
            func number(_ end: Substring) throws(FilterValueError) -> Int64? {
                guard !end.isEmpty else { return nil }
                guard let number = Int64(end) else {
                    throw FilterValueError("\(end) is not a whole number; write a range like 2020..2024")
                }
                return number
            }
            let start = try number(from), end = try number(through)
            if let start, let end, end < start {
                throw FilterValueError("the range ends before it starts; write the smaller number first")
            }
            return .integerRange(from: start, through: end)
        }

        /// `due:`'s words as days: `today` is that day alone (an app's row has no completion to
        /// make an overdue one "today"), `overdue` every day before it.
        private static func dateValue(_ due: DueFilter, today: CalendarDay, timeZone: TimeZone) throws(FilterValueError)
            -> FieldFilterClause.Value
        {
            switch due {
            case .today, .onlyToday: return .days(from: today, through: today, timeZone: timeZone)
            case .tomorrow: return .days(from: today.adding(days: 1), through: today.adding(days: 1), timeZone: timeZone)
            case .week: return .days(from: today, through: today.adding(days: 6), timeZone: timeZone)
            case .overdue: return .days(from: nil, through: today.adding(days: -1), timeZone: timeZone)
            case .none: return .missing
            case .on(let day): return .days(from: day, through: day, timeZone: timeZone)
            case .range(let from, let through): return .days(from: from, through: through, timeZone: timeZone)
            case .natural(let phrase):
                let reader = NaturalDate(now: today.start(in: timeZone), timeZone: timeZone)
                guard let day = try? reader.parse(phrase).day(in: timeZone) else {
                    throw FilterValueError("\(phrase) is not a day from \(today); write a date like 2026-03-05")
                }
                return .days(from: day, through: day, timeZone: timeZone)
            }
        }

        /// A ``named(_:)`` filter's words that begin with `text` (none for an empty text or
        /// another kind of filter), in name order.
        func namedWords(beginning text: String) -> [String] {
            guard case .named(let words) = self, !text.isEmpty else { return [] }
            return words.keys.filter { $0.hasPrefix(text.lowercased()) }.sorted()
        }

        /// True when `text` could still become a valid value as the person types on.
        func couldComplete(_ text: String) -> Bool {
            switch self {
            case .text, .lookup, .linked: text.isEmpty
            case .integer:
                // NB: `-`, `2020.`, `2020..-` are on their way to a number or a range.
                text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || $0 == "-" || $0 == "." }
            case .bool: ["yes", "no", "true", "false"].contains { $0.hasPrefix(text.lowercased()) }
            case .date, .deadline:
                text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || $0 == "-" || $0 == "." }
                    || DueFilter.keywords.contains { $0.0.hasPrefix(text.lowercased()) }
            case .named(let words): words.keys.contains { $0.hasPrefix(text.lowercased()) }
            }
        }
    }
}
