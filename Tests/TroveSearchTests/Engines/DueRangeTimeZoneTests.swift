import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveSearch
import TroveStore

/// A `due:` range finds exactly the reminders due on its days in the search's time zone,
/// all-day dates and timed ones alike, whatever the zone's offset: the range of text each
/// condition starts with (for the indexes) must never leave one out.
@Suite struct DueRangeTimeZoneTests {
    /// Timed due dates every 97 minutes from 2026-02-26 to 2026-03-11 (UTC), and an all-day
    /// one on each day from 2026-02-25 to 2026-03-12; ids from 1,000.
    static func database() async throws -> (SQLiteDatabase, [(id: Int64, due: DueDate)]) {
        let database = try await SearchFixture.database()
        var rows: [(id: Int64, due: DueDate)] = []
        let start = Date(timeIntervalSince1970: 1_772_064_000)  // 2026-02-26T00:00:00Z
        var id: Int64 = 1_000
        for step in 0..<(14 * 24 * 60 / 97) {
            rows.append((id, .time(start.addingTimeInterval(Double(step * 97 * 60)))))
            id += 1
        }
        var day = CalendarDay("2026-02-25")!
        while day <= CalendarDay("2026-03-12")! {
            rows.append((id, .day(day)))
            id += 1
            day = day.adding(days: 1)
        }
        let written = rows
        try await database.write { db in
            for row in written {
                try db.execute("""
                    INSERT INTO reminders (id, list_id, title, due_date, created_at, updated_at)
                    VALUES (\(row.id), 1, 'Due', \(row.due.storageText), '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000')
                    """)
            }
        }
        return (database, rows)
    }

    @Test func everyRangeFindsExactlyItsDaysInEveryZone() async throws {
        let (database, rows) = try await Self.database()
        let zones = ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kolkata", "America/St_Johns", "Europe/London"]
        let today = SearchFixture.today  // 2026-03-02
        let ranges: [(String, ClosedRange<CalendarDay>)] = [
            ("due:2026-03-02", today...today),
            ("due:on:today", today...today),
            ("due:tomorrow", today.adding(days: 1)...today.adding(days: 1)),
            ("due:week", today...today.adding(days: 6)),
            ("due:2026-02-28..2026-03-04", CalendarDay("2026-02-28")!...CalendarDay("2026-03-04")!),
        ]
        for name in zones {
            let zone = try #require(TimeZone(identifier: name))
            for (text, days) in ranges {
                var request = SearchFixture.request(text, limit: 1_000, includeCompleted: true, timeZone: zone)
                request.facets = false
                let found = try await SearchFixture.search(request, in: database).hits.map(\.id).filter { $0 >= 1_000 }
                let expected = rows.filter { row in
                    switch row.due {
                    case .day(let day): days.contains(day)
                    case .time: days.contains(row.due.day(in: zone))
                    }
                }.map(\.id)
                #expect(Set(found) == Set(expected) && found.count == expected.count, "\(text) in \(name)")
                #expect(!expected.isEmpty, "\(text) in \(name)")
            }
        }
    }
}
