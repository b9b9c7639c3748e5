-- Trove schema, version 14: version 13's count of list and completion changes also counts
-- changes to a reminder's flag and priority, so that the copy a long-lived searcher keeps in
-- memory (`ReminderFactsCache` in TroveSearch) may hold them too and answer `is:flagged`,
-- `-is:flagged` and `p:high` beside `list:` and `tag:` without reading `reminders`.
--
-- As in version 13: neither column is indexed text, so no write to `reminders_fts` tells a
-- reader that they changed; this count does, in the writing transaction. The table keeps its
-- name (it is read by name, and renaming it would gain nothing but churn); only the trigger
-- changes. An UPDATE that leaves all four columns as they were counts nothing.

DROP TRIGGER list_and_completion_changes_count;

CREATE TRIGGER list_and_completion_changes_count
AFTER UPDATE OF list_id, is_completed, is_flagged, priority ON reminders
WHEN old.list_id IS NOT new.list_id OR old.is_completed IS NOT new.is_completed
    OR old.is_flagged IS NOT new.is_flagged OR old.priority IS NOT new.priority
BEGIN
    UPDATE list_and_completion_changes SET changes = changes + 1 WHERE id = 1;
END;
