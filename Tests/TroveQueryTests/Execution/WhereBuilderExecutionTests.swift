import Testing
import TroveQuery
import TroveSQLite

/// The `where` builder's loop, run: every term must match, and an OR stays inside its term.
@Suite struct WhereBuilderExecutionTests {
    let db: SQLConnection

    init() throws {
        db = try SeededDatabase.make()
    }

    static func search(_ text: String) -> SQLSelect<TableScope<Reminder>, [SQLBinding]> {
        Reminder.where {
            for term in text.split(separator: " ") {
                $0.title.contains(term) || $0.notes.contains(term)
            }
        }
    }

    @Test func noTermsMatchEveryRow() throws {
        #expect(try db.ids(Self.search("")) == [1, 2, 3, 4, 5, 6, 7])
    }

    @Test func oneTermMatchesTitleOrNotes() throws {
        #expect(try db.ids(Self.search("take")) == [2, 3])
    }

    @Test func threeTermsMustAllMatch() throws {
        #expect(try db.ids(Self.search("walk the park")) == [2])
    }

    /// Regression: without parentheses around each term, `a OR b AND c OR d` binds as
    /// `a OR (b AND c) OR d` and "milk dog" would match "Buy milk".
    @Test func orInsideALoopTermDoesNotLeakIntoItsNeighbours() throws {
        #expect(try db.ids(Self.search("milk dog")) == [])
        let leaky: SQLFragment = """
            SELECT id FROM reminders WHERE title LIKE \("%milk%") OR notes LIKE \("%milk%") \
            AND title LIKE \("%dog%") OR notes LIKE \("%dog%") ORDER BY id
            """
        #expect(try db.fetchAll(leaky).map { try $0[0] as Int64 } == [1])
    }

    @Test func branchesAndChainedWheres() throws {
        func open(flagged: Bool?) -> SQLSelect<TableScope<Reminder>, [SQLBinding]> {
            Reminder.where {
                !$0.isCompleted
                if let flagged { $0.isFlagged == flagged }
            }
        }
        #expect(try db.ids(open(flagged: nil)) == [1, 2, 4, 5, 6, 7])
        #expect(try db.ids(open(flagged: true)) == [1])
        #expect(try db.ids(open(flagged: false).where { $0.title.hasSuffix("file") }) == [6, 7])
    }
}
