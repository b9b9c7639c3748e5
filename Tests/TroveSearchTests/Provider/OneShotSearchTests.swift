import Foundation
import Testing
import TroveSearch
import TroveStore
import TroveTestSupport

/// `search(_:)` on the store and on `SearchProvider`: the one final answer the live stream
/// settles on, on the seeded store, for an app that wants an answer rather than a stream.
@Suite struct OneShotSearchTests {
    private static let store = Task { try await seededStore() }

    static let texts = ["dent", "walk dog", "call OR email", "passprot", "tag:errand", "is:flagged milk", "#plumb", "zzzz"]

    @Test(arguments: texts)
    func storeSearchIsWhatTheProviderSettlesOn(_ text: String) async throws {
        let store = try await Self.store.value
        let request = SearchRequest(text: text, today: ReminderStore.seedPinnedDay, timeZone: .gmt)
        let oneShot = try await store.search(request)

        let provider = try SearchProvider(database: store.database)
        var settled: ResultSet?
        for try await resultSet in provider.results(for: request) where !resultSet.isProvisional {
            settled = resultSet
            break
        }
        let streamed = try #require(settled)
        #expect(oneShot.hits.map(\.id) == streamed.hits.map(\.id), "\(text)")
        #expect(oneShot.total == streamed.total)
        #expect(oneShot.hits.map(\.isTypo) == streamed.hits.map(\.isTypo))
        #expect(oneShot.didYouMean == streamed.didYouMean)
        let fromProvider = try await provider.search(request)
        #expect(fromProvider.hits.map(\.id) == oneShot.hits.map(\.id))
    }

    @Test func searchOfATextUsesTheDefaultRequest() async throws {
        let store = try await Self.store.value
        let byText = try await store.search("dent")
        let byRequest = try await store.search(SearchRequest(text: "dent"))
        #expect(byText.hits.map(\.id) == byRequest.hits.map(\.id))
        #expect(byText.hits.first?.title == "Dentist appointment")
    }

    // A half-typed filter is a problem the app shows, not an error it catches.
    @Test func queryProblemsComeBackInTheResultSet() async throws {
        let store = try await Self.store.value
        let resultSet = try await store.search("milk is:comp")
        #expect(!resultSet.query.problems.isEmpty)
    }
}
