import Foundation
import Testing
import TroveQuery
import TroveSearch
import TroveStore

/// What the description table cannot show: exact values, ranges and flags.
@Suite struct QueryStructureTests {
    @Test func orGroupsAndExcludedTermsAreTypedValues() {
        let query = SearchQuery.parse(#"milk OR bread eggs -"sour cream" wal"#)
        #expect(query.terms == [
            TermGroup(anyOf: [SearchTerm("milk"), SearchTerm("bread")]), "eggs", TermGroup(anyOf: [SearchTerm("wal", isPrefix: true)]),
        ])
        #expect(query.excludedTerms == [SearchTerm("sour cream", isPhrase: true)])
        #expect(query.engine == nil && query.engineName == "fts")
    }

    @Test func filtersAreTypedAndGroupedByKeyAndSign() throws {
        let query = SearchQuery.parse("tag:a -tag:b #c due:2026-03-01.. priority:high -is:completed")
        let day = try #require(CalendarDay("2026-03-01"))
        #expect(query.filters == [
            FilterClause(key: .tag, anyOf: [.tag("a"), .tag("c")]),
            FilterClause(.tag("b"), isNegated: true),
            FilterClause(.due(.range(from: day, through: nil))),
            FilterClause(.priority(.high)),
            FilterClause(.status(.completed), isNegated: true),
        ])
    }

    @Test func problemRangePointsAtTheOffendingTokenAndTheRestStillSearches() {
        let text = "milk -is:banana eggs"
        let query = SearchQuery.parse(text)
        #expect(query.problems.count == 1)
        let problem = query.problems[0]
        #expect(String(text[problem.range]) == "-is:banana")
        #expect(problem.message == "-is:banana — expected open, completed, flagged or unflagged")
        #expect(query.terms == ["milk", TermGroup(anyOf: [SearchTerm("eggs", isPrefix: true)])])
        #expect(query.filters.isEmpty)
    }

    @Test func problemsAreInTextOrder() {
        let query = SearchQuery.parse("due:x !like is:y !fts priority:z")
        #expect(query.problems.map(\.token) == ["due:x", "is:y", "!fts", "priority:z"])
    }

    @Test func rawKeepsTheRestVerbatimAndNamesTheEngine() {
        let query = SearchQuery.parse(#"list:Work !raw title:"big  world" NOT x*"#)
        #expect(query.engine == "raw")
        #expect(query.raw == #"title:"big  world" NOT x*"#)
        #expect(query.filters == [FilterClause(.list("Work"))])
        #expect(query.terms.isEmpty)
    }

    @Test(arguments: [
        ("", true), ("   ", true), (#"""#, true), ("!like", true), ("in:title", true), ("!raw ", true),
        ("milk", false), ("-milk", false), ("is:open", false), ("🎉", false), ("!raw x", false),
    ])
    func isEmptyOnlyWhenNothingSearchesOrFilters(text: String, isEmpty: Bool) {
        #expect(SearchQuery.parse(text).isEmpty == isEmpty)
    }

    @Test func ftsIgnoredTermsListTermsWithoutTokenCharacters() {
        let query = SearchQuery.parse(#"🎉 milk -- -* "…" e-mail"#)
        // NB: `--` and `-*` are punctuation alone beside words, left out (issue 19); a quoted
        // `"…"` and a symbol are still looked for as text.
        #expect(query.ftsIgnoredTerms == [SearchTerm("🎉"), SearchTerm("…", isPhrase: true)])
    }

    @Test(arguments: [
        ("today", DueFilter.today), ("On:Today", .onlyToday), ("Tomorrow", .tomorrow), ("overdue", .overdue), ("week", .week),
        ("NONE", .none),
    ])
    func dueKeywordsIgnoreCase(text: String, expected: DueFilter) {
        #expect(DueFilter(parsing: text) == expected)
    }

    @Test(arguments: ["", "..", "2026-13-01", "2026-3-1", "2026-03-01...2026-03-02", "20260301", "someday", "٢٠٢٦-٠٣-٠١", "on:", "fri..eom"])
    func dueRejectsWhatIsNotADayOrRange(text: String) {
        #expect(DueFilter(parsing: text) == nil)
    }

    // A phrase NaturalDate reads is kept as words (lowercased, spaces collapsed), so it is read
    // on the day the search runs; an ISO date stays a fixed day.
    @Test(arguments: [
        ("fri", DueFilter.natural("fri")), ("Next  FRI", .natural("next fri")), ("dec 24", .natural("dec 24")),
        ("yesterday", .natural("yesterday")), ("1w", .natural("1w")), ("2026-12-24", .on(CalendarDay("2026-12-24")!)),
    ])
    func duePhrasesAreNaturalDates(text: String, expected: DueFilter) {
        #expect(DueFilter(parsing: text) == expected)
    }

    @Test func aDuePhraseBeingTypedIsIncompleteNotWrong() {
        for text in ["due:\"next fr", "due:on:tod", "due:fr"] {
            let problems = SearchQuery.parse(text).problems
            #expect(problems.count == 1 && problems[0].isIncomplete, "\(text)")
        }
        #expect(SearchQuery.parse("due:someday ").problems.count == 1)
    }

    @Test func parsingIsDeterministic() {
        let text = #"#a milk OR "bread x -y due:..2026-01-01 !like"#
        #expect(SearchQuery.parse(text) == SearchQuery.parse(text))
    }
}

@Suite struct SubstringScriptsTests {
    // The query side and the triggers, view and partial index of the schema's last word on
    // them must pick the same rows, spelled the same way: schema 7 for the view and triggers,
    // schema 11 for the partial index (made again to hold the text, with the same WHERE).
    @Test func theSchemaUsesTheSameTest() throws {
        let views = try #require(Migration.all.last { $0.sql.contains("CREATE VIEW reminders_substring_text") })
        let index = try #require(Migration.all.last { $0.sql.contains("CREATE INDEX reminders_with_substring_text") })
        #expect(views.version == 7)
        #expect(index.version == 11)
        for prefix in ["", "new.", "old."] {
            let title = SubstringScripts.held(in: "\(raw: prefix)title").render().sql
            let test = title + " OR " + SubstringScripts.held(in: "\(raw: prefix)notes").render().sql
            let uses = views.sql.components(separatedBy: test).count - 1
            // index and view; the insert trigger and the update's second step; the delete trigger and the update's first.
            #expect(uses == 2, "\(prefix.isEmpty ? "columns" : prefix): \(uses) in \(test)")
            #expect(index.sql.components(separatedBy: test).count - 1 == (prefix.isEmpty ? 1 : 0), "\(prefix): \(test)")
        }
        #expect(views.sql.components(separatedBy: "GLOB '*\(SubstringScripts.globClass)*'").count - 1 == 12)
        #expect(views.sql.components(separatedBy: "GLOB '*\(SubstringScripts.coarseGlobClass)*'").count - 1 == 12)
        #expect(index.sql.components(separatedBy: "GLOB '*\(SubstringScripts.globClass)*'").count - 1 == 2)
    }

    @Test(arguments: [
        ("春节", true), ("给奶奶打电话", true), ("牛乳を買う", true), ("ובבית", true), ("مرحبا", true), ("สวัสดี", true),
        ("엄마", true), ("𠀀", true), ("milk", false), ("café", false), ("Привет", false), ("Αθήνα", false), ("🎉", false),
    ])
    func scriptsAreRecognised(_ text: String, _ expected: Bool) {
        #expect(SubstringScripts.appears(in: text) == expected)
    }
}

@Suite struct DidYouMeanTests {
    @Test(arguments: [
        (DidYouMean(), [String]()),
        (DidYouMean(unmatchedWords: ["zzqxv"]), ["No reminder contains zzqxv."]),
        (DidYouMean(unmatchedWords: ["a", "b", "c"]), ["No reminder contains a, b or c."]),
        (DidYouMean(unknownLists: ["Wrok"], queries: ["list:Work", "list:Wok"]),
         ["There is no list Wrok.", "Did you mean: list:Work, list:Wok?"]),
        (DidYouMean(unknownTags: ["urgnt"], queries: ["#urgent"]), ["There is no tag urgnt.", "Did you mean: #urgent?"]),
        // A suggestion with a space is shown alone: a list of them would read as one query.
        (DidYouMean(unmatchedWords: ["passprot"], queries: ["passport milk", "passports milk"]),
         ["No reminder contains passprot.", "Did you mean: passport milk?"]),
        (DidYouMean(queries: ["a", "b", "c", "d", "e", "f"]), ["Did you mean: a, b, c, d, e?"]),
    ])
    func sentencesSayWhatWasFound(_ value: DidYouMean, _ sentences: [String]) {
        #expect(value.sentences == sentences)
        #expect(value.isEmpty == sentences.isEmpty)
    }
}
