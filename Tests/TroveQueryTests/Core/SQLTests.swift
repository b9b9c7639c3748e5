import Foundation
import Testing
import TroveQuery

@Suite struct SQLTests {
    @Test func interpolatedValuesAreBoundNeverSpliced() {
        let hostile = "x'); DROP TABLE reminders;--"
        let fragment: SQLFragment = "SELECT * FROM \(identifier: "remin\"ders") WHERE title = \(hostile) AND n < \(3)"
        let (sql, bindings) = fragment.render()
        #expect(sql == #"SELECT * FROM "remin""ders" WHERE title = ? AND n < ?"#)
        #expect(bindings == [.text(hostile), .integer(3)])
        #expect(fragment.debugDescription == #"SELECT * FROM "remin""ders" WHERE title = 'x''); DROP TABLE reminders;--' AND n < 3"#)
    }

    @Test func joinedPutsSeparatorsOnlyBetween() {
        let parts: [SQLFragment] = ["a = \(1)", "b = \(2)", "c IS NULL"]
        #expect(parts.joined(separator: " AND ").render().sql == "a = ? AND b = ? AND c IS NULL")
        #expect([SQLFragment]().joined(separator: " AND ").isEmpty)
    }

    @Test(arguments: [
        ("2026-03-02 09:30:15.250", 1_772_443_815.25),
        ("1970-01-01 00:00:00.000", 0),
        ("1969-12-31 23:59:59.000", -1),
        ("2000-02-29 12:00:00.000", 951_825_600),
    ])
    func datesRoundTripThroughSQLText(text: String, seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(date.queryBinding == .text(text))
        #expect(try Date(decoding: .text(text)) == date)
    }

    @Test func dateDecodingAcceptsISO8601AndDays() throws {
        #expect(try Date(decoding: .text("2026-03-02T10:30:00+01:00")) == Date(timeIntervalSince1970: 1_772_443_800))
        #expect(try Date(decoding: .text("2026-03-02T09:30:00Z")) == Date(timeIntervalSince1970: 1_772_443_800))
        #expect(try Date(decoding: .text("2026-03-02")) == Date(timeIntervalSince1970: 1_772_409_600))
        #expect(throws: SQLDecodingError.self) { try Date(decoding: .text("2026-02-30")) }
        #expect(throws: SQLDecodingError.self) { try Date(decoding: .text("next tuesday")) }
    }
}

@Suite struct QuoteDoublingTests {
    // A quote followed by a combining accent is a single Character; it must still be doubled.
    @Test func quoteFollowedByCombiningMarkIsStillDoubled() {
        let name = "a\"\u{301}b"
        #expect(SQLFragment.quote(identifier: name) == "\"a\"\"\u{301}b\"")
        #expect(SQLBinding.text("it'\u{301}s").description == "'it''\u{301}s'")
        #expect(SQLFragment.quote(literal: "it'\u{301}s") == "'it''\u{301}s'")
    }
}

@Suite struct DateTextRoundTripTests {
    // Formatting floored milliseconds, so "…15.038" came back as "…15.037".
    @Test func everyMillisecondSurvivesParseThenFormat() throws {
        for millis in 0..<1000 {
            let fraction = String(repeating: "0", count: 3 - String(millis).count) + String(millis)
            let text = "2026-03-02 09:30:15.\(fraction)"
            let date = try #require(SQLDateText.parse(text))
            #expect(SQLDateText.format(date) == text)
        }
    }

    // The byte-by-byte fast path for years 0–9999 must pad as the interpolated one did.
    @Test(arguments: [
        (0.0, "1970-01-01 00:00:00.000"),
        (-0.001, "1969-12-31 23:59:59.999"),
        (951_782_400.5, "2000-02-29 00:00:00.500"),
        (1_772_443_815.038, "2026-03-02 09:30:15.038"),
        (-62_135_596_800, "0001-01-01 00:00:00.000"),
        (253_402_300_799.999, "9999-12-31 23:59:59.999"),
        (253_402_300_800, "10000-01-01 00:00:00.000"),
    ])
    func formatPadsEveryField(seconds: Double, text: String) {
        #expect(SQLDateText.format(Date(timeIntervalSince1970: seconds)) == text)
    }
}
