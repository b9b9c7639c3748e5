import Testing
import TroveQuery
import TroveSQLite
import TroveSearch

/// `!like`, `!raw` and unknown `!names` in a ``SearchIndex``'s search, as the reminders'
/// engines of the same names answer them (``NotesFixture``'s six notes).
@Suite struct SearchIndexEngineNameTests {
    let index = NotesFixture.index

    // `ough` is inside words, where FTS5's tokens cannot find it: `!like` matches it as a
    // substring of either field, in key order (`!like` does not rank, as the reminders' does not).
    @Test func likeMatchesSubstringsOfAnyField() throws {
        let db = try NotesFixture.database()
        #expect(try index.search("ough", on: db, typos: .off).total == 0)
        let results = try index.search("!like ough", on: db)
        #expect(results.hits.map(\.key) == [1, 2, 5])
        #expect(results.hits[0].highlighted["title"] == "Sourd[ough] loaf")
        #expect(results.hits[1].highlighted["body"] == "flour, butter, eggs and a jar for the sourd[ough] starter")
        #expect(results.hits[1].matchedFields == ["body"])
        #expect(results.facets["folder"] == [Facet(name: "Baking", count: 2), Facet(name: "Shopping", count: 1)])
        let sql = index.pageStatement(for: index.parse("!like ough")).debugDescription
        #expect(sql.contains(#""notes"."title" LIKE '%ough%'"#) && sql.contains(#""notes"."body" LIKE '%ough%'"#))
        #expect(!sql.contains("MATCH"))
    }

    // Exclusions and `in:` narrow `!like` as they narrow the words: in the body, not `jar`.
    @Test func likeKeepsExclusionsFieldsAndFilters() throws {
        let db = try NotesFixture.database()
        #expect(try index.search("!like ough -jar in:body", on: db).hits.map(\.key) == [5])
        #expect(try index.search("!like ough folder:shopping", on: db).hits.map(\.key) == [2])
        #expect(try index.search("!like OUGH", on: db).total == 3)
    }

    // Nothing matches: did-you-mean offers the index's own words, as it does for `!like` on
    // the reminders.
    @Test func likeWithNoMatchSuggests() throws {
        let db = try NotesFixture.database()
        let results = try index.search("!like sourdouhg", on: db)
        #expect(results.total == 0)
        #expect(results.didYouMean.unmatchedWords == ["sourdouhg"])
    }

    // `!raw` hands the rest to FTS5: NEAR finds `sourdough` and `starter` close in one field
    // (note 2's body; note 1 has them in two fields).
    @Test func rawIsFTS5sOwnExpression() throws {
        let db = try NotesFixture.database()
        let results = try index.search(#"!raw NEAR("sourdough" "starter", 3)"#, on: db)
        #expect(results.hits.map(\.key) == [2])
        #expect(results.hits[0].highlighted["body"] == "flour, butter, eggs and a jar for the [sourdough] [starter]")
        #expect(index.pageStatement(for: index.parse(#"!raw NEAR("sourdough" "starter", 3)"#)).debugDescription
            .contains(#"MATCH 'NEAR("sourdough" "starter", 3)'"#))
    }

    @Test func rawSyntaxErrorsAndUnknownNamesAreSearchErrors() throws {
        let db = try NotesFixture.database()
        #expect {
            try index.search("!raw milk AND", on: db)
        } throws: { error in
            guard case .invalidRawQuery = error as? SearchError else { return false }
            return true
        }
        #expect(throws: SearchError.unknownEngine("foo", known: ["fts", "like", "raw"])) {
            try index.search("!foo bread", on: db)
        }
        let plain = try index.search("sourdough", on: db).hits.map(\.key)
        #expect(try index.search("!fts sourdough", on: db).hits.map(\.key) == plain)
    }

    // While typing, `!ra` on the way to `!raw` is a problem with that text, not the end of
    // the stream.
    @Test func theTypingStreamAnswersAnUnknownNameWithAProblem() async throws {
        let database = try await NotesFixture.twoSourdoughNotes()
        let answers = try await NotesFixture.streamAnswers(to: "!ra sourdough", in: database)
        #expect(answers.count == 1)
        #expect(answers[0].hits.isEmpty)
        #expect(answers[0].query.problems.map(\.reason) == [SearchError.unknownEngine("ra", known: ["fts", "like", "raw"]).description])
    }
}
