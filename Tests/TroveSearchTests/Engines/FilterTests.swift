import TroveStore
import TroveQuery
import Foundation
import Testing
import TroveSQLite
import TroveSearch

@Suite("Filters")
struct FilterTests {
    // NB: filters alone are the default view, which shows open reminders only.
    @Test(arguments: [
        ("due:overdue", [1]),
        // due:today is Apple Reminders' Today: due today, or overdue and open; on:today is today alone.
        ("due:today", [1, 4]),
        ("due:on:today", [4]),
        ("-due:on:today due:today", [1]),
        // Natural dates, read against the request's today (Monday 2026-03-02).
        ("due:tmrw", [6]),
        ("due:\"mar 3\"", [6]),
        ("due:\"3 mar\"", [6]),
        ("due:yesterday", [1]),
        ("due:tomorrow", [6]),
        ("due:week", [4, 6, 12, 5]),
        ("due:none", [10, 9, 8, 2]),
        ("due:2026-03-03..2026-03-04", [6, 12]),
        ("due:..2026-03-02", [1, 4]),
        ("is:completed", [11, 3, 7]),
        ("is:flagged", [1]),
        ("list:groceries", [1, 8]),
        ("list:\"WORK\"", [4, 12, 5]),
        ("tag:home", [6, 2]),
        ("#HOME #errand", [1, 6, 2]),
        ("priority:high", [4, 10]),
        ("p:low p:medium", [1, 5, 9]),
        ("-tag:home", [1, 4, 12, 5, 10, 9, 8]),
        ("-due:none", [1, 4, 6, 12, 5]),
        ("-is:flagged list:groceries", [8]),
        ("list:nowhere", []),
    ] as [(String, [Int64])])
    func filterSelectsReminders(text: String, expected: [Int64]) async throws {
        let database = try await SearchFixture.database()
        #expect(try await SearchFixture.ids(text, in: database) == expected)
    }

    @Test func timedDueDateFallsOnTheDayOfTheRequestsTimeZone() async throws {
        let database = try await SearchFixture.database()
        // 2026-03-02 20:00 UTC is 2026-03-03 06:00 in Brisbane (UTC+10, no daylight saving).
        let brisbane = try #require(TimeZone(identifier: "Australia/Brisbane"))
        #expect(try await SearchFixture.ids("due:on:today", in: database, timeZone: brisbane) == [])
        #expect(try await SearchFixture.ids("due:today", in: database, timeZone: brisbane) == [1])
        #expect(try await SearchFixture.ids("due:tomorrow", in: database, timeZone: brisbane) == [4, 6])
    }

    @Test func textSearchIncludesCompletedUnlessAsked() async throws {
        let database = try await SearchFixture.database()
        #expect(Set(try await SearchFixture.ids("walk", in: database)) == [2, 3])
        #expect(try await SearchFixture.ids("walk is:open", in: database) == [2])
        let openOnly = SearchFixture.request("walk", includeCompleted: false)
        let resultSet = try await SearchFixture.search(openOnly, in: database)
        #expect(resultSet.hits.map(\.id) == [2])
        #expect(resultSet.total == 1)
        #expect(resultSet.completedCount == 1)
    }
}
