-- Trove schema, version 1: lists, reminders, tags, and the full-text index over them.
--
-- Applied by TroveStore's migrator inside one transaction, which then sets
-- PRAGMA user_version = 1. Dates are UTC text 'YYYY-MM-DD HH:MM:SS.SSS'; an all-day due date
-- is 'YYYY-MM-DD'. Both sort in time order as text.

CREATE TABLE lists (
    id       INTEGER PRIMARY KEY,
    name     TEXT    NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0),
    position INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE reminders (
    id           INTEGER PRIMARY KEY,
    list_id      INTEGER NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
    title        TEXT    NOT NULL CHECK (length(trim(title)) > 0),
    notes        TEXT    NOT NULL DEFAULT '',
    priority     INTEGER NOT NULL DEFAULT 0 CHECK (priority BETWEEN 0 AND 3),
    is_flagged   INTEGER NOT NULL DEFAULT 0 CHECK (is_flagged IN (0, 1)),
    is_completed INTEGER NOT NULL DEFAULT 0 CHECK (is_completed IN (0, 1)),
    completed_at TEXT,
    due_date     TEXT,
    created_at   TEXT    NOT NULL,
    updated_at   TEXT    NOT NULL,
    -- The reminder's tag names joined by ', ', in name order: what the index searches as
    -- "tags". Maintained only by the triggers below; never written by hand except by the
    -- importer, which writes the same text so that linking the tags re-indexes nothing.
    tags         TEXT    NOT NULL DEFAULT ''
);

CREATE INDEX reminders_by_list ON reminders(list_id);
CREATE INDEX reminders_by_due ON reminders(is_completed, due_date);

CREATE TABLE tags (
    -- NB: names hold no comma: ', ' separates them in reminders.tags, and the CSV format
    -- lists tags comma-separated.
    id   INTEGER PRIMARY KEY,
    name TEXT    NOT NULL UNIQUE COLLATE NOCASE
         CHECK (length(trim(name)) > 0 AND instr(name, ',') = 0)
);

CREATE TABLE reminder_tags (
    reminder_id INTEGER NOT NULL REFERENCES reminders(id) ON DELETE CASCADE,
    tag_id      INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
    PRIMARY KEY (reminder_id, tag_id)
) WITHOUT ROWID;

CREATE INDEX reminder_tags_by_tag ON reminder_tags(tag_id, reminder_id);

-- The text reminders.tags should hold for each reminder that has tags.
CREATE VIEW reminder_tag_text (reminder_id, text) AS
SELECT reminder_id, group_concat(name, ', ')
FROM (
    SELECT rt.reminder_id, t.name
    FROM reminder_tags AS rt JOIN tags AS t ON t.id = rt.tag_id
    ORDER BY rt.reminder_id, t.name COLLATE NOCASE
)
GROUP BY reminder_id;

-- The full-text index.
--
-- External content (content='reminders'), not contentless: the text already lives in
-- `reminders`, so the index stores only tokens (no second copy of every note), and
-- highlight() and snippet() can read the original text back. The price of external content
-- is that removing a row from the index needs the exact values that were indexed. Every
-- such removal below happens in a trigger on `reminders` itself, where SQLite hands over
-- those exact values as OLD.*, so the index cannot drift from the table.
--
-- unicode61 with remove_diacritics 2 folds case and accents (cafe finds Café) and has no
-- stemmer, so matching stays predictable: walk finds walking only as a typed prefix (walk*).
CREATE VIRTUAL TABLE reminders_fts USING fts5(
    title, notes, tags,
    content = 'reminders',
    content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2'
);

-- bm25 weights in column order, stored with the index so that ORDER BY rank uses them:
-- a match in the title counts 10×, in the tags 5×, in the notes 1×.
INSERT INTO reminders_fts (reminders_fts, rank) VALUES ('rank', 'bm25(10.0, 1.0, 5.0)');

-- Index maintenance.

-- NB: INSERT OR REPLACE deletes the old row without firing delete triggers (unless the
-- connection set recursive_triggers), which would leave the old row's tokens in the index
-- for ever. Refuse it here, before conflict resolution runs, so no tool can do that.
CREATE TRIGGER reminders_refuse_replace BEFORE INSERT ON reminders
WHEN new.id IS NOT NULL AND EXISTS (SELECT 1 FROM reminders WHERE id = new.id)
BEGIN
    SELECT RAISE(ABORT, 'reminder id already exists: update the reminder instead of replacing it');
END;

CREATE TRIGGER reminders_index_insert AFTER INSERT ON reminders BEGIN
    INSERT INTO reminders_fts (rowid, title, notes, tags)
    VALUES (new.id, new.title, new.notes, new.tags);
END;

CREATE TRIGGER reminders_index_delete AFTER DELETE ON reminders BEGIN
    INSERT INTO reminders_fts (reminders_fts, rowid, title, notes, tags)
    VALUES ('delete', old.id, old.title, old.notes, old.tags);
END;

-- Only a change to an indexed field re-indexes: completing or flagging a reminder does not.
CREATE TRIGGER reminders_index_update AFTER UPDATE OF id, title, notes, tags ON reminders
WHEN old.id IS NOT new.id OR old.title IS NOT new.title
  OR old.notes IS NOT new.notes OR old.tags IS NOT new.tags
BEGIN
    INSERT INTO reminders_fts (reminders_fts, rowid, title, notes, tags)
    VALUES ('delete', old.id, old.title, old.notes, old.tags);
    INSERT INTO reminders_fts (rowid, title, notes, tags)
    VALUES (new.id, new.title, new.notes, new.tags);
END;

-- Tag links and renames rewrite reminders.tags, which re-indexes through the update trigger.
-- A link whose name is already in the text (the importer writes it up front) changes nothing.
CREATE TRIGGER reminder_tags_link AFTER INSERT ON reminder_tags
WHEN instr(', ' || (SELECT tags FROM reminders WHERE id = new.reminder_id) || ', ',
           ', ' || (SELECT name FROM tags WHERE id = new.tag_id) || ', ') = 0
BEGIN
    UPDATE reminders
    SET tags = ifnull((SELECT text FROM reminder_tag_text WHERE reminder_id = new.reminder_id), '')
    WHERE id = new.reminder_id;
END;

CREATE TRIGGER reminder_tags_unlink AFTER DELETE ON reminder_tags BEGIN
    UPDATE reminders
    SET tags = ifnull((SELECT text FROM reminder_tag_text WHERE reminder_id = old.reminder_id), '')
    WHERE id = old.reminder_id;
END;

CREATE TRIGGER reminder_tags_relink AFTER UPDATE ON reminder_tags BEGIN
    UPDATE reminders
    SET tags = ifnull((SELECT text FROM reminder_tag_text WHERE reminder_id = reminders.id), '')
    WHERE id IN (old.reminder_id, new.reminder_id);
END;

CREATE TRIGGER tags_rename AFTER UPDATE OF name ON tags WHEN old.name IS NOT new.name BEGIN
    UPDATE reminders
    SET tags = ifnull((SELECT text FROM reminder_tag_text WHERE reminder_id = reminders.id), '')
    WHERE id IN (SELECT reminder_id FROM reminder_tags WHERE tag_id = new.id);
END;
