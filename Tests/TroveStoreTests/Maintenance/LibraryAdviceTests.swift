import Foundation
import Testing
import TroveStore

/// Issue 16: the library's errors and check report speak to an app's developer (name a call
/// such as `rebuildIndex()`), never to a person at a shell (`trove rebuild`, `--db`); the CLI
/// adds that advice when it presents them (StoreErrorPresentationTests).
@Suite struct LibraryAdviceTests {
    static let newest = JournalEntry(id: 7, at: Date(timeIntervalSince1970: 0), command: "add", summary: "Added 3", session: 4711)
    static let older = JournalEntry(id: 6, at: Date(timeIntervalSince1970: 0), command: "edit", summary: "edited 2 \"Milk\"")

    /// Every case, with values that show in the message.
    static let everyCase: [StoreError] = [
        .foreignDatabase(path: "/tmp/x.db"), .newerSchema(path: "/tmp/x.db", version: 9, supported: 8),
        .needsMigration(path: "/tmp/x.db"), .emptyTitle, .invalidName(kind: "list", name: " "), .invalidTagName("a,b"),
        .nulCharacter(field: "tags"),
        .reminderNotFound(id: 42), .listNotFound(name: "Work"), .listNotEmpty(name: "Work", count: 2),
        .tagNotFound(name: "urgent"), .tooManyTags(count: 10_001, limit: 10_000), .dateOutOfRange(field: "due"),
        .indexMissing(objects: ["reminders_fts"]), .schemaDamaged(problems: ["table lists is missing"]),
        .unreadableRows(written: 3, stored: 5), .notEnoughSpace(path: "/tmp", needed: 12_300_000, available: 1_000_000),
        .reminderUIDNotFound(uid: "abc"), .nothingToUndo, .repeatNeedsDue,
        .notEnoughToUndo(requested: 5, available: 2), .undoSuperseded(entry: 3, newest: newest), .journalEntryGone(entry: 3),
        .undoFromAnotherSession(entry: newest, position: 1), .undoFromAnotherSession(entry: older, position: 2),
        .undoConflicts(entry: older, later: newest),
    ]

    @Test(arguments: everyCase)
    func storeErrorNamesNoCommandOrOption(_ error: StoreError) {
        #expect(!error.description.contains("trove "), "\(error.description)")
        #expect(!error.description.contains("--"), "\(error.description)")
    }

    @Test func storeErrorsNameTheLibraryCallThatHelps() {
        #expect(StoreError.indexMissing(objects: ["reminders_fts"]).description
            == "The database's search index is incomplete (missing: reminders_fts); call `rebuildIndex()` to recreate it from the reminders.")
        #expect(StoreError.notEnoughToUndo(requested: 5, available: 2).description
            == "Cannot undo 5 commands: the journal holds only 2; nothing was undone. Call `undo(count: 2)` to undo them all.")
        #expect(StoreError.unreadableRows(written: 3, stored: 5).description.contains("`exportSalvaging(to:)`"))
        #expect(StoreError.repeatNeedsDue.description == "A repeating reminder needs a due date to repeat from; set its `due`.")
        #expect(StoreError.undoFromAnotherSession(entry: Self.newest, position: 1).description
            == "Not undone: the newest change, entry 7 (add: Added 3), came from another terminal session (4711), not this store's; call `undo(entry: 7)` to undo it anyway, or `log()` to see the entries.")
        #expect(StoreError.undoFromAnotherSession(entry: Self.older, position: 2).description.hasPrefix(
            "Not undone: entry 6 (edit: edited 2 \"Milk\"), the 2nd newest change, came from an unknown terminal session"))
        #expect(StoreError.undoConflicts(entry: Self.older, later: Self.newest).description
            == "Not undone: entry 7 (add: Added 3) changed the same reminders after entry 6; undo entry 7 first (`undo(entry: 7, ifNotNewest: .revertIfIndependent)`).")
    }

    @Test func checkReportAdviceNamesLibraryCalls() {
        let indexOnly = CheckReport(databaseProblems: [], indexProblems: ["malformed inverted index"])
        #expect(indexOnly.advice
            == "Call `rebuildIndex()` to recreate the search index from the reminders; your reminders themselves are intact.")
        let damaged = CheckReport(databaseProblems: ["page 3 is never used"], indexProblems: [])
        #expect(damaged.advice?.contains("`exportSalvaging(to:)`") == true)
        #expect(damaged.advice?.contains("trove ") == false)
        let unchecked = CheckReport(databaseProblems: [], indexProblems: [], indexChecked: false)
        #expect(unchecked.messages == [CheckReport.indexNotCheckedMessage])
        #expect(!CheckReport.indexNotCheckedMessage.contains("--"))
    }
}
