import Foundation
import Testing

/// `TROVE_DEMO_TODAY` pins the day the demo database's dates move to, so that
/// scripts/readme-figures prints the README's demo output the same on any day.
@Suite struct DemoDayTests {
    /// The seed's "Renew passport" is due 2026-03-06, four days after the seed's own today
    /// (2026-03-02, `ReminderStore.seedPinnedDay`): pinned to 2026-11-24 it is due 2026-11-28,
    /// to 2027-01-01 (across a year's end) 2027-01-05.
    @Test func thePinnedDayMovesTheDemosDates() throws {
        for (day, due) in [("2026-11-24", "2026-11-28"), ("2027-01-01", "2027-01-05")] {
            let result = try TroveProcess.run(
                ["search", "renew passport", "--limit", "1", "--format", "jsonl", "--demo"],
                environment: ["TROVE_DEMO_TODAY": day])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains(#""due":"\#(due)"#), "\(result.stdout)")
        }
    }

    @Test func aDayThatIsNotADateIsRefusedWithWhatToSet() throws {
        let result = try TroveProcess.run(["lists", "--demo"], environment: ["TROVE_DEMO_TODAY": "tuesday"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(#"TROVE_DEMO_TODAY "tuesday" is not valid: expected a date as YYYY-MM-DD"#), "\(result.stderr)")
    }
}
