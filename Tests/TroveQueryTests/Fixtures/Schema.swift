import Foundation
import TroveQuery

// The reminders schema, declared the way the store will declare it.

struct List: SQLTable {
    static let tableName = "lists"
    struct Columns: TableColumns {
        let id = SQLColumn<Int64>("id")
        let name = SQLColumn<String>("name")
        let position = SQLColumn<Int>("position")
    }
    static let columns = Columns()
}

struct Reminder: SQLTable {
    static let tableName = "reminders"
    struct Columns: TableColumns {
        let id = SQLColumn<Int64>("id")
        let listID = SQLColumn<Int64>("list_id")
        let title = SQLColumn<String>("title")
        let notes = SQLColumn<String>("notes")
        let priority = SQLColumn<Int>("priority")
        let isFlagged = SQLColumn<Bool>("is_flagged")
        let isCompleted = SQLColumn<Bool>("is_completed")
        let completedAt = SQLColumn<Date?>("completed_at")
        let dueDate = SQLColumn<String?>("due_date")
        let createdAt = SQLColumn<Date>("created_at")
        let updatedAt = SQLColumn<Date>("updated_at")
    }
    static let columns = Columns()
}

struct Tag: SQLTable {
    static let tableName = "tags"
    struct Columns: TableColumns {
        let id = SQLColumn<Int64>("id")
        let name = SQLColumn<String>("name")
    }
    static let columns = Columns()
}

struct ReminderTag: SQLTable {
    static let tableName = "reminder_tags"
    struct Columns: TableColumns {
        let reminderID = SQLColumn<Int64>("reminder_id")
        let tagID = SQLColumn<Int64>("tag_id")
    }
    static let columns = Columns()
}

/// `CREATE VIRTUAL TABLE reminders_fts USING fts5(title, notes, tags)`, rowid = reminders.id.
struct ReminderSearch: FTS5Table {
    static let tableName = "reminders_fts"
    struct Columns: TableColumns {
        let title = SQLColumn<String>("title")
        let notes = SQLColumn<String>("notes")
        let tags = SQLColumn<String>("tags")
    }
    static let columns = Columns()
}

/// The DDL the fixtures describe, for execution tests.
enum FixtureSchema {
    static let ddl = """
        CREATE TABLE lists (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, position INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE reminders (
            id INTEGER PRIMARY KEY,
            list_id INTEGER NOT NULL REFERENCES lists(id),
            title TEXT NOT NULL,
            notes TEXT NOT NULL DEFAULT '',
            priority INTEGER NOT NULL DEFAULT 0,
            is_flagged INTEGER NOT NULL DEFAULT 0,
            is_completed INTEGER NOT NULL DEFAULT 0,
            completed_at TEXT,
            due_date TEXT,
            created_at TEXT NOT NULL DEFAULT '2026-01-01 00:00:00.000',
            updated_at TEXT NOT NULL DEFAULT '2026-01-01 00:00:00.000'
        );
        CREATE TABLE tags (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
        CREATE TABLE reminder_tags (
            reminder_id INTEGER NOT NULL REFERENCES reminders(id),
            tag_id INTEGER NOT NULL REFERENCES tags(id),
            PRIMARY KEY (reminder_id, tag_id)
        );
        CREATE VIRTUAL TABLE reminders_fts USING fts5(title, notes, tags);
        """
}
