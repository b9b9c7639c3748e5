import InlineSnapshotTesting
import Testing
import TroveQuery

/// Columns of a table named at run time (`SQLColumn(_:table:)`), as a search index over an app's
/// own table uses them: quoted and qualified like a declared table's, in the `where` builder.
@Suite struct RunTimeColumnSnapshotTests {
    @Test func runTimeColumnsComposeInTheWhereBuilder() {
        let title = SQLColumn<String>("title", table: "notes")
        let folder = SQLColumn<String>("folder", table: "notes")
        let pinned = SQLColumn<Bool>("pinned", table: "notes")
        let clause = WhereClause {
            for word in ["50%", "bread"] { anyOf([title.contains(word), folder.contains(word)]) }
            folder.collate(.nocase) == "Baking"
            pinned == true
        }
        assertInlineSnapshot(of: clause.queryFragment.debugDescription, as: .lines) {
            #"""
            (("notes"."title" LIKE '%50\%%' ESCAPE '\') OR ("notes"."folder" LIKE '%50\%%' ESCAPE '\')) AND (("notes"."title" LIKE '%bread%' ESCAPE '\') OR ("notes"."folder" LIKE '%bread%' ESCAPE '\')) AND ("notes"."folder" COLLATE "NOCASE" = 'Baking') AND ("notes"."pinned" = 1)
            """#
        }
    }

    @Test func aNameWithAQuoteStaysOneIdentifier() {
        let odd = SQLColumn<Int64>(#"we"ird"#, table: #"my "table""#)
        assertInlineSnapshot(of: (odd == 1).queryFragment.debugDescription, as: .lines) {
            #"""
            "my ""table"""."we""ird" = 1
            """#
        }
    }
}
