import TroveStore
import TroveQuery
import Foundation
import Testing
import TroveSQLite
@testable import TroveSearch

@Suite("FTS engine")
struct FTSEngineTests {
    @Test(arguments: [
        ("walk -treats", [2]),
        ("bread OR cheese", [8, 7]),
        ("\"walk the\"", [3]),
        ("in:notes dog", [2]),
        ("in:title dog", [3]),
        ("🎉", [6]),
        ("party 🎉", [6]),
        ("balloons -🎉", []),
        ("errand", [1, 6]),
        ("milk list:groceries", [1, 8]),
    ] as [(String, [Int64])])
    func textSelectsReminders(text: String, expected: [Int64]) async throws {
        let database = try await SearchFixture.database()
        #expect(Set(try await SearchFixture.ids(text, in: database)) == Set(expected))
    }

    // One semantics: the last word is a prefix unless the text ends with a space or is exact.
    @Test func lastWordIsAPrefixUnlessEndedOrExact() async throws {
        let database = try await SearchFixture.database()
        #expect(Set(try await SearchFixture.ids("wal", in: database)) == [2, 3])
        #expect(try await SearchFixture.ids("wal", in: database, exact: true) == [])
        #expect(try await SearchFixture.ids("wal ", in: database) == [])
        #expect(Set(try await SearchFixture.ids("wal* dog", in: database, exact: true)) == [2, 3])
        #expect(Set(try await SearchFixture.ids("wal* do", in: database, exact: true)) == [])
    }

    @Test func excludedTermsAloneSearchEverythingElse() async throws {
        let database = try await SearchFixture.database()
        let resultSet = try await SearchFixture.search(SearchFixture.request("-milk"), in: database)
        #expect(resultSet.total == 10)
        #expect(!resultSet.hits.contains { [1, 8].contains($0.id) })
        #expect(resultSet.hits.allSatisfy { $0.rank == 0 })
    }

    @Test func titleMatchRanksAboveNotesMatch() async throws {
        let database = try await SearchFixture.database()
        let hits = try await SearchFixture.search(SearchFixture.request("milk"), in: database).hits
        #expect(hits.map(\.id) == [1, 8])
        #expect(hits[0].rank < hits[1].rank)
    }

    @Test func equalRanksFallBackToOpenDuePriorityCreated() async throws {
        let database = try await SearchFixture.database()
        let hits = try await SearchFixture.search(SearchFixture.request("water"), in: database).hits
        // 12: due first; 10 and 9: no due, priority 3 before 1; 11: completed, so its score
        // counts 70% (TroveRanking.completedFactor) below its exactness tier, and it comes last.
        #expect(hits.map(\.id) == [12, 10, 9, 11])
        #expect(Set(hits.prefix(3).map(\.rank)).count == 1)
        #expect(hits[3].rank == TroveRanking.completedRank(hits[0].rank, factor: TroveRanking.standard.completedFactor))
    }

    // Regression: "open before completed" was only a tiebreaker after bm25, and bm25 scores
    // almost never tie, so a completed reminder with a better score led the list.
    @Test func bm25PutsOpenHitsBeforeCompletedOnesWhateverTheirScore() async throws {
        let database = try await SearchFixture.database()
        var request = SearchFixture.request("walk")
        request.ranking = .bm25
        let hits = try await SearchFixture.search(request, in: database).hits
        // 3 "Walk the dog" (completed, short) scores better than 2 "Take a walk" (long notes).
        let completed = try #require(hits.first { $0.id == 3 }), open = try #require(hits.first { $0.id == 2 })
        #expect(completed.rank < open.rank)
        #expect(hits.map(\.id) == [2, 3])
    }

    /// Trove's ranking: a completed reminder's score counts 70%, so an open one wins a close
    /// call, and a completed one that matches clearly better still comes first.
    @Test func completionDecidesCloseCallsOnly() async throws {
        let database = try await SearchFixture.database()
        // `walk` is in both titles, equally long: a tie, so 2 (open) leads 3 (completed).
        let walk = try await SearchFixture.search(SearchFixture.request("walk"), in: database).hits
        #expect(walk.map(\.id) == [2, 3])
        #expect(walk[1].rank == walk[0].rank * TroveRanking.standard.completedFactor)
        // `dog` is in 3's title (completed) but only in 2's notes: clearly better, so 3 leads.
        #expect(try await SearchFixture.ids("dog", in: database) == [3, 2])
        // A factor that asks a completed reminder to score 4 times as well keeps 2 first (3 also
        // has `dog` whole in its title, the exact-word bonus).
        var strict = SearchFixture.request("dog")
        var ranking = TroveRanking.standard
        ranking.completedFactor = 0.25
        strict.ranking = .custom(ranking)
        #expect(try await SearchFixture.search(strict, in: database).hits.map(\.id) == [2, 3])
        // bm25 (open first) puts every open hit first, whatever the scores.
        var bm25 = SearchFixture.request("dog")
        bm25.ranking = .bm25
        #expect(try await SearchFixture.search(bm25, in: database).hits.map(\.id) == [2, 3])
    }

    /// The exact-word bonus writes the prefix words into the SQL as a literal: a quote followed
    /// by a combining mark is one Character, yet two scalars, and once ended the literal early
    /// (SQLITE_ERROR "syntax error", found by EngineFuzzTests).
    @Test(arguments: ["x '\u{0307}due:week", "O'Brien's", "a''b'\u{0301}c*"])
    func quotesInPrefixWordsStayInsideTheirLiteral(text: String) async throws {
        let database = try await SearchFixture.database()
        _ = try await SearchFixture.search(SearchFixture.request(text), in: database)
    }

    @Test(arguments: [SearchSort.due, .priority, .created])
    func otherSortsOrderByTheirKeyFirst(sort: SearchSort) async throws {
        let database = try await SearchFixture.database()
        let ids = try await SearchFixture.search(SearchFixture.request("water OR milk", sort: sort), in: database)
            .hits.map(\.id)
        let expected: [Int64] = switch sort {
        case .due: [1, 11, 12, 10, 9, 8]  // 1 and 11 both due 2026-03-01: open 1 first
        case .priority: [10, 11, 1, 9, 12, 8]
        case .created: [12, 11, 10, 9, 8, 1]
        case .rank: []
        }
        #expect(ids == expected)
    }

    @Test func titleIsHighlightedWithTheRequestsMarks() async throws {
        let database = try await SearchFixture.database()
        let ansi = SearchFixture.request("dentist", highlight: .ansi)
        let hit = try #require(try await SearchFixture.search(ansi, in: database).hits.first { $0.id == 4 })
        #expect(hit.titleHighlighted == "Call the \u{1B}[1;7mdentist\u{1B}[0m")
        let plain = SearchFixture.request("dentist", highlight: .none)
        #expect(try await SearchFixture.search(plain, in: database).hits.first { $0.id == 4 }?.titleHighlighted
            == "Call the dentist")
    }

    @Test func snippetCutsLongNotesWithEllipsisOnlyWhereCut() async throws {
        let database = try await SearchFixture.database()
        let hits = try await SearchFixture.search(SearchFixture.request("dentist"), in: database).hits
        let long = try #require(hits.first { $0.id == 5 })
        #expect(long.snippet.hasPrefix("…") && long.snippet.hasSuffix("…"))
        #expect(long.snippet.contains("[dentist]"))
        #expect(long.snippet.split(separator: " ").count <= 12)
        let body = long.snippet.dropFirst().dropLast().replacingOccurrences(of: "[", with: "")
            .replacingOccurrences(of: "]", with: "")
        #expect(SearchFixture.quarterlyNotes.contains(body))
        // Empty notes: no snippet at all.
        #expect(hits.first { $0.id == 4 }?.snippet == "")
    }

    @Test func shortNotesAreWholeWithoutEllipsis() async throws {
        let database = try await SearchFixture.database()
        let hit = try #require(try await SearchFixture.search(SearchFixture.request("milk"), in: database).hits.first)
        #expect(hit.snippet == "2 litres of oat [milk] from the corner shop")
    }

    @Test func matchedFieldsNameTheColumnsThatMatch() async throws {
        let database = try await SearchFixture.database()
        let milk = try await SearchFixture.search(SearchFixture.request("milk"), in: database).hits
        #expect(milk.map(\.matchedFields) == [[.title, .notes], [.notes]])
        let errand = try await SearchFixture.search(SearchFixture.request("errand"), in: database).hits
        #expect(errand.allSatisfy { $0.matchedFields == [.tags] })
        let inTitle = try await SearchFixture.search(SearchFixture.request("in:title milk"), in: database).hits
        #expect(inTitle.map(\.matchedFields) == [[.title]])
        let emoji = try await SearchFixture.search(SearchFixture.request("🎉"), in: database).hits
        #expect(emoji.map(\.matchedFields) == [[.title]])
        #expect(emoji.map(\.titleHighlighted) == ["Party [🎉] planning"])
    }

    @Test func totalsCompletedCountAndFacetsCoverEveryPage() async throws {
        let database = try await SearchFixture.database()
        let resultSet = try await SearchFixture.search(SearchFixture.request("water", limit: 1), in: database)
        #expect(resultSet.hits.count == 1)
        #expect(resultSet.total == 4)
        #expect(resultSet.completedCount == 1)
        #expect(resultSet.listFacets == [Facet(name: "Home", count: 3), Facet(name: "Work", count: 1)])
        #expect(resultSet.tagFacets == [])
    }

    @Test func emptyQueryShowsOpenRemindersByDueThenPriorityThenCreated() async throws {
        let database = try await SearchFixture.database()
        let resultSet = try await SearchFixture.search(SearchFixture.request(""), in: database)
        #expect(resultSet.hits.map(\.id) == [1, 4, 6, 12, 5, 10, 9, 8, 2])
        #expect(resultSet.total == 9)
        #expect(resultSet.completedCount == 3)
        #expect(resultSet.tagFacets == [
            Facet(name: "errand", count: 2), Facet(name: "home", count: 2), Facet(name: "urgent", count: 1),
        ])
        #expect(resultSet.hits[0].due == DueDate(storageText: "2026-03-01"))
        #expect(resultSet.hits[0].tags == ["errand"] && resultSet.hits[0].list == "Groceries")
    }

    @Test func hostileTextIsBoundNotSpliced() async throws {
        let database = try await SearchFixture.database()
        for text in [#"'); DROP TABLE reminders;--"#, #"" OR 1=1 --"#, "NEAR(milk", "{title}: milk", "milk*^\"", "\u{0}milk"] {
            _ = try await SearchFixture.search(SearchFixture.request(text), in: database)
        }
        #expect(try await SearchFixture.search(SearchFixture.request(""), in: database).completedCount == 3)
    }
}
