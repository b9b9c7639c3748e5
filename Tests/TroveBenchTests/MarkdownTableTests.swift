import Testing
import TroveBenchKit

@Suite struct MarkdownTableTests {
    @Test func padsColumnsToTheWidestCellAndDrawsTheRule() {
        var table = MarkdownTable(header: ["Measure", "Trove"])
        table.append(["import rows/s", "41,000"])
        table.append(["p50", "1.2 ms"])
        #expect(table.render() == """
            | Measure       | Trove  |
            |---------------|--------|
            | import rows/s | 41,000 |
            | p50           | 1.2 ms |

            """)
    }

    @Test func escapesPipesAndNewlinesSoACellCannotBreakTheRow() {
        var table = MarkdownTable(header: ["a"])
        table.append(["x | y\nz"])
        #expect(table.render().split(separator: "\n").last == #"| x \| y z |"#)
    }

    @Test func fillsShortRowsAndDropsExtraCells() {
        var table = MarkdownTable(header: ["a", "b"])
        table.append(["1"])
        table.append(["1", "2", "3"])
        #expect(table.rows == [["1", ""], ["1", "2"]])
    }

    @Test func reportHasTheSixColumnsEveryRowFills() {
        var report = BenchReport()
        report.add("Import", "rows/s", trove: "9", baseline: "10", versus: "90%", target: "≥ 90%")
        #expect(report.table.header.count == 6)
        #expect(report.table.rows == [["Import", "rows/s", "9", "10", "90%", "≥ 90%"]])
    }

    @Test(arguments: [
        (1.234, "1.23 ms"), (12.34, "12.3 ms"), (123.4, "123 ms"), (Double.nan, "n/a"),
    ])
    func formatsMillisecondsWithFewerDecimalsAsTheyGrow(value: Double, text: String) {
        #expect(Format.ms(value) == text)
    }

    @Test func overheadIsThePercentAboveTheBaseline() {
        #expect(Format.overhead(11, over: 10) == "+10%")
        #expect(Format.overhead(9, over: 10) == "-10%")
        #expect(Format.overhead(1, over: 0) == "n/a")
        #expect(Format.share(45_000, of: 50_000) == "90%")
    }
}
