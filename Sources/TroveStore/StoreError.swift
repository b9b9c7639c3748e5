/// What went wrong in the reminders store, said so that a person knows what to do next.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    case foreignDatabase(path: String)
    case newerSchema(path: String, version: Int, supported: Int)
    case needsMigration(path: String)
    case emptyTitle
    case invalidName(kind: String, name: String)
    case invalidTagName(String)
    case reminderNotFound(id: Int64)
    case listNotFound(name: String)
    case listNotEmpty(name: String, count: Int)
    case tagNotFound(name: String)
    case reminderUIDNotFound(uid: String)
    case nothingToUndo
    case repeatNeedsDue
    case notEnoughToUndo(requested: Int, available: Int)
    /// This build's embedded schema has no index definition: a broken build, not a user error.
    case indexDefinitionMissing

    public var description: String {
        switch self {
        case .foreignDatabase(let path):
            "\(path) is a SQLite database, but not one of Trove's; Trove left it untouched. Pass another path with --db."
        case .newerSchema(let path, let version, let supported):
            "\(path) was made by a newer Trove (schema \(version); this Trove knows up to \(supported)). Upgrade Trove to open it."
        case .needsMigration(let path):
            "\(path) was made by an older Trove and must be upgraded, which needs write access. Open it once without --read-only, or check its permissions."
        case .emptyTitle:
            "A reminder needs a title; give a non-empty one."
        case .invalidName(let kind, let name):
            "\"\(name)\" is not a valid \(kind) name; use a non-empty name."
        case .invalidTagName(let name):
            "\"\(name)\" is not a valid tag name; tags are non-empty and hold no commas."
        case .reminderNotFound(let id):
            "There is no reminder \(id); `trove search` shows the ids."
        case .listNotFound(let name):
            "There is no list named \"\(name)\"; `trove lists` shows them."
        case .listNotEmpty(let name, let count):
            "The list \"\(name)\" still holds \(count) reminders; move or delete them first."
        case .indexDefinitionMissing:
            "This build of Trove has no search index definition in its schema; reinstall Trove."
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
        }
    }
}
