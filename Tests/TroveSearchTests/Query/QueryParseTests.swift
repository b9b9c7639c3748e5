import Testing
import TroveSearch
import TroveStore

/// One row of the parser table: text in, `SearchQuery.description` out.
struct ParseCase: Sendable, CustomTestStringConvertible {
    let text: String
    let exact: Bool
    let expected: String

    init(_ text: String, exact: Bool = false, _ expected: String) {
        self.text = text
        self.exact = exact
        self.expected = expected
    }

    var testDescription: String { "«\(text.debugDescription)»" + (exact ? " exact" : "") }
}

/// `engine=fts terms=[…] filters=[…]` plus extras, the shape most rows expect.
private func fts(_ terms: String = "", _ filters: String = "", _ extra: String = "") -> String {
    "engine=fts terms=[\(terms)] filters=[\(filters)]" + (extra.isEmpty ? "" : " " + extra)
}

@Suite struct QueryParseTests {
    static let terms: [ParseCase] = [
        ParseCase("", exact: true, fts()),
        ParseCase(" \t\n ", exact: true, fts()),
        ParseCase("walk", exact: true, fts("+walk")),
        ParseCase("walk the dog", exact: true, fts("+walk, +the, +dog")),
        ParseCase("walk", fts("+walk*")),
        ParseCase("walk ", fts("+walk")),
        ParseCase("walk dog", fts("+walk, +dog*")),
        ParseCase(#""dentist appointment" wal"#, fts(#"+"dentist appointment", +wal*"#)),
        ParseCase(#""dentist app"#, fts(#"+"dentist app"*"#)),
        ParseCase(#""dentist app"#, exact: true, fts(#"+"dentist app""#)),
        ParseCase(#""dentist app""#, fts(#"+"dentist app""#)),
        ParseCase(#""dentist app "#, fts(#"+"dentist app ""#)),
        ParseCase("-sour milk", exact: true, fts("+milk, -sour")),
        ParseCase(#"-"sour cream" milk"#, exact: true, fts(#"+milk, -"sour cream""#)),
        ParseCase("milk -sou", fts("+milk, -sou")),
        ParseCase(#"say "hi"there"#, exact: true, fts(#"+say, +"hi", +there"#)),
        ParseCase("--x", exact: true, fts("+--x")),  // issue 19: two dashes are text, one negates
    ]

    static let or: [ParseCase] = [
        ParseCase("milk OR bread eggs", exact: true, fts("+(milk OR bread), +eggs")),
        ParseCase("eggs milk OR bread", exact: true, fts("+eggs, +(milk OR bread)")),
        ParseCase("a OR b OR c", exact: true, fts("+(a OR b OR c)")),
        ParseCase("milk or bread", exact: true, fts("+milk, +or, +bread")),
        ParseCase("OR milk", exact: true, fts("+OR, +milk")),
        ParseCase("milk OR", exact: true, fts("+milk")),
        ParseCase("milk OR", fts("+milk")),
        ParseCase("milk OR OR bread", exact: true, fts("+milk, +OR, +bread")),
        ParseCase("milk OR -bread", exact: true, fts("+milk, +OR, -bread")),
        ParseCase("milk -OR x", exact: true, fts("+milk, +x, -OR")),
        ParseCase(#""sour cream" OR milk"#, exact: true, fts(#"+("sour cream" OR milk)"#)),
        ParseCase("milk OR bre", fts("+(milk OR bre*)")),
        ParseCase("milk | bread", exact: true, fts("+milk, +bread", "", "notices=[‘|’ was left out: a word of punctuation alone matches nothing.]")),
        ParseCase("AND OR NOT", exact: true, fts("+(AND OR NOT)")),
        ParseCase("tag:a OR #b", exact: true, fts("", "tag:a OR tag:b")),
        ParseCase(
            "milk OR is:open", exact: true, fts("+milk", "is:open",
            "problems=[OR — filters always combine with AND; repeat a key to OR its values, like tag:a tag:b]")),
    ]

    static let filters: [ParseCase] = [
        ParseCase("is:open", exact: true, fts("", "is:open")),
        ParseCase("is:completed is:flagged", exact: true, fts("", "is:completed OR is:flagged")),
        ParseCase("is:unflagged", exact: true, fts("", "is:unflagged")),
        ParseCase("-is:completed", exact: true, fts("", "-is:completed")),
        ParseCase("IS:Open", exact: true, fts("", "is:open")),
        ParseCase(
            "is:banana milk", exact: true, fts("+milk", "", "problems=[is:banana — expected open, completed, flagged or unflagged]")),
        ParseCase(
            "is:comp", fts("", "", "problems=[is:comp — expected open, completed, flagged or unflagged]")),
        ParseCase(
            "is:comp ", fts("", "", "problems=[is:comp — expected open, completed, flagged or unflagged]")),
        ParseCase("list:Groceries", exact: true, fts("", "list:Groceries")),
        ParseCase(#"list:"Home Office" milk"#, exact: true, fts("+milk", #"list:"Home Office""#)),
        ParseCase(#"list:"Home Office"#, exact: true, fts("", #"list:"Home Office""#)),
        ParseCase(
            "list:", exact: true, fts("", "", #"problems=[list: — expected a list name, like list:Groceries or list:"Home Office"]"#)),
        ParseCase(
            "list:", fts("", "", #"problems=[list: — expected a list name, like list:Groceries or list:"Home Office"]"#)),
        ParseCase("tag:errand tag:home", exact: true, fts("", "tag:errand OR tag:home")),
        ParseCase(
            "#errand #home -is:completed walk", fts("+walk*", "tag:errand OR tag:home, -is:completed")),
        ParseCase("-tag:a -#b", exact: true, fts("", "-(tag:a OR tag:b)")),
        ParseCase("tag:a tag:a", exact: true, fts("", "tag:a")),
        ParseCase(#"#"two words""#, exact: true, fts("", #"tag:"two words""#)),
        ParseCase("C# #", exact: true, fts("+C#", "", "notices=[‘#’ was left out: a word of punctuation alone matches nothing.]")),
        ParseCase("priority:high", exact: true, fts("", "priority:high")),
        ParseCase("p:low priority:MEDIUM", exact: true, fts("", "priority:low OR priority:medium")),
        ParseCase("-priority:none", exact: true, fts("", "-priority:none")),
        ParseCase("priority:2", exact: true, fts("", "priority:medium")),
        ParseCase("priority:urgent", exact: true, fts("", "", "problems=[priority:urgent — expected none, low, medium or high]")),
        ParseCase("due:today", exact: true, fts("", "due:today")),
        ParseCase("due:tomorrow due:OVERDUE", exact: true, fts("", "due:tomorrow OR due:overdue")),
        ParseCase("due:week -due:none", exact: true, fts("", "due:week, -due:none")),
        ParseCase("due:2026-03-05", exact: true, fts("", "due:2026-03-05")),
        ParseCase("due:2026-03-01..2026-03-05", exact: true, fts("", "due:2026-03-01..2026-03-05")),
        ParseCase("due:..2026-03-05", exact: true, fts("", "due:..2026-03-05")),
        ParseCase("due:2026-03-01..", exact: true, fts("", "due:2026-03-01..")),
        ParseCase(
            "due:2026-02-30", exact: true, fts("", "", "problems=[due:2026-02-30 — 2026-02-30 is not a calendar date; check the month and day]")),
        ParseCase(
            "due:2026-02-29", exact: true, fts("", "", "problems=[due:2026-02-29 — 2026-02-29 is not a calendar date; check the month and day]")),
        ParseCase(
            "due:2026-03-05..2026-03-01", exact: true,
            fts("", "", "problems=[due:2026-03-05..2026-03-01 — the range ends before it starts; write the earlier date first]")),
        ParseCase("due:..", exact: true, fts("", "", "problems=[due:.. — a range needs at least one date, like 2026-03-01..]")),
        ParseCase(
            "due:soon", exact: true,
            fts("", "", "problems=[due:soon — expected today, on:today, tomorrow, overdue, week, none, a date like 2026-03-05, fri or \"dec 24\", "
                + "or a range like 2026-03-01..2026-03-05]")),
        ParseCase(
            "due:2026-0",
            fts("", "", "problems=[due:2026-0 — expected today, on:today, tomorrow, overdue, week, none, a date like 2026-03-05, fri or \"dec 24\", "
                + "or a range like 2026-03-01..2026-03-05]")),
        ParseCase("in:title milk", exact: true, fts("+milk", "", "columns=[title]")),
        ParseCase("in:notes in:title milk", exact: true, fts("+milk", "", "columns=[title, notes]")),
        ParseCase("-in:tags milk", exact: true, fts("+milk", "", "columns=[title, notes]")),
        ParseCase("in:title in:notes in:tags milk", exact: true, fts("+milk")),
        ParseCase("in:body milk", exact: true, fts("+milk", "", "problems=[in:body — expected title, notes or tags]")),
        ParseCase("in:ti", fts("", "", "problems=[in:ti — expected title, notes or tags]")),
        ParseCase(
            "-in:title -in:notes -in:tags x", exact: true,
            fts("+x", "", "problems=[-in:tags — no column is left to search, so every column is searched; drop an -in:]")),
    ]

    static let engines: [ParseCase] = [
        ParseCase("!like milk", exact: true, "engine=like terms=[+milk] filters=[]"),
        ParseCase("!fts milk", exact: true, "engine=fts terms=[+milk] filters=[]"),
        ParseCase("milk !LIKE", exact: true, "engine=like terms=[+milk] filters=[]"),
        ParseCase(
            "!like !fts milk", exact: true,
            "engine=like terms=[+milk] filters=[] problems=[!fts — the query already uses !like; only the first engine counts]"),
        ParseCase("!foo milk", exact: true, "engine=foo terms=[+milk] filters=[]"),
        ParseCase("!like-2", exact: true, "engine=like-2 terms=[] filters=[]"),
        ParseCase(#"!raw  NEAR("a" "b", 5) "#, exact: true, #"engine=raw terms=[] filters=[] raw=NEAR("a" "b", 5)"#),
        ParseCase("tag:x milk !raw a:b OR", exact: true, "engine=raw terms=[+milk] filters=[tag:x] raw=a:b OR"),
        ParseCase(
            "!like foo !raw bar", exact: true,
            "engine=like terms=[+foo, +bar] filters=[] problems=[!raw — the query already uses !like; only the first engine counts]"),
        ParseCase("!raw", exact: true, "engine=raw terms=[] filters=[]"),
        ParseCase("!", exact: true, fts("+!", "", "fts-ignored=[!]")),
        ParseCase("-!like milk", exact: true, fts("+milk, -!like")),
        ParseCase("hello! !2x", exact: true, fts("+hello!, +!2x")),
    ]

    static let hostile: [ParseCase] = [
        ParseCase("e-mail re:invent ref:ABC-123 http://x", exact: true, fts("+e-mail, +re:invent, +ref:ABC-123, +http://x")),
        ParseCase("title:milk isnt:open", exact: true, fts("+title:milk, +isnt:open")),
        ParseCase("NEAR( AND", exact: true, fts("+NEAR(, +AND")),
        ParseCase("NOT milk", exact: true, fts("+NOT, +milk")),
        ParseCase(#"""#, exact: true, fts()),
        ParseCase(#"-"" """#, exact: true, fts()),
        ParseCase("-", exact: true, fts("+-", "", "fts-ignored=[-]")),
        ParseCase("* ^ : {title}:x", exact: true, fts("+{title}:x", "", "notices=[‘*’, ‘^’ and ‘:’ were left out: words of punctuation alone match nothing.]")),
        ParseCase(#"NEAR( " - * ^"#, exact: true, fts(#"+NEAR(, +" - * ^""#, "", #"fts-ignored=[" - * ^"]"#)),
        ParseCase("🎉 milk", exact: true, fts("+🎉, +milk", "", "fts-ignored=[🎉]")),
        ParseCase("Привет 世界 café", exact: true, fts("+Привет, +世界, +café")),
        ParseCase("milk\u{7}bread\tx\ny\u{2028}z", exact: true, fts("+milk, +bread, +x, +y, +z")),
        ParseCase("a\u{0}b\u{0}", exact: true, fts("+a, +b")),
        ParseCase("'; DROP TABLE reminders;--", exact: true, fts("+DROP, +TABLE, +reminders;--", "", "notices=[‘';’ was left out: a word of punctuation alone matches nothing.]")),
    ]

    /// One semantics: the same text is the same query in `trove search`, the interactive search,
    /// `SearchProvider` and `assertSearch`; only `exact` (`--exact`) turns the last prefix off.
    static let semantics: [ParseCase] = [
        ParseCase("dent", fts("+dent*")),
        ParseCase("dent ", fts("+dent")),
        ParseCase("dent", exact: true, fts("+dent")),
        ParseCase("walk is:open", fts("+walk", "is:open")),
        ParseCase("wal* dog", exact: true, fts("+wal*, +dog")),
        ParseCase("wal** dog", fts("+wal*, +dog*")),
        ParseCase("-wal* dog ", fts("+dog, -wal*")),
        ParseCase("dog -wal", fts("+dog, -wal")),
        ParseCase("milk OR bre*", exact: true, fts("+(milk OR bre*)")),
        ParseCase("e-ma*", exact: true, fts("+e-ma*")),
        ParseCase("wa*lk", exact: true, fts("+wa*lk")),
        ParseCase("* x", exact: true, fts("+x", "", "notices=[‘*’ was left out: a word of punctuation alone matches nothing.]")),
        ParseCase("**", exact: true, fts("+**", "", "fts-ignored=[**]")),
        ParseCase(#""dentist app"* x"#, exact: true, fts(#"+"dentist app"*, +x"#)),
        ParseCase(#""dentist app" *"#, exact: true, fts(#"+"dentist app""#, "", "notices=[‘*’ was left out: a word of punctuation alone matches nothing.]")),
        ParseCase(#"-"sour cr"* milk"#, exact: true, fts(#"+milk, -"sour cr"*"#)),
        ParseCase("milk OR ", fts("+milk")),
        ParseCase("OR", fts("+OR*")),
        ParseCase("c++", fts("+c++")),
        ParseCase("milk,", fts("+milk,")),
        ParseCase("Q&A", fts("+Q&A*")),
        ParseCase("🎉", fts("+🎉", "", "fts-ignored=[🎉]")),
        ParseCase(#""dentist app,"#, fts(#"+"dentist app,""#)),
    ]

    /// Repeated words count once; the query is the same either way (`a AND a` is `a`).
    static let merging: [ParseCase] = [
        ParseCase("the dog the cat", exact: true, fts("+the, +dog, +cat")),
        ParseCase("Milk milk MILK", exact: true, fts("+Milk")),
        ParseCase("café cafe Cafe", exact: true, fts("+café")),
        ParseCase("milk OR bread bread OR milk", exact: true, fts("+(milk OR bread)")),
        ParseCase("milk OR milk OR bread", exact: true, fts("+(milk OR bread)")),
        ParseCase("milk OR milk", exact: true, fts("+milk")),
        ParseCase("milk milk OR bread", exact: true, fts("+milk, +(milk OR bread)")),
        ParseCase("-a -A b", exact: true, fts("+b, -a")),
        ParseCase("walk walk", fts("+walk")),
        ParseCase("walk* walk", exact: true, fts("+walk*, +walk")),
        ParseCase(#""a b" "A B" a"#, exact: true, fts(#"+"a b", +a"#)),
    ]

    @Test(arguments: terms + or + filters + engines + hostile + semantics + merging)
    func parsesToTheExpectedQuery(_ row: ParseCase) {
        #expect(SearchQuery.parse(row.text, exact: row.exact).description == row.expected)
    }

    @Test func tableHasAtLeastSixtyRows() {
        #expect((Self.terms + Self.or + Self.filters + Self.engines + Self.hostile).count >= 60)
    }

    // A filter at the very end whose value could still grow (`is:comp`) is a problem marked
    // incomplete: the interactive header waits, `trove search` refuses it like any other.
    @Test(arguments: [
        ("is:comp", true), ("is:comp ", false), ("is:comp milk", false), ("due:2026-0", true),
        ("in:ti", true), ("list:", true), ("is:banana", false), ("priority:urgent", false),
    ])
    func lastFilterBeingTypedIsAnIncompleteProblem(_ text: String, _ incomplete: Bool) {
        for exact in [false, true] {
            let problems = SearchQuery.parse(text, exact: exact).problems
            #expect(problems.count == 1)
            #expect(problems.first?.isIncomplete == incomplete, "\(text) exact=\(exact)")
        }
    }

    @Test func fiveThousandRepeatedWordsMergeIntoOneWithANotice() {
        let query = SearchQuery.parse(Array(repeating: "a", count: 5_000).joined(separator: " "))
        #expect(query.description == "engine=fts terms=[+a] filters=[] notices=[The query's 5,000 words were merged into 1: repeated words count once.]")
        let exact = SearchQuery.parse(Array(repeating: "a", count: 5_000).joined(separator: " "), exact: true)
        #expect(exact.terms == ["a"])
        #expect(exact.notices == ["The query's 5,000 words were merged into 1: repeated words count once."])
    }

    @Test func distinctWordsPastTheCapAreLeftOutWithANotice() {
        let words = (0..<20_000).map { "w\($0)" }
        let query = SearchQuery.parse((words + words.prefix(10)).joined(separator: " "), exact: true)
        #expect(query.terms.map(\.description) == words.prefix(SearchQuery.maxTerms).map { $0 })
        #expect(query.notices == [
            "Only the first 16 different words of the query are searched; 19,984 more were left out and 10 repeated ones merged.",
        ])
        let excluded = SearchQuery.parse("a b c d e f g h i j k l m n o -p -q r", exact: true)
        #expect(excluded.terms.count + excluded.excludedTerms.count == SearchQuery.maxTerms)
        #expect(excluded.excludedTerms == [SearchTerm("p")])
        #expect(excluded.notices == ["Only the first 16 different words of the query are searched; 2 more were left out."])
    }

    // Issue 19: `text & editor` found nothing (the `&` became a substring filter over every
    // field) and `drag & drop` a fifth of `drag and drop`. Punctuation alone beside words is
    // left out, with a notice; alone it is still looked for as text.
    static let punctuation: [ParseCase] = [
        ParseCase("text & editor", exact: true, fts("+text, +editor", "", "notices=[‘&’ was left out: a word of punctuation alone matches nothing.]")),
        ParseCase("drag & drop", fts("+drag, +drop*", "", "notices=[‘&’ was left out: a word of punctuation alone matches nothing.]")),
        ParseCase("milk , bread - eggs", exact: true,
            fts("+milk, +bread, +eggs", "", "notices=[‘,’ and ‘-’ were left out: words of punctuation alone match nothing.]")),
        ParseCase("milk +", fts("+milk", "", "notices=[‘+’ was left out: a word of punctuation alone matches nothing.]")),
        ParseCase("list:Work #", fts("", "list:Work", "notices=[‘#’ was left out: a word of punctuation alone matches nothing.]")),
        ParseCase("&", exact: true, fts("+&", "", "fts-ignored=[&]")),
        ParseCase("🎉 party", exact: true, fts("+🎉, +party", "", "fts-ignored=[🎉]")),
        ParseCase("c++ milk", exact: true, fts("+c++, +milk")),
    ]

    @Test(arguments: punctuation) func punctuationAloneIsLeftOutBesideWords(_ row: ParseCase) {
        #expect(SearchQuery.parse(row.text, exact: row.exact).description == row.expected)
    }

    @Test func aShortQueryWithARepeatedWordHasNoNotice() {
        #expect(SearchQuery.parse("walk the dog to the park").notices.isEmpty)
        #expect(SearchQuery.parse(Array(repeating: "x", count: SearchQuery.maxTerms).joined(separator: " "), exact: true).notices.isEmpty)
    }

    @Test func filterValuesPastTheCapAreLeftOutWithANotice() {
        let query = SearchQuery.parse((0..<40).map { "#t\($0)" }.joined(separator: " "))
        #expect(query.filters.first?.anyOf.count == SearchQuery.maxFilterValues)
        #expect(query.notices == ["Only the first 32 values of a filter key are used; 8 more were left out."])
    }
}
