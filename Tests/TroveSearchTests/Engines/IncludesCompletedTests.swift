import Testing
import TroveSearch

@Suite struct IncludesCompletedTests {
    @Test(arguments: [
        // text searches include completed matches; the default view and filters alone do not;
        // is:completed or an explicit choice wins.
        ("walk", nil, true, 2, 1), ("", nil, false, 9, 3), ("tag:home", nil, false, 2, 1),
        ("is:completed", nil, true, 3, 3), ("walk", false, false, 1, 1), ("", true, true, 12, 3),
    ] as [(String, Bool?, Bool, Int, Int)])
    func resultSetSaysWhetherCompletedMatchesWereIncluded(
        text: String, include: Bool?, expected: Bool, total: Int, completed: Int
    ) async throws {
        let database = try await SearchFixture.database()
        let resultSet = try await SearchFixture.search(SearchFixture.request(text, includeCompleted: include), in: database)
        #expect(resultSet.includesCompleted == expected)
        #expect(resultSet.total == total)
        #expect(resultSet.completedCount == completed)
    }
}
