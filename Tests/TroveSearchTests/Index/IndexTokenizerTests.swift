import Testing
import TroveQuery
import TroveSQLite
import TroveSearch

/// A `SearchIndex` declares how its fields are cut into words, and `migrate` rebuilds an index
/// whose tokenizer changed.
@Suite struct IndexTokenizerTests {
    /// An app's `snippets` table of code and prose, in memory.
    func codeDatabase() throws -> SQLConnection {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE snippets (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        try db.execute("""
            INSERT INTO snippets (id, body) VALUES
              (1, 'call parse_query before render'),
              (2, 'parse the query first'),
              (3, 'Café au lait at the sourdough bakery')
            """)
        return db
    }

    func index(_ tokenizer: SearchIndex.Tokenizer) throws -> SearchIndex {
        try SearchIndex(table: "snippets", key: "id", fields: [.init("body")], tokenizer: tokenizer)
    }

    func keys(_ text: String, _ index: SearchIndex, on db: SQLConnection) throws -> [Int64] {
        try index.search(text, on: db, typos: .off).hits.map(\.key).sorted()
    }

    @Test func tokenCharactersKeepSnakeCaseOneWord() throws {
        let db = try codeDatabase()
        let standard = try index(.standard)
        try standard.migrate(db)
        #expect(try keys("query", standard, on: db) == [1, 2])

        let code = try index(.unicode61(tokenCharacters: "_"))
        try code.migrate(db)
        #expect(try keys("query", code, on: db) == [2])
        #expect(try keys("parse_query", code, on: db) == [1])
        #expect(try keys("parse_q", code, on: db) == [1])
        let sql = try db.fetchValue("SELECT sql FROM sqlite_schema WHERE name = 'trove_snippets_fts'", as: String.self)
        #expect(sql?.contains("tokenize='unicode61 remove_diacritics 2 tokenchars ''_'''") == true)
    }

    @Test func diacriticsCanBeKept() throws {
        let db = try codeDatabase()
        let folded = try index(.standard)
        try folded.migrate(db)
        #expect(try keys("cafe", folded, on: db) == [3])
        let kept = try index(.unicode61(diacritics: .kept))
        try kept.migrate(db)
        #expect(try keys("cafe", kept, on: db) == [])
        #expect(try keys("café", kept, on: db) == [3])
    }

    @Test func trigramMatchesInsideWords() throws {
        let db = try codeDatabase()
        let trigram = try index(.trigram)
        try trigram.migrate(db)
        #expect(try keys("dough", trigram, on: db) == [3])
        #expect(try keys("_que", trigram, on: db) == [1])
        let hit = try #require(try trigram.search("dough", on: db).hits.first)
        #expect(hit.highlighted["body"] == "Café au lait at the sour[dough] bakery")
    }

    @Test func migrateRebuildsAnIndexWhoseTokenizerChanged() throws {
        let db = try codeDatabase()
        let standard = try index(.standard)
        try standard.migrate(db)
        let code = try index(.unicode61(tokenCharacters: "_"))
        #expect(try !code.isCurrent(db))
        #expect(throws: SearchIndexError.notMigrated(index: "snippets")) { try code.search("query", on: db) }
        try code.migrate(db)
        #expect(try code.isCurrent(db))
        #expect(try !standard.isCurrent(db))
        #expect(try keys("query", code, on: db) == [2])
    }

    @Test(arguments: ["'", "\"", " ", "a", "7", "é", "\n"])
    func tokenCharactersAreAsciiPunctuation(_ character: String) {
        #expect(throws: SearchIndexError.invalidTokenCharacters(index: "snippets", characters: "_" + character)) {
            try index(.unicode61(tokenCharacters: "_" + character))
        }
    }

    @Test func aBadTokenCharacterSaysWhatToGive() {
        #expect(SearchIndexError.invalidTokenCharacters(index: "snippets", characters: "_'").description
            == #"the tokenizer of the SearchIndex snippets lists "_'" as token characters; give ASCII punctuation only, without quotes or spaces (such as "_" for snake_case words); letters and digits are in words already"#)
    }
}
