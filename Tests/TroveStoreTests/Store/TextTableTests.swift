import Testing
import TroveQuery
import TroveSQLite
import TroveTestSupport

@Suite struct TextTableTests {
    @Test func columnsAreAsWideAsTheirWidestCellInCharacters() {
        let table = renderTable([["1", "Café crème", "x"], ["12", "🎂 cake"]], header: ["id", "title", "flag"])
        #expect(table == """
            id  title       flag
            --  ----------  ----
            1   Café crème  x
            12  🎂 cake
            """)
    }

    @Test func newlinesInACellStayOnOneLine() {
        #expect(renderTable([["a\nb"]], header: ["notes"]) == "notes\n-----\na\\nb")
    }
}
