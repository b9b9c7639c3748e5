import Testing
import TroveStore

/// `CalendarDay("YYYY-MM-DD")` reads the text byte by byte; it must accept exactly what
/// splitting it at its dashes and reading three numbers of 4, 2 and 2 ASCII digits does.
@Suite struct CalendarDayParsingTests {
    /// The rule as it was written before, by splitting: the reference.
    static func bySplitting(_ text: String) -> CalendarDay? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3,
            parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        return CalendarDay(year: year, month: month, day: day)
    }

    @Test func agreesWithSplittingOnEveryVariantOfADate() {
        // NB: each of the ten places of two dates (one a leap day) replaced by each of these in turn,
        // plus texts one longer or shorter, and non-ASCII digits and dashes.
        let replacements: [String] = ["0", "1", "2", "9", "-", "+", " ", "a", "/", "١", "−", "", "00"]
        var texts: [String] = ["", "2026-03-02", "2024-02-29", "2026-02-29", "0000-01-01", "9999-12-31", "2026-13-01", "2026-04-31"]
        for date in ["2026-03-02", "2024-02-29"] {
            let characters = Array(date)
            for place in characters.indices {
                for replacement in replacements {
                    var changed = characters.map(String.init)
                    changed[place] = replacement
                    texts.append(changed.joined())
                }
            }
        }
        var accepted = 0
        for text in texts {
            #expect(CalendarDay(text) == Self.bySplitting(text), "\(text.debugDescription)")
            if CalendarDay(text) != nil { accepted += 1 }
        }
        // NB: the test means something only if both answers occur.
        #expect(accepted > 20 && accepted < texts.count - 100)
        #expect(CalendarDay("2024-02-29") == CalendarDay(year: 2024, month: 2, day: 29))
        #expect(CalendarDay("2026-02-29") == nil)
    }
}
