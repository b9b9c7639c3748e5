import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// A search with a small `list:` or `tag:` filter and a common word walks the filtered
/// reminders first and looks each one up in the index (``SearchExecutor/filterFirst``). The
/// answer must be the one walking the matches first gives, and the choice must fall only where
/// the look-ups are cheap.
@Suite("Filter first")
struct FilterFirstTests {
    static func request(_ text: String, includeCompleted: Bool? = nil, facets: Bool = true) -> SearchRequest {
        var request = SearchRequest(
            text: text, limit: 20, includeCompleted: includeCompleted, highlight: .brackets,
            today: ReminderGenerator.pinnedToday, timeZone: TimeZone(identifier: "UTC")!)
        request.facets = facets
        return request
    }

    /// The smallest list of the generated reminders and a tag on few of them.
    static func smallList(_ db: SQLiteConnection) throws -> String {
        try db.fetchValue(
            "SELECT name FROM lists WHERE name NOT LIKE '% %' AND name NOT LIKE '%''%' ORDER BY (SELECT count(*) FROM reminders WHERE list_id = lists.id) LIMIT 1",
            as: String.self) ?? ""
    }

    @Test func bothWaysGiveTheSameAnswer() async throws {
        let database = try await PhasedSearchTests.generated.value
        let list = try await database.read { db in try Self.smallList(db) }
        let texts = [
            "list:\(list) the", "list:\(list) is:flagged the", "tag:errand is:open the", "list:\(list) a",
            "list:\(list) to th", "tag:urgent list:\(list) the and", "list:\(list) -tag:errand the",
            "list:\(list) \"the a\"", "list:\(list) the -a",
        ]
        for text in texts {
            for includeCompleted in [nil, true, false] {
                for facets in [true, false] {
                    let request = Self.request(text, includeCompleted: includeCompleted, facets: facets)
                    let matchFirst = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
                    var walkFilters = matchFirst
                    walkFilters.filterFirst = true
                    let filterFirst = walkFilters
                    let (a, b, sql) = try await database.read { db in
                        (try matchFirst.runAsChosen(on: db), try filterFirst.runAsChosen(on: db), try filterFirst.pageStatement(on: nil))
                    }
                    let context = "\(text), includeCompleted \(String(describing: includeCompleted)), facets \(facets)"
                    #expect(a == b, "\(context)")
                    #expect(a.total > 0, "\(context)")
                    #expect(sql.render().sql.contains(#"FROM "reminders" CROSS JOIN "reminders_fts""#), "\(context)")
                }
            }
        }
    }

    @Test func theChoiceFallsOnSmallFiltersWithManyCheapMatches() async throws {
        let database = try await PhasedSearchTests.generated.value
        let chosen: [(String, Bool)] = try await database.read { db in
            let list = try Self.smallList(db)
            let cases: [(String, Bool)] = [
                ("list:\(list) is:flagged the", true),  // few filtered, many matches of a whole word
                ("list:\(list) is:flagged t", true),  // a 1-character prefix has its own doclist
                ("list:\(list) is:flagged thes", false),  // a longer prefix merges its words per look-up
                ("is:flagged the", false),  // no list or tag filter walks an index in order
                ("-list:\(list) the", false),  // nor does a negated one
                ("is:open the", false),  // a large filter
                ("list:\(list) zebra", false),  // few matches: walking them is cheaper
                ("!raw list:\(list) the", false),
            ]
            return try cases.map { text, _ in
                let request = Self.request(text)
                let executor = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
                return (text, try executor.choosingFilterFirst(on: db).filterFirst)
            }
        }
        let expected: [Bool] = [true, true, false, false, false, false, false, false]
        #expect(chosen.map(\.1) == expected, "\(chosen)")
    }

    @Test func aPhraseIsLookedUpByRowidOnlyWhenItsPrefixIsShort() {
        #expect(SearchExecutor.looksUpByRowid(#"{title} : ("milk" AND "ca"*)"#))
        #expect(SearchExecutor.looksUpByRowid(#""new york"* AND "milk""#) == false)
        #expect(SearchExecutor.looksUpByRowid(#""new yo"*"#))
        #expect(SearchExecutor.looksUpByRowid(#""milk"*"#) == false)
        #expect(SearchExecutor.looksUpByRowid(#""say ""hi"""*"#))
        #expect(SearchExecutor.looksUpByRowid(#""say ""hello"""*"#) == false)
        #expect(SearchExecutor.looksUpByRowid("milk*") == false)
        #expect(SearchExecutor.looksUpByRowid(#""unclosed"#) == false)
        #expect(SearchExecutor.looksUpByRowid(#"("milk" OR "mlik") NOT "ca"*"#))
    }
}
