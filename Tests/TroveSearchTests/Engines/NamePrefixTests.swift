import Foundation
import Testing
import TroveSearch
import TroveStore
import TroveTestSupport

/// Issue 19, item 4: a `list:`/`tag:`/`#` name still being typed is a prefix of names, as the
/// last word is a prefix of words, on ``SearchFixture``'s lists (Groceries, Home, Work) and
/// tags (errand, home, urgent).
@Suite struct NamePrefixTests {
    @Test func theParserMarksOnlyANameStillBeingTyped() {
        #expect(SearchQuery.parse("milk list:gro").namePrefix == .list("gro"))
        #expect(SearchQuery.parse("milk #err").namePrefix == .tag("err"))
        #expect(SearchQuery.parse("tag:err").namePrefix == .tag("err"))
        #expect(SearchQuery.parse("list:gro ").namePrefix == nil)
        #expect(SearchQuery.parse("list:gro", exact: true).namePrefix == nil)
        #expect(SearchQuery.parse("list:gro milk").namePrefix == nil)
        #expect(SearchQuery.parse("-list:gro").namePrefix == nil)
        #expect(SearchQuery.parse(#"list:"Home""#).namePrefix == nil)
    }

    // Typed to the end, `list:gro` finds what `list:Groceries` finds, in every engine; with a
    // space after it, or exact, there is no such list, as before.
    @Test(arguments: [
        ("list:gro", "list:Groceries"), ("milk list:GRO", "milk list:Groceries"), ("#err", "#errand"),
        ("tag:urg", "tag:urgent"), ("!like milk list:gro", "!like milk list:Groceries"), ("list:Work list:ho", "list:Work list:Home"),
    ])
    func aNameBeingTypedFindsTheNamesItStarts(typed: String, whole: String) async throws {
        let database = try await SearchFixture.database()
        let found = try await SearchFixture.search(SearchFixture.request(typed), in: database)
        let expected = try await SearchFixture.search(SearchFixture.request(whole + " "), in: database)
        #expect(!expected.hits.isEmpty)
        #expect(found.hits.map(\.id) == expected.hits.map(\.id), "\(typed)")
        #expect(found.total == expected.total)
        #expect(found.didYouMean == .none)
        // NB: the answer carries the query as typed, which a typing UI compares with its text.
        #expect(found.query == SearchQuery.parse(typed))
    }

    @Test(arguments: [("list:gro ", false), ("list:gro", true), ("#err ", false)])
    func aWholeNameThatNamesNothingIsStillUnknown(text: String, exact: Bool) async throws {
        let database = try await SearchFixture.database()
        let result = try await SearchFixture.search(SearchFixture.request(text, exact: exact), in: database)
        #expect(result.total == 0)
        let name = text.trimmingCharacters(in: .whitespaces).split(separator: ":").last.map(String.init) ?? ""
        let unknown = text.hasPrefix("#") ? result.didYouMean.unknownTags : result.didYouMean.unknownLists
        #expect(unknown == [text.hasPrefix("#") ? "err" : name], "\(result.didYouMean)")
    }

    // No list starts with zz: being typed or not, it is no list, and nothing matches.
    @Test func aNameNoListStartsWithIsUnknownWhileTyped() async throws {
        let database = try await SearchFixture.database()
        let result = try await SearchFixture.search(SearchFixture.request("list:zz"), in: database)
        #expect(result.total == 0)
        #expect(result.didYouMean.unknownLists == ["zz"])
    }

    // Searching as you type: every answer to `list:gro` (provisional or final) holds the
    // Groceries rows, and says it answers the text typed.
    @Test func theProviderSearchesANameBeingTypedAsAPrefix() async throws {
        let database = try await SearchFixture.database()
        let provider = try SearchProvider(database: database)
        let expected = try await SearchFixture.search(SearchFixture.request("list:Groceries "), in: database)
        var answers: [ResultSet] = []
        for try await resultSet in provider.results(for: SearchFixture.request("list:gro")) {
            answers.append(resultSet)
            if !resultSet.isProvisional { break }
        }
        let settled = try #require(answers.last)
        #expect(!settled.isProvisional)
        #expect(settled.hits.map(\.id) == expected.hits.map(\.id))
        #expect(answers.allSatisfy { $0.query.text == "list:gro" && Set($0.hits.map(\.list)) == ["Groceries"] })
    }

    // An app's index: a text (or lookup) filter's value still being typed is a prefix of its
    // values too, ignoring ASCII case as the whole value's `=` does (Baking and baking); with a
    // space after it, or exact, it is the whole value.
    @Test func anIndexsFilterValueBeingTypedIsAPrefix() throws {
        let db = try NotesFixture.database()
        let index = NotesFixture.index
        #expect(index.parse("folder:bak").fieldFilters.first?.anyOf == [.textPrefix("bak")])
        #expect(try index.search("folder:bak", on: db).hits.map(\.key).sorted() == [1, 3, 5])
        #expect(try index.search("flour folder:BAK", on: db).hits.map(\.key).sorted() == [3, 5])
        #expect(try index.search("folder:baking ", on: db).hits.map(\.key).sorted() == [1, 3, 5])
        #expect(try index.search("folder:bak ", on: db).total == 0)
        #expect(try index.search("folder:bak", on: db, exact: true).total == 0)
        // NB: a negated value is never a prefix, as a negated word is not: it names no folder.
        #expect(try index.search("-folder:bak", on: db).hits.map(\.key).sorted() == [1, 2, 3, 4, 5, 6])
    }

    // A name being typed that starts more names than a clause holds (32) searches the first
    // 32 and says so, in every engine: the reminders' clause was cut silently before.
    @Test(arguments: ["tag:t", "!like tag:t"])
    func aNameThatStartsTooManyNamesSaysSo(text: String) async throws {
        let store = try await seededStore(records: (1...40).map {
            ReminderRecord(title: "Item \($0)", tags: [String(format: "t%02d", $0)])
        })
        let result = try await store.search(SearchRequest(text: text, limit: 50))
        #expect(result.query.notices == ["tag:t starts 40 tag names; only the first 32 are searched. Type more of the name to narrow it."])
        // NB: tags are taken by name: t01 to t32, one reminder each.
        #expect(result.total == 32)
        #expect(Set(result.hits.flatMap(\.tags)) == Set((1...32).map { String(format: "t%02d", $0) }))
        #expect(result.query.text == text)
        // Fewer names than that: all of them, and no notice.
        let fewer = try await store.search(SearchRequest(text: String(text.dropLast()) + "t1", limit: 50))
        #expect(fewer.query.notices.isEmpty)
        #expect(fewer.total == 10)
    }
}
