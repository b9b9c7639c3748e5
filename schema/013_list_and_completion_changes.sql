-- Trove schema, version 13: a number that changes whenever a reminder moves to another list or
-- is completed or reopened, so that a long-lived searcher can tell whether what it keeps in
-- memory about each reminder (its list, completion and tags: `ReminderFactsCache` in
-- TroveSearch) still holds.
--
-- Everything else such a copy holds already changes the search index: adding, deleting or
-- renumbering a reminder and changing its tags (the `tags` text) write `reminders_fts`, and
-- FTS5 rewrites its structure record (`reminders_fts_data`, id 10) in every transaction that
-- does. A reminder's list and completion are not indexed, so this counter stands for them. It
-- counts in the writing transaction, so a reader sees it change exactly when it sees the
-- change; writes by other programs (the `sqlite3` shell) count too.
--
-- NB: one row, updated once per changed reminder; an UPDATE that leaves both columns as they
-- were counts nothing. An import only inserts, so it costs nothing here.

CREATE TABLE list_and_completion_changes (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    changes INTEGER NOT NULL
);

INSERT INTO list_and_completion_changes (id, changes) VALUES (1, 0);

CREATE TRIGGER list_and_completion_changes_count AFTER UPDATE OF list_id, is_completed ON reminders
WHEN old.list_id IS NOT new.list_id OR old.is_completed IS NOT new.is_completed
BEGIN
    UPDATE list_and_completion_changes SET changes = changes + 1 WHERE id = 1;
END;
