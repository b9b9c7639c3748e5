import InlineSnapshotTesting
import Testing
import TroveQuery

/// MATCH, rank, bm25, highlight and snippet, with indices from the declaration.
@Suite struct FTS5SnapshotTests {
    @Test func tableMatchBindsThePattern() {
        let query = ReminderSearch.match(#""walk" OR "dog""#)
        #expect(query.render().bindings == [.text(#""walk" OR "dog""#)])
        assertInlineSnapshot(of: query.debugDescription, as: .lines) {
            """
            SELECT "reminders_fts".* FROM "reminders_fts" WHERE ("reminders_fts" MATCH '"walk" OR "dog"')
            """
        }
    }

    @Test func columnMatchUsesAColumnFilterInThePattern() {
        let query = ReminderSearch.all.where { $0.notes.match("walk OR run") }
        #expect(query.render().sql.contains(#"WHERE ("reminders_fts" MATCH ?)"#))
        assertInlineSnapshot(of: query.debugDescription, as: .lines) {
            """
            SELECT "reminders_fts".* FROM "reminders_fts" WHERE ("reminders_fts" MATCH '{notes} : (walk OR run)')
            """
        }
    }

    @Test func rankBm25HighlightAndSnippet() {
        let query = ReminderSearch.match("walk")
            .select {
                ($0.rowid, $0.title.highlight("[", "]"), $0.notes.snippet("<b>", "</b>", "…", 12), $0.bm25([\.title: 10, \.tags: 5]))
            }
            .order { $0.rank }
        assertInlineSnapshot(of: query.debugDescription, as: .lines) {
            """
            SELECT "reminders_fts"."rowid", highlight("reminders_fts", 0, '[', ']'), snippet("reminders_fts", 1, '<b>', '</b>', '…', 12), bm25("reminders_fts", 10.0, 1.0, 5.0) FROM "reminders_fts" WHERE ("reminders_fts" MATCH 'walk') ORDER BY "reminders_fts"."rank"
            """
        }
    }

    @Test func bm25WeightsFollowDeclarationOrderWhateverTheDictionaryOrder() {
        let scope = TableScope<ReminderSearch>()
        #expect(scope.bm25([\.tags: 5, \.title: 10]).queryFragment.render().bindings == [.double(10), .double(1), .double(5)])
        #expect(scope.bm25().queryFragment.debugDescription == #"bm25("reminders_fts")"#)
    }

    @Test func columnIndicesComeFromTheDeclaration() {
        let scope = TableScope<ReminderSearch>()
        #expect([scope.title.index, scope.notes.index, scope.tags.index] == [0, 1, 2])
        #expect(ReminderSearch.columns.declaredColumnNames == ["title", "notes", "tags"])
        #expect(Reminder.columns.declaredColumnNames.count == 11)
    }

    @Test func joinWithTheIndexedTableThroughRowid() {
        let query = Reminder.join(ReminderSearch.self) { r, s in r.id == s.rowid }
            .where { r, s in s.match("walk*"); !r.isCompleted }
            .select { r, s in (r.id, s.title.highlight("«", "»")) }
            .order { _, s in s.bm25([\.title: 10, \.notes: 1, \.tags: 5]) }
        assertInlineSnapshot(of: query.debugDescription, as: .lines) {
            """
            SELECT "reminders"."id", highlight("reminders_fts", 0, '«', '»') FROM "reminders" JOIN "reminders_fts" ON ("reminders"."id" = "reminders_fts"."rowid") WHERE ("reminders_fts" MATCH 'walk*') AND (NOT ("reminders"."is_completed")) ORDER BY bm25("reminders_fts", 10.0, 1.0, 5.0)
            """
        }
    }
}
