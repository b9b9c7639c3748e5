import Foundation
import Testing
@testable import TroveCLI
import TroveStore

/// Issue 16: the library's errors name calls (`rebuildIndex()`); `trove` presents the same
/// errors and check reports with its own commands and options, word for word as before.
@Suite struct StoreErrorPresentationTests {
    static func printed(_ error: StoreError) -> String { ErrorPresenter(verbose: false).present(error).message }

    @Test func presenterGivesTroveAdviceWhereTheLibraryNamesACall() {
        #expect(Self.printed(.indexMissing(objects: ["reminders_fts"]))
            == "The database's search index is incomplete (missing: reminders_fts); run `trove rebuild` to recreate it from the reminders.")
        #expect(Self.printed(.reminderNotFound(id: 42)) == "There is no reminder 42; `trove search` shows the ids.")
        #expect(Self.printed(.notEnoughToUndo(requested: 5, available: 2))
            == "Cannot undo 5 commands: the journal holds only 2; nothing was undone. Run `trove undo 2` to undo them all.")
        #expect(Self.printed(.repeatNeedsDue) == "A repeating reminder needs a due date to repeat from; give one with --due.")
        #expect(Self.printed(.foreignDatabase(path: "x.db"))
            == "x.db is a SQLite database, but not one of Trove's; Trove left it untouched. Pass another path with --db.")
        #expect(Self.printed(.notEnoughSpace(path: "/tmp", needed: 12_300_000, available: 1_000_000))
            == "Compacting needs about 12.3 MB free on the disk holding /tmp, which has 1.0 MB; free some space and run `trove optimize` again. Nothing was changed.")
    }

    @Test func presenterKeepsTheLibrarySentenceWhenItNamesNoCall() {
        for error: StoreError in [.emptyTitle, .listNotEmpty(name: "Work", count: 2), .newerSchema(path: "x.db", version: 9, supported: 8)] {
            #expect(Self.printed(error) == error.description)
        }
    }

    @Test func checkPrintsDataProblemsWithTroveRebuild() {
        // NB: the library's own sentences, as `check()` builds them.
        let report = CheckReport(databaseProblems: [], indexProblems: [], dataProblems: [
            "1 reminder(s) have no uid; \(CheckReport.rebuildCall) to give each a new one",
            "2 reminders share the uid u; a uid must name one reminder. Give all but one a new uid with \(CheckReport.rebuildName)",
        ])
        #expect(report.cliMessages == [
            "reminders: 1 reminder(s) have no uid; run `trove rebuild` to give each a new one.",
            "reminders: 2 reminders share the uid u; a uid must name one reminder. Give all but one a new uid with `trove rebuild`.",
        ])
        #expect(report.cliAdvice
            == "Run `trove rebuild` to recreate the search index from the reminders; your reminders themselves are intact.")
        #expect(report.advice?.hasPrefix("Call `rebuildIndex()`") == true)
    }

    @Test func checkOnAReadOnlyStoreNamesTheOption() {
        let report = CheckReport(databaseProblems: [], indexProblems: [], indexChecked: false, dataProblems: ["x"])
        #expect(report.cliMessages.first
            == "search index: not checked, as the database file is read-only to you. Make it writable by you and run `trove check` again to include it.")
    }
}
