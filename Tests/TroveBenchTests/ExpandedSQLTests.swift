import Testing
@testable import TroveBenchKit

@Suite struct ExpandedSQLTests {
    @Test(arguments: [
        ("SELECT ?", "SELECT 42", [SQLValue.integer(42)]),
        ("SELECT ?", "SELECT -7", [.integer(-7)]),
        ("SELECT ?", "SELECT 2.5", [.double(2.5)]),
        ("SELECT ?", "SELECT NULL", [.null]),
        ("SELECT ?", "SELECT 'it''s'", [.text("it's")]),
        ("SELECT ?", "SELECT x'00ff'", [.blob([0, 255])]),
        ("SELECT ?, ?", "SELECT zeroblob(0), zeroblob(2)", [.blob([]), .blob([0, 0])]),
        ("SELECT ?, ?", "SELECT '?', 'a'", [.text("?"), .text("a")]),
        ("x LIKE ? ESCAPE '\\' AND y = ?", "x LIKE '%50\\%%' ESCAPE '\\' AND y = 1", [.text("%50\\%%"), .integer(1)]),
        ("SELECT \"a?\" FROM t WHERE m MATCH ?", "SELECT \"a?\" FROM t WHERE m MATCH '\"walk\"*'", [.text("\"walk\"*")]),
        ("SELECT 1", "SELECT 1", []),
    ])
    func recoversTheBoundValues(template: String, expanded: String, values: [SQLValue]) {
        #expect(ExpandedSQL.bindings(template: template, expanded: expanded) == values)
    }

    @Test(arguments: [
        ("SELECT ?", "SELECT"),
        ("SELECT ? FROM t", "SELECT 1 FROM u"),
        ("SELECT ?1", "SELECT 1"),
        ("SELECT ?", "SELECT 'open"),
        ("SELECT ?", "SELECT zeroblob(n)"),
    ])
    func refusesTextsThatDoNotLineUp(template: String, expanded: String) {
        #expect(ExpandedSQL.bindings(template: template, expanded: expanded) == nil)
    }
}
