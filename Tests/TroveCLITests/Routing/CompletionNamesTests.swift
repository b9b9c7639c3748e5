import Testing
@testable import TroveCLI

/// How the names shell completion offers are found in the words a shell passes (issue 51).
@Suite struct CompletionNamesTests {
    @Test(arguments: [
        (["trove", "--db", "t.db", "add"], "t.db"),
        (["trove", "add", "--db=x.db", "--list"], "x.db"),
        (["trove", "--db", "a.db", "search", "--db", "b.db"], "b.db"),
        (["trove", "add", "--list"], nil),
        (["trove", "add", "--db"], nil),
    ] as [([String], String?)])
    func theDatabaseIsTheLastDbOfTheLine(words: [String], database: String?) {
        #expect(CompletionNames.database(in: words) == database)
    }

    @Test(arguments: [
        ("'my db.db'", "my db.db"),
        ("my\\ db.db", "my db.db"),
        ("\"a \\\"b\\\"\"", "a \"b\""),
        ("plain", "plain"),
    ])
    func shellWordsAreReadWithoutTheirQuotes(word: String, unquoted: String) {
        #expect(CompletionNames.unquoted(word) == unquoted)
    }

    @Test func theNamesOfAnUnreadableDatabaseAreNone() async {
        let names = await CompletionNames.read(from: ["trove", "--db", "/nonexistent/trove.db", "add"], environment: [:])
        #expect(names == CompletionNames.Names())
    }

    @Test func theDemoDatabaseHasNames() async {
        let names = await CompletionNames.read(from: ["trove", "--demo", "add"], environment: [:])
        #expect(names.lists.contains("Home Office"))
        #expect(!names.tags.isEmpty)
    }
}
