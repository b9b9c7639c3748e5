import Foundation
import TroveSearch
import TroveStore

/// Connects the interactive session to the search library: each query becomes a live
/// `SearchProvider` stream, mapped to the pages the screen draws.
enum InteractiveSearch {
    /// Results per query; more than any screen shows, few enough to stay fast.
    static let defaultLimit = 100

    /// The session's search function over `provider`.
    ///
    /// ```swift
    /// let search = InteractiveSearch.function(provider: provider)
    /// for try await page in search("dent", false) { … }  // open reminders matching dent*, again after each change
    /// ```
    /// - Parameters:
    ///   - provider: Where to search; its stream re-runs the query whenever the database changes.
    ///   - limit: The most rows in one page.
    ///   - exact: Only starred words are prefixes; by default the word being typed is one.
    ///   - typos: Whether typo matches follow the exact ones.
    ///   - timeZone: Where "today" and timed due dates are read.
    ///   - ranking: What orders the hits (`--rank`).
    /// - Returns: A function whose streams stop their query (interrupting SQLite) when cancelled.
    static func function(
        provider: SearchProvider, limit: Int = defaultLimit, exact: Bool = false, typos: TypoTolerance = .on,
        timeZone: TimeZone = .current, ranking: SearchRanking = .trove
    ) -> InteractiveSession<ContinuousClock>.Search {
        { text, includeCompleted in
            var request = SearchRequest(
                text: text, exact: exact, limit: limit, includeCompleted: includeCompleted, typos: typos,
                highlight: ResultPage.markers, timeZone: timeZone)
            request.ranking = ranking
            let results = provider.results(for: request)
            return AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        for try await resultSet in results {
                            // NB: "today" is read per page, so a session left open past midnight
                            // shows "today" for the right day after the next change.
                            let today = CalendarDay(Date(), in: timeZone)
                            continuation.yield(ResultPage(resultSet, text: text, today: today, timeZone: timeZone))
                        }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }

}
