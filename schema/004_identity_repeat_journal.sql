-- Trove schema: permanent identity, repeating reminders, kept iCalendar properties, and the
-- undo journal.
--
-- uid: every reminder's permanent identity. Trove gives new reminders a UUID (version 7, so
-- they sort by creation and an import appends to the index); an imported reminder keeps the
-- uid (or iCalendar UID) its file gave it, which is what an import matches on. Never reused:
-- a UUID is random, and nothing hands a deleted reminder's uid to another.
-- ALTER TABLE cannot add a NOT NULL column without a constant default, so the rules are a
-- unique index and two triggers: a row inserted without one (by another tool) gets a random
-- UUID, and no update may clear it.
ALTER TABLE reminders ADD COLUMN uid TEXT;

-- The RRULE value (RFC 5545 §3.3.10, Trove's subset, normalised), or NULL: see RepeatRule.
ALTER TABLE reminders ADD COLUMN repeat_rule TEXT;

-- iCalendar content lines Trove does not model (VALARM, RELATED-TO, CLASS, X-…), unfolded and
-- joined by LF, written back by an iCalendar export. '' when there are none.
ALTER TABLE reminders ADD COLUMN icalendar TEXT NOT NULL DEFAULT '';

UPDATE reminders SET uid = lower(
    hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
    || substr('89ab', 1 + abs(random() % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)));

CREATE UNIQUE INDEX reminders_by_uid ON reminders(uid);

CREATE TRIGGER reminders_give_uid AFTER INSERT ON reminders WHEN new.uid IS NULL BEGIN
    UPDATE reminders SET uid = lower(
        hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
        || substr('89ab', 1 + abs(random() % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))
    WHERE id = new.id;
END;

CREATE TRIGGER reminders_keep_uid BEFORE UPDATE OF uid ON reminders WHEN new.uid IS NULL BEGIN
    SELECT RAISE(ABORT, 'a reminder''s uid cannot be cleared');
END;

-- Completed occurrences of repeating reminders: completing one records a row here and moves
-- the reminder's due date to the next occurrence. due is the occurrence's due date as
-- reminders.due_date spells it; completed_at is NULL when the time is unknown (an import).
CREATE TABLE reminder_completions (
    id           INTEGER PRIMARY KEY,
    reminder_id  INTEGER NOT NULL REFERENCES reminders(id) ON DELETE CASCADE,
    due          TEXT,
    completed_at TEXT
);

CREATE INDEX reminder_completions_by_reminder ON reminder_completions(reminder_id, id);

-- The undo journal: one row per command that changed anything, written in the same
-- transaction as the change, so a crash keeps both or neither. `undo` is JSON holding what
-- reverting needs (ids added, as ranges; the rows as they were before; lists and tags
-- created); see Sources/TroveStore/Journal. `trove undo` reverts the newest rows and deletes
-- them; only the newest 100 are kept.
CREATE TABLE journal (
    id      INTEGER PRIMARY KEY,
    at      TEXT    NOT NULL,
    command TEXT    NOT NULL,
    summary TEXT    NOT NULL,
    undo    TEXT    NOT NULL
);
