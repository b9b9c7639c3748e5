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
    /// for try await page in search(.init(text: "dent", includeCompleted: false)) { … }
    /// // open reminders matching dent*, again after each change
    /// for try await page in search(.init(text: "dent", includeCompleted: false, after: cursor, limit: 100)) { … }
    /// // the next 100, once
    /// ```
    /// - Parameters:
    ///   - provider: Where to search; its stream re-runs the query whenever the database changes.
    ///   - limit: The most rows in a first page.
    ///   - exact: Only starred words are prefixes; by default the word being typed is one.
    ///   - typos: Whether typo matches follow the exact ones.
    ///   - wordForms: Whether a word's other English forms follow them too.
    ///   - timeZone: Where "today" and timed due dates are read.
    ///   - ranking: What orders the hits (`--rank`).
    /// - Returns: A function whose streams stop their query (interrupting SQLite) when cancelled.
    static func function(
        provider: SearchProvider, limit: Int = defaultLimit, exact: Bool = false, typos: TypoTolerance = .on,
        wordForms: WordFormMatching = .on, timeZone: TimeZone = .current, ranking: SearchRanking = .trove
    ) -> InteractiveSession<ContinuousClock>.Search {
        { ask in
            var request = SearchRequest(
                text: ask.text, exact: exact, limit: ask.limit ?? limit, includeCompleted: ask.includeCompleted, typos: typos,
                highlight: ResultPage.markers, timeZone: timeZone)
            request.ranking = ranking
            request.wordForms = wordForms
            // NB: the screen shows no per-list or per-tag counts; not counting them saves two
            // passes over the matches in every settled answer (as for `trove search`).
            request.facets = false
            let results: AsyncThrowingStream<ResultSet, any Error>
            if let after = ask.after {
                // NB: a later page is answered once, by the engine's final answer; the live first
                // page that goes with it notices changes.
                request.page = .after(after)
                results = provider.registry.results(for: request, in: provider.database)
            } else {
                results = provider.results(for: request)
            }
            return AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        for try await resultSet in results where ask.after == nil || !resultSet.isProvisional {
                            // NB: "today" is read per page, so a session left open past midnight
                            // shows "today" for the right day after the next change.
                            let today = CalendarDay(Date(), in: timeZone)
                            continuation.yield(ResultPage(resultSet, text: ask.text, today: today, timeZone: timeZone))
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
