import TroveStore

// NB: the library's messages speak to an app's developer (`rebuildIndex()`, `log()`); these are
// the same problems as `trove` presents them, naming the command or option to use instead.
extension StoreError {
    /// What `trove` prints for this error: the library's problem with `trove …` advice; the
    /// library's own ``description`` for cases whose advice names no call.
    var cliDescription: String {
        switch self {
        case .reminderNotFound(let id):
            "There is no reminder \(id); `trove search` shows the ids."
        case .listNotFound(let name):
            "There is no list named \"\(name)\"; `trove lists` shows them."
        case .indexMissing(let objects):
            "The database's search index is incomplete (missing: \(objects.joined(separator: ", "))); run `trove rebuild` to recreate it from the reminders."
        case .schemaDamaged(let problems):
            "The database's own tables are damaged (\(problems.joined(separator: "; "))); `trove rebuild` cannot repair them. Save what can be read with `trove export --salvage -o rescue.jsonl`, then restore a backup or import rescue.jsonl into a new database."
        case .unreadableRows(let written, let stored):
            "Only \(written) of the \(stored) reminders could be read: the database is damaged, so the export is incomplete and was not saved. Run `trove export --salvage -o rescue.jsonl` to save every readable reminder and name the rest."
        case .notEnoughSpace(let path, let needed, let available):
            "Compacting needs about \(StoreError.megabytes(needed)) free on the disk holding \(path), which has \(StoreError.megabytes(available)); free some space and run `trove optimize` again. Nothing was changed."
        case .tagNotFound(let name):
            "There is no tag named \"\(name)\"; `trove tags` shows them."
        case .reminderUIDNotFound(let uid):
            "There is no reminder with the uid \(uid); `trove search --format json` and `trove export` show the uids."
        case .repeatNeedsDue:
            "A repeating reminder needs a due date to repeat from; give one with --due."
        case .nothingToUndo:
            "There is nothing to undo: the journal is empty. `trove log` lists what can be undone."
        case .notEnoughToUndo(let requested, let available):
            "Cannot undo \(requested) commands: the journal holds only \(available); nothing was undone. Run `trove undo \(available)` to undo them all."
        case .undoSuperseded(_, let newest):
            "Not undone: another command changed the database since (\(newest.command): \(newest.summary)); `trove log` lists the changes, `trove undo` reverts them newest first."
        case .journalEntryGone(let entry):
            "Not undone: entry \(entry) is no longer in the journal (it was undone already, or is older than the newest \(journalLimit)); `trove log` lists what can be undone."
        case .undoFromAnotherSession(let entry, let position):
            "Not undone: \(StoreError.describe(entry, position: position)) came from \(StoreError.describeSession(entry.session)); "
                + "run `trove undo --entry \(entry.id)` to undo it anyway, or `trove log` to see the entries."
        case .undoConflicts(let entry, let later):
            "Not undone: entry \(later.id) (\(later.command): \(later.summary)) changed the same reminders after entry \(entry.id); "
                + "undo entry \(later.id) first (`trove undo --entry \(later.id)`)."
        case .foreignDatabase(let path):
            "\(path) is a SQLite database, but not one of Trove's; Trove left it untouched. Pass another path with --db."
        case .needsMigration(let path):
            "\(path) was made by an older Trove and must be upgraded, which needs write access: make the file writable by you and run any trove command on it once."
        case .newerSchema, .emptyTitle, .invalidName, .invalidTagName, .nulCharacter, .listNotEmpty, .tooManyTags, .dateOutOfRange:
            description
        }
    }
}

extension CheckReport {
    /// What `trove check` prints after its problems: the library's ``advice`` as commands.
    var cliAdvice: String? {
        if isFileDamaged {
            return "The database file itself is damaged, which `trove rebuild` cannot repair. Copy it aside, save every "
                + "reminder that can still be read with `trove export --salvage -o rescue.jsonl`, then restore a backup "
                + "or import rescue.jsonl into a new database (`trove import rescue.jsonl --db new.db`)."
        }
        if !isOK {
            return "Run `trove rebuild` to recreate the search index from the reminders; your reminders themselves are intact."
        }
        return nil
    }

    /// ``messages`` as `trove check` prints them: the repair named as `trove rebuild`, and the
    /// unchecked index explained by the file being read-only (trove has no --read-only option).
    var cliMessages: [String] {
        messages.map { message in
            if message == CheckReport.indexNotCheckedMessage {
                return "search index: not checked, as the database file is read-only to you. Make it writable by you and run `trove check` again to include it."
            }
            // NB: the library builds each data problem's advice from these two constants, so
            // this names the same repair in the CLI's terms; it classifies nothing.
            return message
                .replacing(CheckReport.rebuildCall, with: "run `trove rebuild`")
                .replacing(CheckReport.rebuildName, with: "`trove rebuild`")
        }
    }
}
