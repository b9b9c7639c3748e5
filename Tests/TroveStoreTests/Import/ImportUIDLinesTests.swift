import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveStore
import TroveTestSupport

/// An import remembers the file's uids by hash; a hash seen again is a repeated uid only if
/// the uid leads to a reminder an earlier line wrote or matched. Every test runs with every uid
/// hashing alike, so each line after the first takes the collision path.
@Suite struct ImportUIDLinesTests {
    static let collide: @Sendable (String) -> Int = { _ in 7 }

    func importText(_ text: String, into store: ReminderStore, onConflict: ImportConflictPolicy = .update,
                    deferAfter: Int = DeferredIndexes.threshold) async throws -> ImportSummary {
        var reader = ReminderFormat.jsonl.makeReader(LineReader(string: text))
        return try await store.importRecords(
            &reader, source: "f", onConflict: onConflict, deferIndexesAfter: deferAfter, uidKey: Self.collide)
    }

    static func lines(_ titles: [(uid: String, title: String)]) -> String {
        titles.map { #"{"uid":"\#($0.uid)","title":"\#($0.title)"}"# }.joined(separator: "\n")
    }

    @Test(arguments: [DeferredIndexes.threshold, 3])
    func distinctUIDsWithOneHashAreDistinctReminders(deferAfter: Int) async throws {
        let store = try await ReminderStore.inMemory()
        let file = Self.lines((1...40).map { ("uid-\($0)", "Task \($0)") })
        // Into an empty store (with the uid index built at the end when deferAfter is 3), then
        // again with ten titles changed: matched one for one, never called a repeat.
        #expect(try await importText(file, into: store, deferAfter: deferAfter).counts == "40 added, 0 updated, 0 unchanged")
        let edited = Self.lines((1...40).map { ("uid-\($0)", $0 <= 10 ? "Edited \($0)" : "Task \($0)") })
        #expect(try await importText(edited, into: store, deferAfter: deferAfter).counts == "0 added, 10 updated, 30 unchanged")
        let stored = try await store.rows("SELECT uid, title FROM reminders ORDER BY id")
            .map { "\(try $0[0] as String)=\(try $0[1] as String)" }
        #expect(stored == (1...40).map { "uid-\($0)=\($0 <= 10 ? "Edited" : "Task") \($0)" })
        #expect(try await store.check().isOK)
    }

    @Test func aRepeatedUIDIsNamedWithBothLinesIntoAnEmptyStore() async throws {
        let store = try await ReminderStore.inMemory()
        let error = await thrownError(FormatError.self) {
            _ = try await importText(Self.lines([("a", "A"), ("b", "B"), ("c", "C"), ("b", "B again")]), into: store)
        }
        #expect(error?.description.contains(#"lines 2 and 4 have the same uid "b""#) == true, "\(String(describing: error))")
        #expect(try await store.int("SELECT count(*) FROM reminders") == 0)
    }

    /// Whatever became of the stored reminder the first line matched, the second line repeats it.
    @Test(arguments: ImportConflictPolicy.allCases, [false, true])
    func aRepeatedUIDOfAStoredReminderIsNamed(policy: ImportConflictPolicy, firstLineChanges: Bool) async throws {
        let store = try await seededStore(records: [
            ReminderRecord(uid: "kept", title: "Kept"), ReminderRecord(uid: "other", title: "Other"),
        ])
        let before = try await store.contentsSnapshot()
        let first = firstLineChanges ? "Changed" : "Kept"
        let error = await thrownError(FormatError.self) {
            _ = try await importText(
                Self.lines([("new", "New"), ("kept", first), ("other", "Other"), ("kept", "Kept twice")]),
                into: store, onConflict: policy)
        }
        #expect(error?.description.contains(#"lines 2 and 4 have the same uid "kept""#) == true, "\(String(describing: error))")
        #expect(try await store.contentsSnapshot() == before)
    }
}
