public import Foundation

/// What went wrong in the reminders store, said so that an app's developer knows what to do next.
///
/// ``description`` speaks in the library's terms (call ``ReminderStore/rebuildIndex()``,
/// ``ReminderStore/exportSalvaging(to:includeCompleted:)``); the `trove` command presents the
/// same cases with its own advice (`trove rebuild`, `--db`). Match cases, never the text:
///
/// ```swift
/// do { try await store.undo() } catch StoreError.nothingToUndo { … }
/// ```
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    case foreignDatabase(path: String)
    case newerSchema(path: String, version: Int, supported: Int)
    case needsMigration(path: String)
    case emptyTitle
    case invalidName(kind: String, name: String)
    case invalidTagName(String)
    /// A title, list or tag name that starts with U+0000 (after any spaces), which the schema's
    /// CHECKs refuse as SQLite's `length()` stops at a NUL; `field` is `title`, `list` or `tags`.
    case nulCharacter(field: String)
    case reminderNotFound(id: Int64)
    case listNotFound(name: String)
    case listNotEmpty(name: String, count: Int)
    case tagNotFound(name: String)
    /// A reminder would have more than ``ReminderRecord/maxTags`` tags.
    case tooManyTags(count: Int, limit: Int)
    /// A date outside ``ValidDates`` (years 1 to 9999); `field` is `due`, `completedAt` or `createdAt`.
    case dateOutOfRange(field: String)
    /// Objects of the search index (its FTS5 table, triggers, views or indexes) are missing
    /// from the database, dropped by hand or by another tool: writes and searches would fail
    /// or let the index drift, so they are refused until ``ReminderStore/rebuildIndex()``.
    case indexMissing(objects: [String])
    /// Tables of data differ from this Trove's schema; ``ReminderStore/rebuildIndex()`` cannot recreate them.
    case schemaDamaged(problems: [String])
    /// A damaged database gave fewer reminders than it holds, so an export would be incomplete.
    case unreadableRows(written: Int, stored: Int)
    /// Compacting needs more free disk than there is.
    case notEnoughSpace(path: String, needed: Int, available: Int)
    case reminderUIDNotFound(uid: String)
    case nothingToUndo
    case repeatNeedsDue
    case notEnoughToUndo(requested: Int, available: Int)
    /// `undo(entry:)`: another command wrote after that entry, so undoing it now would revert
    /// a change underneath someone else's; `newest` is what came after.
    case undoSuperseded(entry: Int64, newest: JournalEntry)
    /// `undo(entry:)`: the entry is no longer in the journal (undone already, or pruned).
    case journalEntryGone(entry: Int64)
    /// `undo(count:)`: `entry`, the `position`th newest (1 for the newest), was written by
    /// another terminal session than the store's (``ReminderStore/session``), or by one unknown
    /// (an entry older than schema 16); nothing was undone.
    case undoFromAnotherSession(entry: JournalEntry, position: Int)
    /// `undo(entry:ifNotNewest: .revertIfIndependent)`: `later` changed some of the reminders
    /// (or the lists and tags) that `entry` changed, so reverting `entry` would undo part of it.
    case undoConflicts(entry: JournalEntry, later: JournalEntry)

    /// One sentence naming the problem and what an app can do about it, in library terms.
    public var description: String {
        switch self {
        case .foreignDatabase(let path):
            "\(path) is a SQLite database, but not one of Trove's; Trove left it untouched. Open another path."
        case .newerSchema(let path, let version, let supported):
            "\(path) was made by a newer Trove (schema \(version); this Trove knows up to \(supported)). Upgrade Trove to open it."
        case .needsMigration(let path):
            "\(path) was made by an older Trove and must be upgraded, which needs write access. Open it once for writing, or check its permissions."
        case .emptyTitle:
            "A reminder needs a title; give a non-empty one."
        case .invalidName(let kind, let name):
            "\"\(name)\" is not a valid \(kind) name; use a non-empty name."
        case .invalidTagName(let name):
            "\"\(name)\" is not a valid tag name; tags are non-empty and hold no commas."
        case .nulCharacter(let field):
            "The \(field == "tags" ? "tag name" : field == "list" ? "list name" : field) starts with a NUL character (U+0000), which Trove cannot store; remove it."
        case .reminderNotFound(let id):
            "There is no reminder \(id); it may have been deleted. Search the store for the ids it holds."
        case .listNotFound(let name):
            "There is no list named \"\(name)\"; `lists()` returns the lists there are."
        case .listNotEmpty(let name, let count):
            "The list \"\(name)\" still holds \(count) reminder\(count == 1 ? "" : "s"); move or delete \(count == 1 ? "it" : "them") first."
        case .indexMissing(let objects):
            "The database's search index is incomplete (missing: \(objects.joined(separator: ", "))); call `rebuildIndex()` to recreate it from the reminders."
        case .schemaDamaged(let problems):
            "The database's own tables are damaged (\(problems.joined(separator: "; "))); `rebuildIndex()` cannot repair them. Save what can be read with `exportSalvaging(to:)`, then restore a backup or import what was saved into a new database."
        case .unreadableRows(let written, let stored):
            "Only \(written) of the \(stored) reminders could be read: the database is damaged, so the export is incomplete. Export with `exportSalvaging(to:)` to save every readable reminder and name the rest."
        case .notEnoughSpace(let path, let needed, let available):
            "Compacting needs about \(Self.megabytes(needed)) free on the disk holding \(path), which has \(Self.megabytes(available)); free some space and call `optimize()` again. Nothing was changed."
        case .tagNotFound(let name):
            "There is no tag named \"\(name)\"; `tags()` returns the tags there are."
        case .tooManyTags(let count, let limit):
            "A reminder can have at most \(GroupedNumber.text(limit)) tags, and this one would have \(GroupedNumber.text(count)); keep the ones you search by (its notes are searched too) or split it into several reminders."
        case .dateOutOfRange(let field):
            "The \(field) date is outside the dates Trove keeps (\(ValidDates.description)); give one in that range."
        case .reminderUIDNotFound(let uid):
            "There is no reminder with the uid \(uid); a reminder's `uid` is in its JSON and in every export."
        case .repeatNeedsDue:
            "A repeating reminder needs a due date to repeat from; set its `due`."
        case .nothingToUndo:
            "There is nothing to undo: the journal is empty. `log()` lists what can be undone."
        case .notEnoughToUndo(let requested, let available):
            "Cannot undo \(requested) commands: the journal holds only \(available); nothing was undone. Call `undo(count: \(available))` to undo them all."
        case .undoSuperseded(_, let newest):
            "Not undone: another command changed the database since (\(newest.command): \(newest.summary)); `log()` lists the changes, `undo(count:)` reverts them newest first."
        case .journalEntryGone:
            "Not undone: that change is no longer in the journal (it was undone already); `log()` lists what can be undone."
        case .undoFromAnotherSession(let entry, let position):
            "Not undone: \(Self.describe(entry, position: position)) came from \(Self.describeSession(entry.session)), not this store's; "
                + "call `undo(entry: \(entry.id))` to undo it anyway, or `log()` to see the entries."
        case .undoConflicts(let entry, let later):
            "Not undone: entry \(later.id) (\(later.command): \(later.summary)) changed the same reminders after entry \(entry.id); "
                + "undo entry \(later.id) first (`undo(entry: \(later.id), ifNotNewest: .revertIfIndependent)`)."
        }
    }

    /// `the newest change, entry 12 (done: completed 3 "Milk"),` or, further down,
    /// `entry 11 (…), the 2nd newest change,`: how a refused undo names its entry.
    package static func describe(_ entry: JournalEntry, position: Int) -> String {
        let named = "entry \(entry.id) (\(entry.command): \(entry.summary))"
        return position == 1 ? "the newest change, \(named)," : "\(named), the \(ordinal(position)) newest change,"
    }

    /// `another terminal session (4711)`, or the unknown one of an entry older than schema 16.
    package static func describeSession(_ session: Int64?) -> String {
        session.map { "another terminal session (\($0))" }
            ?? "an unknown terminal session (it was recorded before Trove noted sessions)"
    }

    private static func ordinal(_ number: Int) -> String {
        let suffix = (11...13).contains(number % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return "\(number)\(suffix)"
    }

    /// A byte count as the messages say it, in megabytes with one decimal: `12.3 MB`.
    public static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}

extension StoreError: LocalizedError {
    /// ``description``, as `localizedDescription` (what an app's alert shows) gives it.
    public var errorDescription: String? { description }
}
