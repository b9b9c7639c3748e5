import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch

/// How SQLite runs an index's statements when the app has indexed its filter columns, as an app
/// with a folder list would (`EXPLAIN QUERY PLAN`).
@Suite struct SearchIndexPlanTests {
    let index = NotesFixture.index

    /// The plan's detail lines, outer loop first.
    static func plan(_ statement: SQLFragment, on db: SQLConnection) throws -> [String] {
        try db.fetchAll("EXPLAIN QUERY PLAN " + statement).map { try $0[3] as String }
    }

    /// With an index on `folder` or `pinned`, SQLite would otherwise walk the app's index first
    /// for the count and facet statements (`SEARCH notes USING COVERING INDEX notes_by_folder`)
    /// and run the MATCH once per note with `rowid = ?` (`INDEX 0:=M2`), which for a prefix
    /// rebuilds its doclist every time: the reminders' `is:open list:Home tag:call call` took
    /// 200 s that way at 1M rows.
    @Test(arguments: ["flour folder:baking", "so pinned:yes", "-folder:travel lisbon", "folder:baking pinned:no bread"])
    func theMatchIsTheOuterLoopDespiteAnIndexOnTheFilter(text: String) throws {
        let db = try NotesFixture.database()
        try db.execute("CREATE INDEX notes_by_folder ON notes (folder COLLATE NOCASE, pinned)")
        try db.execute("CREATE INDEX notes_by_pinned ON notes (pinned)")
        let statements = IndexStatements(index: index, query: index.parse(text), style: .brackets)
        for statement in [statements.page(limit: 20, offset: 0), statements.count, statements.facetAndTotal("folder")] {
            let plan = try Self.plan(statement, on: db)
            let fts = try #require(plan.firstIndex { $0.contains("trove_notes_fts VIRTUAL TABLE") }, "\(text): \(plan)")
            let notes = try #require(plan.firstIndex { $0.contains(" notes ") }, "\(text): \(plan)")
            #expect(fts < notes, "the MATCH is the outer loop: \(text): \(plan)")
            #expect(plan[notes].contains("INTEGER PRIMARY KEY (rowid=?)"), "\(text): \(plan)")
            #expect(!plan[fts].contains(":="), "no MATCH per note by rowid: \(text): \(plan)")
        }
    }
}
