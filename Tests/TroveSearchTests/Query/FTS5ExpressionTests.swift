import Testing
import TroveSearch

/// One row of the rendering table: text in, the `MATCH` strings out (nil, nil: no expression).
struct RenderCase: Sendable, CustomTestStringConvertible {
    let text: String
    let exact: Bool
    let positive: String?
    let negative: String?

    init(_ text: String, exact: Bool = false, _ positive: String?, not negative: String? = nil) {
        self.text = text
        self.exact = exact
        self.positive = positive
        self.negative = negative
    }

    var testDescription: String { "«\(text.debugDescription)»" + (exact ? " exact" : "") }
}

@Suite struct FTS5ExpressionTests {
    static let cases: [RenderCase] = [
        RenderCase("", exact: true, nil),
        RenderCase("walk", exact: true, #""walk""#),
        RenderCase("walk", #""walk"*"#),
        RenderCase("dentist appointment wal", #""dentist" AND "appointment" AND "wal"*"#),
        RenderCase(#""dentist appointment" wal"#, #""dentist appointment" AND "wal"*"#),
        RenderCase(#""dentist app"#, #""dentist app"*"#),
        RenderCase("milk OR bread eggs", exact: true, #"("milk" OR "bread") AND "eggs""#),
        RenderCase("milk OR bread", exact: true, #""milk" OR "bread""#),
        RenderCase("milk -sour", exact: true, #""milk" NOT "sour""#),
        RenderCase("milk OR bread -sour", exact: true, #"("milk" OR "bread") NOT "sour""#),
        RenderCase(#"milk eggs -sour -"cream cheese""#, exact: true, #"("milk" AND "eggs") NOT ("sour" OR "cream cheese")"#),
        RenderCase(#"-"sour cream" x"#, #""x"* NOT "sour cream""#),
        RenderCase("-milk", exact: true, nil, not: #""milk""#),
        RenderCase("-milk -bread is:open", exact: true, nil, not: #""milk" OR "bread""#),
        RenderCase("in:title milk", exact: true, "{title} : (\"milk\")"),
        RenderCase("in:notes in:title milk OR bread", exact: true, #"{title notes} : ("milk" OR "bread")"#),
        RenderCase("-in:notes -milk", exact: true, nil, not: #"{title tags} : ("milk")"#),
        RenderCase("in:title milk -sour", exact: true, #"{title} : ("milk" NOT "sour")"#),
        RenderCase(#"12" pizza"#, exact: true, #""12""" AND "pizza""#),
        RenderCase(#"a"b"c""#, exact: true, #""a""b""c""""#),
        RenderCase("e-mail", exact: true, #""e-mail" OR "email""#),
        RenderCase("e-ma", #""e-ma"* OR "ema"*"#),
        RenderCase("on-call rota", exact: true, #"("on-call" OR "oncall") AND "rota""#),
        RenderCase("O'Brien's x", exact: true, #"("O'Brien's" OR "OBriens") AND "x""#),
        RenderCase("wi‑fi", exact: true, "\"wi‑fi\" OR \"wifi\""),
        RenderCase(#""on-call" x"#, exact: true, #""on-call" AND "x""#),
        RenderCase("ref:ABC-123 x", exact: true, #""ref:ABC-123" AND "x""#),
        RenderCase("kids' x", exact: true, #""kids'" AND "x""#),
        RenderCase("-on-call x", exact: true, #""x" NOT ("on-call" OR "oncall")"#),
        RenderCase("NEAR(a b)", exact: true, #""NEAR(a" AND "b)""#),
        RenderCase("AND OR NOT", exact: true, #""AND" OR "NOT""#),
        RenderCase("{title}:x title:milk ^milk", exact: true, #""{title}:x" AND "title:milk" AND "^milk""#),
        RenderCase("wal* dog", #""wal"* AND "dog"*"#),
        RenderCase("wal* dog", exact: true, #""wal"* AND "dog""#),
        RenderCase(#""dentist app"* x"#, exact: true, #""dentist app"* AND "x""#),
        RenderCase("-wal* x", exact: true, #""x" NOT "wal"*"#),
        RenderCase("🎉 milk", exact: true, #""milk""#),
        RenderCase("🎉 OR milk", exact: true, #""milk""#),
        RenderCase("milk -🎉", exact: true, #""milk""#),
        RenderCase("🎉", exact: true, nil),
        RenderCase("- * ^ : ( ) + { }", exact: true, nil),
        RenderCase("\"a\u{0}b\tc\"", exact: true, #""a b c""#),
        RenderCase("is:open tag:x due:today", exact: true, nil),
        RenderCase("!raw NEAR(a b)", exact: true, nil),
        RenderCase("'; DROP TABLE reminders;--", exact: true, #""DROP" AND "TABLE" AND "reminders;--""#),
        RenderCase("café Привет 世界 ١٢٣", exact: true, #""café" AND "Привет" AND "世界" AND "١٢٣""#),
        RenderCase("\u{E000}", exact: true, "\"\u{E000}\""),
        RenderCase("\u{301}", exact: true, nil),
    ]

    @Test(arguments: cases)
    func rendersTheExpectedMatchStrings(_ row: RenderCase) {
        let expression = FTS5Expression(query: .parse(row.text, exact: row.exact))
        #expect(expression?.positive == row.positive)
        #expect(expression?.negative == row.negative)
    }

    @Test func noExpressionIsEverEmpty() {
        for row in Self.cases {
            if let expression = FTS5Expression(query: .parse(row.text, exact: row.exact)) {
                #expect(expression.positive != nil || expression.negative != nil)
            }
        }
    }

    @Test func unvalidatedRawPassesExpertSyntaxThroughTrimmed() {
        let raw = SearchQuery.parse(#"!raw  NEAR("dentist" "tuesday", 5) "#).raw ?? ""
        #expect(FTS5Expression(unvalidatedRaw: raw)?.positive == #"NEAR("dentist" "tuesday", 5)"#)
        #expect(FTS5Expression(unvalidatedRaw: raw)?.negative == nil)
        #expect(FTS5Expression(unvalidatedRaw: " \n") == nil)
    }

    @Test func descriptionNamesBothParts() {
        #expect(FTS5Expression(query: .parse("milk -sour"))?.description == #"MATCH "milk" NOT "sour""#)
        #expect(FTS5Expression(query: .parse("-sour"))?.description == #"NOT MATCH "sour""#)
    }

    @Test func everyRenderedRowPassesTheValidator() {
        for row in Self.cases {
            let expression = FTS5Expression(query: .parse(row.text, exact: row.exact))
            for part in [expression?.positive, expression?.negative].compactMap({ $0 }) {
                #expect(FTS5SubsetValidator.problem(in: part) == nil, "\(part)")
            }
        }
    }
}
