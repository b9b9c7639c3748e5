import Testing
import TroveSearch
import TroveStore

/// One row of the parser table: text in, `Query.description` out.
struct ParseCase: Sendable, CustomTestStringConvertible {
    let text: String
    let typing: Bool
    let expected: String

    init(_ text: String, typing: Bool = false, _ expected: String) {
        self.text = text
        self.typing = typing
        self.expected = expected
    }

    var testDescription: String { "«\(text.debugDescription)»" + (typing ? " typing" : "") }
}

/// `engine=fts terms=[…] filters=[…]` plus extras, the shape most rows expect.
private func fts(_ terms: String = "", _ filters: String = "", _ extra: String = "") -> String {
    "engine=fts terms=[\(terms)] filters=[\(filters)]" + (extra.isEmpty ? "" : " " + extra)
}

@Suite struct QueryParseTests {
    static let terms: [ParseCase] = [
        ParseCase("", fts()),
        ParseCase(" \t\n ", fts()),
        ParseCase("walk", fts("+walk")),
        ParseCase("walk the dog", fts("+walk, +the, +dog")),
        ParseCase("walk", typing: true, fts("+walk*")),
        ParseCase("walk ", typing: true, fts("+walk")),
        ParseCase("walk dog", typing: true, fts("+walk, +dog*")),
        ParseCase(#""dentist appointment" wal"#, typing: true, fts(#"+"dentist appointment", +wal*"#)),
        ParseCase(#""dentist app"#, typing: true, fts(#"+"dentist app"*"#)),
        ParseCase(#""dentist app"#, fts(#"+"dentist app""#)),
        ParseCase(#""dentist app""#, typing: true, fts(#"+"dentist app""#)),
        ParseCase(#""dentist app "#, typing: true, fts(#"+"dentist app ""#)),
        ParseCase("-sour milk", fts("+milk, -sour")),
        ParseCase(#"-"sour cream" milk"#, fts(#"+milk, -"sour cream""#)),
        ParseCase("milk -sou", typing: true, fts("+milk, -sou")),
        ParseCase(#"say "hi"there"#, fts(#"+say, +"hi", +there"#)),
        ParseCase("--x", fts("--x")),
    ]

    static let or: [ParseCase] = [
        ParseCase("milk OR bread eggs", fts("+(milk OR bread), +eggs")),
        ParseCase("eggs milk OR bread", fts("+eggs, +(milk OR bread)")),
        ParseCase("a OR b OR c", fts("+(a OR b OR c)")),
        ParseCase("milk or bread", fts("+milk, +or, +bread")),
        ParseCase("OR milk", fts("+OR, +milk")),
        ParseCase("milk OR", fts("+milk, +OR")),
        ParseCase("milk OR", typing: true, fts("+milk")),
        ParseCase("milk OR OR bread", fts("+milk, +OR, +OR, +bread")),
        ParseCase("milk OR -bread", fts("+milk, +OR, -bread")),
        ParseCase("milk -OR x", fts("+milk, +x, -OR")),
        ParseCase(#""sour cream" OR milk"#, fts(#"+("sour cream" OR milk)"#)),
        ParseCase("milk OR bre", typing: true, fts("+(milk OR bre*)")),
        ParseCase("milk | bread", fts("+milk, +|, +bread", "", "fts-ignored=[|]")),
        ParseCase("AND OR NOT", fts("+(AND OR NOT)")),
        ParseCase("tag:a OR #b", fts("", "tag:a OR tag:b")),
        ParseCase(
            "milk OR is:open", fts("+milk", "is:open",
            "problems=[OR — filters always combine with AND; repeat a key to OR its values, like tag:a tag:b]")),
    ]

    static let filters: [ParseCase] = [
        ParseCase("is:open", fts("", "is:open")),
        ParseCase("is:completed is:flagged", fts("", "is:completed OR is:flagged")),
        ParseCase("is:unflagged", fts("", "is:unflagged")),
        ParseCase("-is:completed", fts("", "-is:completed")),
        ParseCase("IS:Open", fts("", "is:open")),
        ParseCase(
            "is:banana milk", fts("+milk", "", "problems=[is:banana — expected open, completed, flagged or unflagged]")),
        ParseCase("is:comp", typing: true, fts()),
        ParseCase(
            "is:comp ", typing: true, fts("", "", "problems=[is:comp — expected open, completed, flagged or unflagged]")),
        ParseCase("list:Groceries", fts("", "list:Groceries")),
        ParseCase(#"list:"Home Office" milk"#, fts("+milk", #"list:"Home Office""#)),
        ParseCase(#"list:"Home Office"#, fts("", #"list:"Home Office""#)),
        ParseCase(
            "list:", fts("", "", #"problems=[list: — expected a list name, like list:Groceries or list:"Home Office"]"#)),
        ParseCase("list:", typing: true, fts()),
        ParseCase("tag:errand tag:home", fts("", "tag:errand OR tag:home")),
        ParseCase(
            "#errand #home -is:completed walk", typing: true, fts("+walk*", "tag:errand OR tag:home, -is:completed")),
        ParseCase("-tag:a -#b", fts("", "-(tag:a OR tag:b)")),
        ParseCase("tag:a tag:a", fts("", "tag:a")),
        ParseCase(#"#"two words""#, fts("", #"tag:"two words""#)),
        ParseCase("C# #", fts("+C#, +#", "", "fts-ignored=[#]")),
        ParseCase("priority:high", fts("", "priority:high")),
        ParseCase("p:low priority:MEDIUM", fts("", "priority:low OR priority:medium")),
        ParseCase("-priority:none", fts("", "-priority:none")),
        ParseCase("priority:2", fts("", "priority:medium")),
        ParseCase("priority:urgent", fts("", "", "problems=[priority:urgent — expected none, low, medium or high]")),
        ParseCase("due:today", fts("", "due:today")),
        ParseCase("due:tomorrow due:OVERDUE", fts("", "due:tomorrow OR due:overdue")),
        ParseCase("due:week -due:none", fts("", "due:week, -due:none")),
        ParseCase("due:2026-03-05", fts("", "due:2026-03-05")),
        ParseCase("due:2026-03-01..2026-03-05", fts("", "due:2026-03-01..2026-03-05")),
        ParseCase("due:..2026-03-05", fts("", "due:..2026-03-05")),
        ParseCase("due:2026-03-01..", fts("", "due:2026-03-01..")),
        ParseCase(
            "due:2026-02-30", fts("", "", "problems=[due:2026-02-30 — 2026-02-30 is not a calendar date; check the month and day]")),
        ParseCase(
            "due:2026-02-29", fts("", "", "problems=[due:2026-02-29 — 2026-02-29 is not a calendar date; check the month and day]")),
        ParseCase(
            "due:2026-03-05..2026-03-01",
            fts("", "", "problems=[due:2026-03-05..2026-03-01 — the range ends before it starts; write the earlier date first]")),
        ParseCase("due:..", fts("", "", "problems=[due:.. — a range needs at least one date, like 2026-03-01..]")),
        ParseCase(
            "due:soon",
            fts("", "", "problems=[due:soon — expected today, tomorrow, overdue, week, none, a date like 2026-03-05 "
                + "or a range like 2026-03-01..2026-03-05]")),
        ParseCase("due:2026-0", typing: true, fts()),
        ParseCase("in:title milk", fts("+milk", "", "columns=[title]")),
        ParseCase("in:notes in:title milk", fts("+milk", "", "columns=[title, notes]")),
        ParseCase("-in:tags milk", fts("+milk", "", "columns=[title, notes]")),
        ParseCase("in:title in:notes in:tags milk", fts("+milk")),
        ParseCase("in:body milk", fts("+milk", "", "problems=[in:body — expected title, notes or tags]")),
        ParseCase("in:ti", typing: true, fts()),
        ParseCase(
            "-in:title -in:notes -in:tags x",
            fts("+x", "", "problems=[-in:tags — no column is left to search, so every column is searched; drop an -in:]")),
    ]

    static let engines: [ParseCase] = [
        ParseCase("!like milk", "engine=like terms=[+milk] filters=[]"),
        ParseCase("!fts milk", "engine=fts terms=[+milk] filters=[]"),
        ParseCase("milk !LIKE", "engine=like terms=[+milk] filters=[]"),
        ParseCase(
            "!like !fts milk",
            "engine=like terms=[+milk] filters=[] problems=[!fts — the query already uses !like; only the first engine counts]"),
        ParseCase("!foo milk", "engine=foo terms=[+milk] filters=[]"),
        ParseCase("!like-2", "engine=like-2 terms=[] filters=[]"),
        ParseCase(#"!raw  NEAR("a" "b", 5) "#, #"engine=raw terms=[] filters=[] raw=NEAR("a" "b", 5)"#),
        ParseCase("tag:x milk !raw a:b OR", "engine=raw terms=[+milk] filters=[tag:x] raw=a:b OR"),
        ParseCase(
            "!like foo !raw bar",
            "engine=like terms=[+foo, +bar] filters=[] problems=[!raw — the query already uses !like; only the first engine counts]"),
        ParseCase("!raw", "engine=raw terms=[] filters=[]"),
        ParseCase("!", fts("+!", "", "fts-ignored=[!]")),
        ParseCase("-!like milk", fts("+milk, -!like")),
        ParseCase("hello! !2x", fts("+hello!, +!2x")),
    ]

    static let hostile: [ParseCase] = [
        ParseCase("e-mail re:invent ref:ABC-123 http://x", fts("+e-mail, +re:invent, +ref:ABC-123, +http://x")),
        ParseCase("title:milk isnt:open", fts("+title:milk, +isnt:open")),
        ParseCase("NEAR( AND", fts("+NEAR(, +AND")),
        ParseCase("NOT milk", fts("+NOT, +milk")),
        ParseCase(#"""#, fts()),
        ParseCase(#"-"" """#, fts()),
        ParseCase("-", fts("+-", "", "fts-ignored=[-]")),
        ParseCase("* ^ : {title}:x", fts("+*, +^, +:, +{title}:x", "", "fts-ignored=[*, ^, :]")),
        ParseCase(#"NEAR( " - * ^"#, fts(#"+NEAR(, +" - * ^""#, "", #"fts-ignored=[" - * ^"]"#)),
        ParseCase("🎉 milk", fts("+🎉, +milk", "", "fts-ignored=[🎉]")),
        ParseCase("Привет 世界 café", fts("+Привет, +世界, +café")),
        ParseCase("milk\u{7}bread\tx\ny\u{2028}z", fts("+milk, +bread, +x, +y, +z")),
        ParseCase("a\u{0}b\u{0}", fts("+a, +b")),
        ParseCase("'; DROP TABLE reminders;--", fts("+';, +DROP, +TABLE, +reminders;--", "", "fts-ignored=[';]")),
    ]

    @Test(arguments: terms + or + filters + engines + hostile)
    func parsesToTheExpectedQuery(_ row: ParseCase) {
        #expect(Query.parse(row.text, typing: row.typing).description == row.expected)
    }

    @Test func tableHasAtLeastSixtyRows() {
        #expect((Self.terms + Self.or + Self.filters + Self.engines + Self.hostile).count >= 60)
    }
}
