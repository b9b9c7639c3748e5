// One import for apps that embed Trove's search: `import Trove` brings the query builder, the
// SQLite layer and the search library (`SearchIndex`, `SearchProvider`). The reminders domain
// (`ReminderStore`, `Reminder`, `Priority`, the formats) is its own import, `import TroveStore`,
// so that an app's own `Priority` or `JSONValue` never meets Trove's (issue 21, item 2).
@_exported public import TroveQuery
@_exported public import TroveSQLite
@_exported public import TroveSearch
