import Testing
import TroveSearch

/// One row of the rendering table: text in, the `MATCH` strings out (nil, nil: no expression).
struct RenderCase: Sendable, CustomTestStringConvertible {
    let text: String
    let typing: Bool
    let positive: String?
    let negative: String?

    init(_ text: String, typing: Bool = false, _ positive: String?, not negative: String? = nil) {
        self.text = text
        self.typing = typing
        self.positive = positive
        self.negative = negative
    }

    var testDescription: String { "«\(text.debugDescription)»" + (typing ? " typing" : "") }
}

@Suite struct FTS5ExpressionTests {
    static let cases: [RenderCase] = [
        RenderCase("", nil),
        RenderCase("walk", #""walk""#),
        RenderCase("walk", typing: true, #""walk"*"#),
        RenderCase("dentist appointment wal", typing: true, #""dentist" AND "appointment" AND "wal"*"#),
        RenderCase(#""dentist appointment" wal"#, typing: true, #""dentist appointment" AND "wal"*"#),
        RenderCase(#""dentist app"#, typing: true, #""dentist app"*"#),
        RenderCase("milk OR bread eggs", #"("milk" OR "bread") AND "eggs""#),
        RenderCase("milk OR bread", #""milk" OR "bread""#),
        RenderCase("milk -sour", #""milk" NOT "sour""#),
        RenderCase("milk OR bread -sour", #"("milk" OR "bread") NOT "sour""#),
        RenderCase(#"milk eggs -sour -"cream cheese""#, #"("milk" AND "eggs") NOT ("sour" OR "cream cheese")"#),
        RenderCase(#"-"sour cream" x"#, typing: true, #""x"* NOT "sour cream""#),
        RenderCase("-milk", nil, not: #""milk""#),
        RenderCase("-milk -bread is:open", nil, not: #""milk" OR "bread""#),
        RenderCase("in:title milk", "{title} : (\"milk\")"),
        RenderCase("in:notes in:title milk OR bread", #"{title notes} : ("milk" OR "bread")"#),
        RenderCase("-in:notes -milk", nil, not: #"{title tags} : ("milk")"#),
        RenderCase("in:title milk -sour", #"{title} : ("milk" NOT "sour")"#),
        RenderCase(#"12" pizza"#, #""12""" AND "pizza""#),
        RenderCase(#"a"b"c""#, #""a""b""c""""#),
        RenderCase("e-mail", #""e-mail""#),
        RenderCase("NEAR(a b)", #""NEAR(a" AND "b)""#),
        RenderCase("AND OR NOT", #""AND" OR "NOT""#),
        RenderCase("{title}:x title:milk ^milk", #""{title}:x" AND "title:milk" AND "^milk""#),
        RenderCase("wal*", typing: true, #""wal*"*"#),
        RenderCase("🎉 milk", #""milk""#),
        RenderCase("🎉 OR milk", #""milk""#),
        RenderCase("milk -🎉", #""milk""#),
        RenderCase("🎉", nil),
        RenderCase("- * ^ : ( ) + { }", nil),
        RenderCase("\"a\u{0}b\tc\"", #""a b c""#),
        RenderCase("is:open tag:x due:today", nil),
        RenderCase("!raw NEAR(a b)", nil),
        RenderCase("'; DROP TABLE reminders;--", #""DROP" AND "TABLE" AND "reminders;--""#),
        RenderCase("café Привет 世界 ١٢٣", #""café" AND "Привет" AND "世界" AND "١٢٣""#),
        RenderCase("\u{E000}", "\"\u{E000}\""),
        RenderCase("\u{301}", nil),
    ]

    @Test(arguments: cases)
    func rendersTheExpectedMatchStrings(_ row: RenderCase) {
        let expression = FTS5Expression(query: .parse(row.text, typing: row.typing))
        #expect(expression?.positive == row.positive)
        #expect(expression?.negative == row.negative)
    }

    @Test func noExpressionIsEverEmpty() {
        for row in Self.cases {
            if let expression = FTS5Expression(query: .parse(row.text, typing: row.typing)) {
                #expect(expression.positive != nil || expression.negative != nil)
            }
        }
    }

    @Test func unvalidatedRawPassesExpertSyntaxThroughTrimmed() {
        let raw = Query.parse(#"!raw  NEAR("dentist" "tuesday", 5) "#).raw ?? ""
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
            let expression = FTS5Expression(query: .parse(row.text, typing: row.typing))
            for part in [expression?.positive, expression?.negative].compactMap({ $0 }) {
                #expect(FTS5SubsetValidator.problem(in: part) == nil, "\(part)")
            }
        }
    }
}
